// 'Testar' and sendOfficeMail against a real SMTP server on loopback (issue 12), and where they may connect
// (issue 24, item 2): only public addresses on the SMTP ports, the resolved address pinned, a fixed pt-BR
// category instead of the server's words, and the test message to the signed-in sócio only.
import { randomInt } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createApp } from '../../server/app.server'
import { jsonRequest } from '../../test/accounts'
import { createTestApp, type TestApp } from '../../test/test-app'
import { OfficeSmtpRefused, sendTestMail, smtpFailureOutcome } from './office-mail.server'
import { sendOfficeMail } from './office-settings.public.server'
import type { SmtpTestResult } from './office-settings.schema'
import { defaultInput, officeWithSocio, saveSettings } from './office-settings.fixtures'

type Deps = Awaited<ReturnType<typeof createTestApp>>['deps']

// The switch only tests and development set: with it, the office's server may be on loopback.
let t: TestApp & { deps: Deps }
// The same database and deps with the production default (SMTP_ALLOW_PRIVATE_HOSTS unset).
let strict: TestApp & { deps: Deps }
// A new sócio for each test: 'Testar' is limited to 5 a minute per user.
let office: Awaited<ReturnType<typeof officeWithSocio>>

beforeAll(async () => {
  t = await createTestApp({ SMTP_ALLOW_PRIVATE_HOSTS: 'true' })
  const strictDeps = { ...t.deps, env: { ...t.deps.env, SMTP_ALLOW_PRIVATE_HOSTS: false } }
  strict = { ...t, deps: strictDeps, app: createApp(strictDeps) }
})
afterAll(() => t.close())
beforeEach(async () => {
  office = await officeWithSocio(t)
})

const received: { to: string[]; raw: string }[] = []
let connections = 0
let smtp: SMTPServer
/** A loopback address of our own (127.0.0.0/8 is all loopback): port 2525 is ours, whoever else runs tests. */
let host: string
const PORT = 2525

beforeAll(async () => {
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    banner: 'mx.interno.local ESMTP Postfix (Debian)',
    onConnect(_session, callback) {
      connections++
      callback()
    },
    onAuth(auth, _session, callback) {
      if (auth.username === 'contato@escritorio.com.br' && auth.password === 'senha-certa')
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
  for (let attempt = 0; ; attempt++) {
    host = `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`
    const listened = await new Promise<boolean>((resolve) => {
      const onError = () => resolve(false)
      smtp.server.once('error', onError)
      smtp.listen(PORT, host, () => {
        smtp.server.off('error', onError)
        resolve(true)
      })
    })
    if (listened) break
    if (attempt > 10) throw new Error('no free loopback address for the test SMTP server')
  }
})
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())))

const GOOD = {
  smtpPort: PORT,
  smtpUser: 'contato@escritorio.com.br',
  smtpPassword: 'senha-certa',
  smtpFrom: 'contato@escritorio.com.br',
}
const test = (app: TestApp['app'] = t.app, body: unknown = {}) =>
  app.request('/api/office-settings/smtp-test', jsonRequest('POST', body, office.socio.cookie))
const resultOf = async (response: Response) => {
  expect(response.status).toBe(200)
  return (await response.json()) as SmtpTestResult
}

describe("'Testar' the office SMTP server (SMTP_ALLOW_PRIVATE_HOSTS=true)", () => {
  it("sends a real message to the sócio's own address and answers a fixed sentence, not the server's", async () => {
    await saveSettings(t, office.socio.cookie, { ...GOOD, smtpHost: host })
    const result = await resultOf(await test())
    expect(result).toEqual({
      ok: true,
      outcome: 'sent',
      response: 'E-mail de teste enviado para o seu endereço.',
    })
    expect(received.at(-1)?.to).toEqual([office.socio.email])
    expect(received.at(-1)?.raw).toContain('teste do servidor de e-mail')
  })

  it('takes no recipient from the request', async () => {
    await saveSettings(t, office.socio.cookie, { ...GOOD, smtpHost: host })
    const before = received.length
    const response = await test(t.app, { to: 'alguem@example.com' })
    expect(response.status).toBe(400)
    expect(received.length).toBe(before)
  })

  it('answers a category for a refused login and an unreachable server, never the reply or the error', async () => {
    await saveSettings(t, office.socio.cookie, { ...GOOD, smtpHost: host, smtpPassword: 'senha-errada' })
    const denied = await resultOf(await test())
    expect(denied).toEqual({
      ok: false,
      outcome: 'auth',
      response: 'O servidor SMTP recusou a autenticação.',
    })
    // Another loopback address: nothing listens on its port 2525.
    const [, a = 1, b = 1, c = 1] = host.split('.').map(Number)
    const nobody = `127.${a}.${b}.${c === 254 ? 253 : c + 1}`
    await saveSettings(t, office.socio.cookie, { ...GOOD, smtpHost: nobody })
    const refused = await resultOf(await test())
    expect(refused).toEqual({
      ok: false,
      outcome: 'connection',
      response: 'Não foi possível conectar ao servidor SMTP.',
    })
    for (const result of [denied, refused]) {
      expect(JSON.stringify(result)).not.toMatch(/535|Invalid username|ECONNREFUSED|Postfix|ESMTP/)
    }
  })

  it('sendOfficeMail goes through the office server, signed, and through the platform mailer without one', async () => {
    await saveSettings(t, office.socio.cookie, {
      ...GOOD,
      nomeEscritorio: 'Sócia & Associados',
      smtpHost: host,
      smtpSignature: 'Dra. Sofia — OAB/SP 12.345',
    })
    const message = {
      to: 'cliente@example.com',
      subject: 'Proposta de honorários',
      text: 'Segue a proposta.',
    }
    const before = t.mailer.sent.length
    await sendOfficeMail(t.deps, office.officeId, message)
    const last = received.at(-1)!
    expect(last.to).toEqual(['cliente@example.com'])
    expect(last.raw).toContain('Segue a proposta.')
    expect(last.raw).toContain('OAB/SP 12.345')
    expect(last.raw).toContain('contato@escritorio.com.br')
    expect(t.mailer.sent.length).toBe(before)
    await saveSettings(t, office.socio.cookie)
    await sendOfficeMail(t.deps, office.officeId, message)
    expect(t.mailer.sent.at(-1)).toEqual(message)
  })

  it('answers 409 when no server is saved, 403 to non-sócios', async () => {
    await saveSettings(t, office.socio.cookie)
    const response = await test()
    expect(response.status).toBe(409)
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      'Configure o servidor SMTP e o e-mail do escritório antes de testar.',
    )
    const associado = await office.member('associado', 'Ana Associada')
    const denied = await t.app.request(
      '/api/office-settings/smtp-test',
      jsonRequest('POST', {}, associado.cookie),
    )
    expect(denied.status).toBe(403)
  })
})

describe('where the office SMTP may connect (the default: SMTP_ALLOW_PRIVATE_HOSTS unset)', () => {
  it('refuses loopback, private, link-local/metadata addresses and a name resolving to loopback, without connecting', async () => {
    const before = { connections, received: received.length }
    for (const smtpHost of [host, '127.0.0.1', '10.0.0.1', '169.254.169.254', '192.168.0.10', 'localhost']) {
      office = await officeWithSocio(strict)
      await saveSettings(strict, office.socio.cookie, { ...GOOD, smtpHost })
      const result = await resultOf(await test(strict.app))
      expect(result, smtpHost).toEqual({
        ok: false,
        outcome: 'notAllowed',
        response: 'Endereço do servidor SMTP não permitido.',
      })
    }
    expect({ connections, received: received.length }).toEqual(before)
  })

  it('refuses the same saved server at send time: sendOfficeMail fails, nothing leaves', async () => {
    await saveSettings(strict, office.socio.cookie, { ...GOOD, smtpHost: host })
    const before = { connections, sent: t.mailer.sent.length }
    const sending = sendOfficeMail(strict.deps, office.officeId, {
      to: 'cliente@example.com',
      subject: 'Cobrança',
      text: 'Segue o Pix.',
    })
    await expect(sending).rejects.toBeInstanceOf(OfficeSmtpRefused)
    await expect(sending).rejects.toMatchObject({ outcome: 'notAllowed' })
    expect({ connections, sent: t.mailer.sent.length }).toEqual(before)
  })

  it('accepts only ports 25, 465, 587 and 2525: on save, and on use for a row saved before the rule', async () => {
    for (const smtpPort of [22, 80, 6379, 1, 65535]) {
      const response = await strict.app.request(
        '/api/office-settings',
        jsonRequest(
          'PUT',
          defaultInput({ ...GOOD, smtpHost: 'smtp.example.com', smtpPort }),
          office.socio.cookie,
        ),
      )
      expect(response.status, String(smtpPort)).toBe(400)
      expect(((await response.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual(
        {
          smtpPort: 'Porta SMTP não permitida. Use 25, 465, 587 ou 2525.',
        },
      )
    }
    // Allowed even with the switch: a stored port 22 (written before this rule) is refused before connecting.
    await saveSettings(t, office.socio.cookie, { ...GOOD, smtpHost: host })
    await t.handle.db.execute(
      sql`update office_settings set smtp_port = 22 where office_id = ${office.officeId}`,
    )
    const before = connections
    expect(await resultOf(await test())).toEqual({
      ok: false,
      outcome: 'portNotAllowed',
      response: 'Porta SMTP não permitida. Use 25, 465, 587 ou 2525.',
    })
    expect(connections).toBe(before)
  })
})

describe('the resolved address is pinned', () => {
  const smtpSettings = (smtpHost: string) => ({
    host: smtpHost,
    port: PORT,
    security: 'tls' as const,
    user: GOOD.smtpUser,
    password: GOOD.smtpPassword,
    from: GOOD.smtpFrom,
  })

  it('resolves the name once and connects to that address (the name itself never resolves)', async () => {
    let lookups = 0
    const lookup = async () => {
      lookups++
      return [{ address: host, family: 4 }]
    }
    // '.invalid' never resolves (RFC 6761): had the mail library resolved the name again, this would fail.
    const result = await sendTestMail(smtpSettings('smtp.escritorio.invalid'), 'socia@example.com', 'Sócia', {
      env: { SMTP_ALLOW_PRIVATE_HOSTS: true },
      lookup,
    })
    expect(result.outcome).toBe('sent')
    expect(lookups).toBe(1)
    expect(received.at(-1)?.to).toEqual(['socia@example.com'])
  })

  it('refuses a name with one private address among public ones (a rebinding set-up)', async () => {
    const before = connections
    const result = await sendTestMail(smtpSettings('smtp.escritorio.invalid'), 'socia@example.com', 'Sócia', {
      env: { SMTP_ALLOW_PRIVATE_HOSTS: false },
      lookup: async () => [
        { address: '8.8.8.8', family: 4 },
        { address: host, family: 4 },
      ],
    })
    expect(result).toMatchObject({ ok: false, outcome: 'notAllowed' })
    const unknown = await sendTestMail(
      smtpSettings('smtp.escritorio.invalid'),
      'socia@example.com',
      'Sócia',
      {
        env: { SMTP_ALLOW_PRIVATE_HOSTS: false },
        lookup: () =>
          Promise.reject(Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' })),
      },
    )
    expect(unknown).toEqual({
      ok: false,
      outcome: 'notFound',
      response: 'Servidor SMTP não encontrado. Verifique o endereço.',
    })
    expect(connections).toBe(before)
  })

  it('sorts the mail library errors into categories', () => {
    const error = (fields: Record<string, unknown>) => Object.assign(new Error('x'), fields)
    expect(smtpFailureOutcome(error({ code: 'ETIMEDOUT' }))).toBe('timeout')
    expect(smtpFailureOutcome(error({ code: 'ESOCKET', originalCode: 'ETIMEDOUT' }))).toBe('timeout')
    expect(smtpFailureOutcome(error({ code: 'EAUTH', responseCode: 535 }))).toBe('auth')
    expect(smtpFailureOutcome(error({ code: 'ETLS' }))).toBe('tls')
    expect(smtpFailureOutcome(error({ code: 'ESOCKET', originalCode: 'ERR_TLS_CERT_ALTNAME_INVALID' }))).toBe(
      'tls',
    )
    expect(smtpFailureOutcome(error({ code: 'EENVELOPE', responseCode: 550 }))).toBe('envelope')
    expect(smtpFailureOutcome(error({ code: 'EMESSAGE', responseCode: 554 }))).toBe('message')
    expect(smtpFailureOutcome(error({ code: 'ESOCKET', originalCode: 'ECONNREFUSED' }))).toBe('connection')
    expect(smtpFailureOutcome(new Error('?'))).toBe('failed')
  })
})
