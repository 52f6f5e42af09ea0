// /api/platform-settings (issue 14): the 401/403/200 matrix, saving, validation and the SMTP password.
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/test-app'
import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { becomeMaster } from '../../test/master'
import { userRoles } from '../auth/user-roles.table.server'
import type { PlatformSettingsDto, PlatformStatusCards, SmtpTestResult } from './platform-settings.schema'
import { platformSettings } from './platform-settings.table.server'
import { settingsBody } from './platform-settings.fixtures'

const MASTER = 'master-settings@example.com'
let t: TestApp & { deps: Awaited<ReturnType<typeof createTestApp>>['deps'] }
let master: { cookie: string; id: string }
let plain: { cookie: string; id: string }
let admin: { cookie: string; id: string }

const get = (path: string, cookie?: string) => t.app.request(path, { headers: cookie ? { cookie } : {} })

async function account(data = lawyerSignUp()) {
  const { cookie } = await signUp(t, data)
  const me = await (await get('/api/me', cookie)).json()
  return { cookie, id: me.user.id as string }
}

beforeAll(async () => {
  t = await createTestApp({ MASTER_EMAIL: MASTER })
  master = await account(lawyerSignUp({ email: MASTER, nomeCompleto: 'Mestre da Plataforma' }))
  master = { ...master, cookie: await becomeMaster(t, MASTER) }
  plain = await account(lawyerSignUp({ nomeCompleto: 'Paula Comum' }))
  admin = await account(lawyerSignUp({ nomeCompleto: 'Adelaide Admin' }))
  await t.handle.db.insert(userRoles).values({ userId: admin.id, role: 'admin' })
})
afterAll(() => t.close())

const ROUTES: [string, string, unknown?][] = [
  ['GET', '/api/platform-settings'],
  ['PUT', '/api/platform-settings', settingsBody()],
  ['GET', '/api/platform-settings/status'],
  ['POST', '/api/platform-settings/smtp-test', {}],
]

describe('who may use /api/platform-settings', () => {
  it.each(ROUTES)('%s %s: anonymous 401, user 403, admin 403', async (method, path, body) => {
    expect((await t.app.request(path, jsonRequest(method, body))).status).toBe(401)
    expect((await t.app.request(path, jsonRequest(method, body, plain.cookie))).status).toBe(403)
    expect((await t.app.request(path, jsonRequest(method, body, admin.cookie))).status).toBe(403)
  })

  it('the superadmin reads the settings with spec §9 values and no password', async () => {
    const response = await get('/api/platform-settings', master.cookie)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const dto = (await response.json()) as PlatformSettingsDto
    expect(dto).toMatchObject({
      platformName: 'JusConecta',
      maintenanceMode: false,
      signupsOpen: true,
      monthlyPrice: '97.00',
      trialDays: 7,
      annualDiscount: 20,
      sessionTimeoutMin: 120,
      loginAttempts: 5,
      smtpPort: 587,
      smtpPasswordSet: false,
      defaultBaseUrl: 'http://localhost:3000',
    })
    expect(dto).not.toHaveProperty('smtpPasswordEnc')
  })

  it('anyone reads the public part', async () => {
    const response = await get('/api/platform-settings/public')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      platformName: 'JusConecta',
      maintenanceMode: false,
      signupsOpen: true,
    })
  })

  it('the status cards are real figures', async () => {
    const response = await get('/api/platform-settings/status', master.cookie)
    expect(response.status).toBe(200)
    const cards = (await response.json()) as PlatformStatusCards
    expect(cards.status.level).toBe('ok')
    expect(cards.activeUsers.lastFiveMinutes).toBeGreaterThanOrEqual(3)
    expect(cards.activeUsers.today).toBeGreaterThanOrEqual(3)
    expect(cards.storage.databaseBytes).toBeGreaterThan(0)
    expect(cards.monthlyRevenue).toEqual({ amount: '0.00', subscriptionsAvailable: true })
  })
})

describe('saving', () => {
  it('saves every field, keeps the SMTP password encrypted and never returns it', async () => {
    const response = await t.app.request(
      '/api/platform-settings',
      jsonRequest(
        'PUT',
        settingsBody({
          platformName: 'JusConecta Brasil',
          baseUrl: 'https://app.jusconecta.com.br/',
          monthlyPrice: '129,90',
          smtpHost: 'smtp.jusconecta.com.br',
          smtpUser: 'plataforma',
          smtpPassword: 'segredo-smtp',
          smtpFrom: 'nao-responda@jusconecta.com.br',
          paymentProvider: 'stripe',
        }),
        master.cookie,
      ),
    )
    expect(response.status).toBe(200)
    const dto = (await response.json()) as PlatformSettingsDto
    expect(dto).toMatchObject({
      platformName: 'JusConecta Brasil',
      baseUrl: 'https://app.jusconecta.com.br',
      monthlyPrice: '129.90',
      paymentProvider: 'stripe',
      smtpPasswordSet: true,
    })
    expect(JSON.stringify(dto)).not.toContain('segredo-smtp')
    const [row] = await t.handle.db.select().from(platformSettings)
    expect(row?.smtpPasswordEnc).toBeTruthy()
    expect(row?.smtpPasswordEnc).not.toContain('segredo-smtp')
    expect(row?.updatedBy).toBe(master.id)
    // Leaving the password out keeps it; the public part follows at once (the cache was evicted).
    await t.app.request(
      '/api/platform-settings',
      jsonRequest('PUT', settingsBody({ ...dto, smtpPassword: undefined }), master.cookie),
    )
    const [kept] = await t.handle.db.select().from(platformSettings)
    expect(kept?.smtpPasswordEnc).toBe(row?.smtpPasswordEnc)
    expect((await (await get('/api/platform-settings/public')).json()).platformName).toBe('JusConecta Brasil')
  })

  it.each([
    [{ platformName: '' }, 'platformName', 'Informe o nome da plataforma'],
    [{ baseUrl: 'ftp://x' }, 'baseUrl', 'URL base inválida'],
    [{ monthlyPrice: 'abc' }, 'monthlyPrice', 'Informe um preço válido'],
    [{ sessionTimeoutMin: 2 }, 'sessionTimeoutMin', 'O tempo de sessão deve ser entre 5 e 1440 minutos.'],
    [{ loginAttempts: 50 }, 'loginAttempts', 'As tentativas de login devem ser entre 3 e 20.'],
    [{ annualDiscount: 101 }, 'annualDiscount', 'O desconto anual deve ser entre 0 e 100%.'],
  ])('refuses %j with a pt-BR message and writes nothing', async (patch, field, message) => {
    const [before] = await t.handle.db.select().from(platformSettings)
    const response = await t.app.request(
      '/api/platform-settings',
      jsonRequest('PUT', settingsBody(patch), master.cookie),
    )
    expect(response.status).toBe(400)
    const body = await response.json()
    expect(body.error.code).toBe('validation')
    expect(String(body.error.fields[field])).toContain(message)
    const [after] = await t.handle.db.select().from(platformSettings)
    expect(after?.updatedAt).toEqual(before?.updatedAt)
  })
})

describe("'Testar' the platform SMTP server", () => {
  const received: { to: string[]; raw: string }[] = []
  let smtp: SMTPServer
  let port: number
  beforeAll(async () => {
    smtp = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === 'plataforma' && auth.password === 'senha-certa')
          return callback(null, { user: auth.username })
        callback(new Error('Invalid username or password'))
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString(),
          })
          callback()
        })
      },
    })
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
    port = (smtp.server.address() as AddressInfo).port
  })
  afterAll(async () => {
    // Back to no SMTP of its own: later mail of this file goes to the test mailer again.
    await t.handle.db.update(platformSettings).set({ smtpHost: null, smtpFrom: null, smtpPasswordEnc: null })
    await new Promise<void>((resolve) => smtp.close(() => resolve()))
  })
  const save = (password: string) =>
    t.app.request(
      '/api/platform-settings',
      jsonRequest(
        'PUT',
        settingsBody({
          smtpHost: '127.0.0.1',
          smtpPort: port,
          smtpUser: 'plataforma',
          smtpPassword: password,
          smtpFrom: 'nao-responda@jusconecta.com.br',
        }),
        master.cookie,
      ),
    )
  const test = () =>
    t.app.request(
      '/api/platform-settings/smtp-test',
      jsonRequest('POST', { to: 'teste@example.com' }, master.cookie),
    )

  it('answers 409 before a server is saved', async () => {
    await t.handle.db.update(platformSettings).set({ smtpHost: null, smtpFrom: null })
    const response = await test()
    expect(response.status).toBe(409)
    expect((await response.json()).error.message).toBe(
      'Configure o servidor SMTP e o e-mail de envio antes de testar.',
    )
  })

  it('sends a real message through the saved server', async () => {
    expect((await save('senha-certa')).status).toBe(200)
    const response = await test()
    expect(response.status).toBe(200)
    const result = (await response.json()) as SmtpTestResult
    expect(result.ok).toBe(true)
    expect(received.at(-1)?.to).toEqual(['teste@example.com'])
    expect(received.at(-1)?.raw).toContain('teste do servidor de e-mail')
  })

  it("shows the server's refusal of a wrong password", async () => {
    expect((await save('senha-errada')).status).toBe(200)
    const result = (await (await test()).json()) as SmtpTestResult
    expect(result.ok).toBe(false)
    expect(result.response).toMatch(/Invalid username or password|535/)
  })

  it('the platform mail (a password reset) goes through the saved server, with the base URL', async () => {
    await save('senha-certa')
    await t.handle.db
      .update(platformSettings)
      .set({ baseUrl: 'https://app.jusconecta.com.br' })
      .where(eq(platformSettings.id, 1))
    await t.deps.sessionCache.changes.sync()
    const before = received.length
    const response = await t.app.request(
      '/api/auth/request-password-reset',
      jsonRequest('POST', { email: MASTER, redirectTo: '/auth/reset-password' }),
    )
    expect(response.status).toBe(200)
    await expect.poll(() => received.length, { timeout: 5000 }).toBeGreaterThan(before)
    const raw = received.at(-1)?.raw.replace(/=\r?\n/g, '') ?? ''
    expect(raw).toContain('https://app.jusconecta.com.br/api/auth/reset-password/')
    expect(raw).not.toContain('http://localhost:3000')
  })
})
