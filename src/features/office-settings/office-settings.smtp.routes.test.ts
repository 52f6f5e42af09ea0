// 'Testar' and sendOfficeMail against a real SMTP server on loopback (issue 12).
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jsonRequest } from '../../test/accounts'
import { createTestApp, type TestApp } from '../../test/test-app'
import { sendOfficeMail } from './office-settings.public.server'
import type { SmtpTestResult } from './office-settings.schema'
import { officeWithSocio, saveSettings } from './office-settings.fixtures'

let t: TestApp & { deps: Awaited<ReturnType<typeof createTestApp>>['deps'] }
let office: Awaited<ReturnType<typeof officeWithSocio>>
let associado: { cookie: string; email: string }

beforeAll(async () => {
  t = await createTestApp()
  office = await officeWithSocio(t)
  associado = await office.member('associado', 'Ana Associada')
})
afterAll(() => t.close())

describe("'Testar' the office SMTP server", () => {
  const received: { to: string[]; raw: string }[] = []
  let smtp: SMTPServer
  let port: number
  beforeAll(async () => {
    smtp = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      logger: false,
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
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
    port = (smtp.server.address() as AddressInfo).port
  })
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())))
  const test = () =>
    t.app.request('/api/office-settings/smtp-test', jsonRequest('POST', {}, office.socio.cookie))

  it('sends a real message through the saved server and shows its answer', async () => {
    await saveSettings(t, office.socio.cookie, {
      smtpHost: '127.0.0.1',
      smtpPort: port,
      smtpUser: 'contato@escritorio.com.br',
      smtpPassword: 'senha-certa',
      smtpFrom: 'contato@escritorio.com.br',
    })
    const response = await test()
    expect(response.status).toBe(200)
    const result = (await response.json()) as SmtpTestResult
    expect(result.ok).toBe(true)
    expect(result.response).toMatch(/^250/)
    expect(received.at(-1)?.to).toEqual([office.socio.email])
    expect(received.at(-1)?.raw).toContain('teste do servidor de e-mail')
  })

  it('shows the exact error: wrong password, unreachable port', async () => {
    await saveSettings(t, office.socio.cookie, {
      smtpHost: '127.0.0.1',
      smtpPort: port,
      smtpUser: 'contato@escritorio.com.br',
      smtpPassword: 'senha-errada',
      smtpFrom: 'contato@escritorio.com.br',
    })
    const denied = (await (await test()).json()) as SmtpTestResult
    expect(denied.ok).toBe(false)
    expect(denied.response).toMatch(/^535 .*Invalid username or password/)
    await saveSettings(t, office.socio.cookie, { smtpHost: '127.0.0.1', smtpPort: 1, smtpFrom: 'a@b.com' })
    const refused = (await (await test()).json()) as SmtpTestResult
    expect(refused).toEqual({ ok: false, response: expect.stringContaining('ECONNREFUSED') as string })
  })

  it('sendOfficeMail goes through the office server, signed, and through the platform mailer without one', async () => {
    await saveSettings(t, office.socio.cookie, {
      nomeEscritorio: 'Sócia & Associados',
      smtpHost: '127.0.0.1',
      smtpPort: port,
      smtpUser: 'contato@escritorio.com.br',
      smtpPassword: 'senha-certa',
      smtpFrom: 'contato@escritorio.com.br',
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
    const denied = await t.app.request(
      '/api/office-settings/smtp-test',
      jsonRequest('POST', {}, associado.cookie),
    )
    expect(denied.status).toBe(403)
  })
})
