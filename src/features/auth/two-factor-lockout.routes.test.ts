// Issue 14 (decision 020, amended): a wrong two-factor code at sign-in counts toward the account's lockout
// exactly as a wrong password does — same counter, same 15-minute lock, same platform events.
import { and, asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppDeps } from '../../platform/app-env.server'
import { createTestApp, type TestApp } from '../../test/test-app'
import { cookieFrom, jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { platformEvents } from '../platform-logs/platform-logs.table.server'
import { platformSettings } from '../platform-settings/platform-settings.table.server'
// Settings owns 2FA enrolment; its RFC 6238 helper computes the code an authenticator app would show.
import { totpFromUri } from '../settings/totp.testing'
import { users } from './auth.table.server'
import { loginLockouts } from './login-lockouts.table.server'

let t: TestApp & { deps: AppDeps }
const ATTEMPTS = 3

// Every request from its own address: the per-address sign-in rate limit must not be what stops us.
let nextIp = 1
const from = () => ({ incoming: { socket: { remoteAddress: `10.9.0.${nextIp++}` } } })
const post = (path: string, body: unknown, cookie?: string) =>
  t.app.request(path, jsonRequest('POST', body, cookie), from())

interface TwoFactorAccount {
  id: string
  email: string
  password: string
  totpURI: string
  backupCodes: string[]
}

async function twoFactorAccount(nomeCompleto: string): Promise<TwoFactorAccount> {
  const data = lawyerSignUp({ nomeCompleto })
  const { cookie } = await signUp(t, data)
  const enable = await post('/api/auth/two-factor/enable', { password: data.password }, cookie)
  const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] }
  expect(
    (await post('/api/auth/two-factor/verify-totp', { code: totpFromUri(totpURI) }, cookie)).status,
  ).toBe(200)
  const [row] = await t.handle.db.select({ id: users.id }).from(users).where(eq(users.email, data.email))
  return { id: row!.id, email: data.email, password: data.password, totpURI, backupCodes }
}

/** Password step: answers the challenge cookie the second step needs. */
async function challenge(account: TwoFactorAccount): Promise<string> {
  const response = await post('/api/auth/sign-in/email', { email: account.email, password: account.password })
  expect(response.status).toBe(200)
  expect(await response.json()).toMatchObject({ twoFactorRedirect: true })
  return cookieFrom(response)
}

const wrongTotp = (cookie: string) => post('/api/auth/two-factor/verify-totp', { code: '000000' }, cookie)
const wrongBackup = (cookie: string) =>
  post('/api/auth/two-factor/verify-backup-code', { code: 'AAAAA-BBBBB' }, cookie)
const rightTotp = (account: TwoFactorAccount, cookie: string) =>
  post('/api/auth/two-factor/verify-totp', { code: totpFromUri(account.totpURI) }, cookie)

const eventsOf = (userId: string) =>
  t.handle.db
    .select({ kind: platformEvents.kind, ip: platformEvents.ip, details: platformEvents.details })
    .from(platformEvents)
    .where(
      and(
        eq(platformEvents.targetUserId, userId),
        sql`${platformEvents.kind} in ('login_falhou', 'bloqueio_conta')`,
      ),
    )
    .orderBy(asc(platformEvents.id))

/** Moves the clock past the lock: it ended a second ago. */
const expireLocks = () =>
  t.handle.db
    .update(loginLockouts)
    .set({ lockedUntil: sql`now() - interval '1 second'` })
    .where(sql`${loginLockouts.lockedUntil} > now()`)

const LOCK_MESSAGE =
  /^Conta bloqueada temporariamente após 3 tentativas de login sem sucesso\. Tente novamente às \d\d:\d\d \(15 minutos\)\.$/

beforeAll(async () => {
  t = await createTestApp()
  // The configured number (/admin/settings → Segurança), not a constant, decides.
  await t.handle.db.update(platformSettings).set({ loginAttempts: ATTEMPTS })
  await t.deps.sessionCache.changes.sync()
}, 60_000)
afterAll(() => t.close())

describe('wrong two-factor codes count toward the lockout', () => {
  it('locks after the configured wrong codes (TOTP and backup alike); the right code is refused then; released after 15 minutes', async () => {
    const account = await twoFactorAccount('Teodoro Dois Fatores')
    const cookie = await challenge(account)
    const first = await wrongTotp(cookie)
    expect(first.status).toBe(401)
    expect((await first.json()).error.code).toBe('INVALID_CODE')
    expect((await wrongBackup(cookie)).status).toBe(401)
    const third = await wrongTotp(cookie)
    expect(third.status).toBe(423)
    const body = await third.json()
    expect(body.error.code).toBe('ACCOUNT_LOCKED')
    expect(body.error.message).toMatch(LOCK_MESSAGE)

    // Locked: the right code with the same challenge, and the right password, are both refused.
    const right = await rightTotp(account, cookie)
    expect(right.status).toBe(423)
    expect((await right.json()).error.message).toBe(body.error.message)
    expect(
      (await post('/api/auth/sign-in/email', { email: account.email, password: account.password })).status,
    ).toBe(423)

    // Recorded as platform events: ids, the address and codes only (no e-mail, no code typed).
    const events = await eventsOf(account.id)
    expect(events.map((e) => [e.kind, e.details])).toEqual([
      ['login_falhou', { reason: 'codigo_invalido', step: 'dois_fatores' }],
      ['login_falhou', { reason: 'codigo_invalido', step: 'dois_fatores' }],
      ['login_falhou', { reason: 'codigo_invalido', step: 'dois_fatores' }],
      ['bloqueio_conta', { attempts: ATTEMPTS, minutes: 15, step: 'dois_fatores' }],
      ['login_falhou', { reason: 'conta_bloqueada', step: 'dois_fatores' }],
      ['login_falhou', { reason: 'conta_bloqueada' }],
    ])
    expect(events.every((e) => e.ip?.startsWith('10.9.0.'))).toBe(true)
    expect(JSON.stringify(events)).not.toContain(account.email)
    const [lock] = await t.handle.db
      .select()
      .from(loginLockouts)
      .where(sql`${loginLockouts.lockedUntil} > now()`)
    const minutes = ((lock?.lockedUntil?.getTime() ?? 0) - Date.now()) / 60_000
    expect(minutes).toBeGreaterThan(14)
    expect(minutes).toBeLessThanOrEqual(15)

    // 15 minutes later: password + right code sign in, and the count is gone.
    await expireLocks()
    const fresh = await challenge(account)
    expect((await rightTotp(account, fresh)).status).toBe(200)
    expect(await t.handle.db.select().from(loginLockouts)).toEqual([])
  })

  it('shares one counter with wrong passwords, and a correct password alone does not reset it', async () => {
    const account = await twoFactorAccount('Paula Senha e Código')
    const wrongPassword = await post('/api/auth/sign-in/email', {
      email: account.email,
      password: 'errada-1',
    })
    expect(wrongPassword.status).toBe(401)
    // The right password only opens the second step: the failures before it still count.
    const cookie = await challenge(account)
    expect((await wrongTotp(cookie)).status).toBe(401)
    expect((await wrongBackup(cookie)).status).toBe(423)
    await expireLocks()
  })

  it('a wrong code typed while signed in (turning 2FA on) is not a sign-in attempt', async () => {
    const data = lawyerSignUp({ nomeCompleto: 'Olga Ativando' })
    const { cookie } = await signUp(t, data)
    await post('/api/auth/two-factor/enable', { password: data.password }, cookie)
    const before = await t.handle.db.select().from(loginLockouts)
    for (let i = 0; i < ATTEMPTS + 1; i++)
      expect((await post('/api/auth/two-factor/verify-totp', { code: '000000' }, cookie)).status).toBe(401)
    expect(await t.handle.db.select().from(loginLockouts)).toEqual(before)
  })
})
