import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/test-app'
import { auditLog } from '../audit/audit.table.server'
import { accounts, sessions, twoFactors, users } from '../auth/auth.table.server'
import { lawyerLanguages } from '../profiles/lawyer-collections.table.server'
import { call, join, person, type Person } from './privacy.fixtures'
import type { PersonalDataExport } from './privacy.export.server'

// LGPD art. 18, II and V: "Baixar meus dados" — everything about the user, nothing of anyone else, and
// never a secret (password hash, session token, TOTP seed, backup codes).

let t: TestApp
let ana: Person
let bruno: Person
const TOTP_SECRET = 'TOTPSEGREDOQUENUNCASAI234567ABCD'
const BACKUP_CODES = 'codigo-backup-secreto-1,codigo-backup-secreto-2'

beforeAll(async () => {
  t = await createTestApp()
  ana = await person(t, 'Ana Titular')
  bruno = await person(t, 'Bruno Colega')
  // Ana also works in Bruno's office, with a time entry there.
  await join(t, bruno.officeId!, ana, 'associado')
  const legalCase = await call(t, 'POST', '/api/cases', ana.cookie, {
    titulo: 'Caso da Ana',
    areaJuridica: 'Civil',
  })
  expect(legalCase.status).toBe(201)
  const caseId = ((await legalCase.json()) as { id: string }).id
  expect(
    (
      await call(t, 'POST', '/api/timesheet', ana.cookie, {
        caseId,
        data: '2026-11-10',
        minutos: 45,
        descricao: 'Reunião',
      })
    ).status,
  ).toBe(201)
  const { updatedAt: _updatedAt, ...settings } = (await (
    await call(t, 'GET', '/api/settings', ana.cookie)
  ).json()) as Record<string, unknown>
  const saved = await call(t, 'PUT', '/api/settings', ana.cookie, {
    ...settings,
    displayName: 'Dra. Ana',
    bio: 'Civilista',
  })
  expect(saved.status).toBe(200)
  expect(
    (await call(t, 'POST', '/api/profile/languages', ana.cookie, { idioma: 'Inglês', nivel: 'fluente' }))
      .status,
  ).toBe(201)
  // 2FA on, with a seed and backup codes that must never leave.
  await t.handle.db
    .insert(twoFactors)
    .values({ id: 'tf-ana', userId: ana.userId, secret: TOTP_SECRET, backupCodes: BACKUP_CODES })
  await t.handle.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, ana.userId))
})
afterAll(() => t.close())

async function download(cookie: string) {
  const response = await call(t, 'GET', '/api/privacy/export', cookie)
  expect(response.status).toBe(200)
  return { response, text: await response.text() }
}

describe('GET /api/privacy/export', () => {
  it('answers 401 without a session', async () => {
    expect((await call(t, 'GET', '/api/privacy/export')).status).toBe(401)
  })

  it("downloads the user's data as a JSON attachment", async () => {
    const { response, text } = await download(ana.cookie)
    expect(response.headers.get('content-type')).toContain('application/json')
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="meus-dados-jusconecta-\d{4}-\d{2}-\d{2}\.json"/,
    )
    expect(response.headers.get('cache-control')).toBe('no-store')
    const data = JSON.parse(text) as PersonalDataExport
    expect(data.user?.email).toBe(ana.email)
    expect(data.twoFactorEnabled).toBe(true)
    expect(data.profile?.nomeCompleto).toBe('Ana Titular')
    expect(data.settings).toMatchObject({ displayName: 'Dra. Ana', bio: 'Civilista' })
    expect(data.lawyerCollections.languages).toHaveLength(1)
    expect(data.sessions.length).toBeGreaterThan(0)
    expect(data.accounts).toEqual([expect.objectContaining({ providerId: 'credential' })])
    expect(data.memberships.map((m) => m.officeNome).sort()).toEqual([
      'Escritório Ana Titular',
      'Escritório Bruno Colega',
    ])
    expect(data.timeEntries).toEqual([
      expect.objectContaining({ minutos: 45, descricao: 'Reunião', caseTitulo: 'Caso da Ana' }),
    ])
    expect(data.notifications.length).toBeGreaterThan(0)
    expect(data.auditAsActor.map((row) => row.action)).toContain('case.create')
    expect(data.accountDeletion).toBeNull()
  })

  it('contains no secret: password hash, session tokens, TOTP seed, backup codes', async () => {
    const { text } = await download(ana.cookie)
    const [credential] = await t.handle.db
      .select({ hash: accounts.password })
      .from(accounts)
      .where(eq(accounts.userId, ana.userId))
    expect(credential?.hash).toBeTruthy()
    expect(text).not.toContain(credential!.hash!)
    const tokens = await t.handle.db
      .select({ token: sessions.token })
      .from(sessions)
      .where(eq(sessions.userId, ana.userId))
    expect(tokens.length).toBeGreaterThan(0)
    for (const { token } of tokens) expect(text).not.toContain(token)
    expect(text).not.toContain(TOTP_SECRET)
    expect(text).not.toContain('codigo-backup-secreto')
    // No key of a secret column at all (the sign-in method may be the word "password").
    expect(text).not.toMatch(
      /"(password|token|secret|backupCodes|tokenHash|accessToken|refreshToken|idToken)"\s*:/,
    )
  })

  it("contains none of another user's data", async () => {
    const { text } = await download(ana.cookie)
    expect(text).not.toContain(bruno.email)
    expect(text).not.toContain(bruno.userId)
    const languages = await t.handle.db.select().from(lawyerLanguages)
    expect(languages.every((row) => row.userId === ana.userId)).toBe(true)
  })

  it('is audited as the user', async () => {
    const rows = await t.handle.db.select().from(auditLog).where(eq(auditLog.action, 'account.export'))
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.every((row) => row.actorUserId === ana.userId && row.officeId === null)).toBe(true)
  })

  it('is rate-limited per user (429 in pt-BR past 10 an hour)', async () => {
    let last: Response | undefined
    for (let i = 0; i < 10; i++) {
      last = await call(t, 'GET', '/api/privacy/export', ana.cookie)
      if (last.status === 429) break
    }
    expect(last?.status).toBe(429)
    expect(await last!.json()).toMatchObject({ error: { code: 'rate_limited' } })
    // Bruno's budget is his own.
    expect((await call(t, 'GET', '/api/privacy/export', bruno.cookie)).status).toBe(200)
  })
})
