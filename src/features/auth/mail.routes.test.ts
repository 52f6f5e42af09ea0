import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../../test/test-app'
import { cookieFrom, jsonRequest, lawyerSignUp } from '../../test/accounts'
import { createApp } from '../../server/app.server'
import { buildDeps } from '../../server/build-deps.server'
import { loadEnv } from '../../platform/env.server'
import { PASSWORD_RESET_PATH } from './auth.schema'

// The real mailer (not the tests' in-memory one): over SMTP when SMTP_URL is set, else .eml files.

const SECRET = 'test-secret-test-secret-test-secret-0123'

interface TestAppLike {
  app: ReturnType<typeof createApp>
}

async function signUp(t: TestAppLike, data: ReturnType<typeof lawyerSignUp>) {
  const response = await t.app.request('/api/auth/sign-up', jsonRequest('POST', data))
  expect(response.status).toBe(201)
  return { email: data.email }
}

/** Body of a raw MIME message with its quoted-printable soft breaks and escapes undone. */
function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '')
  const bytes: number[] = []
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3)
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16))
      i += 2
    } else bytes.push(joined.charCodeAt(i))
  }
  return Buffer.from(bytes).toString('utf8')
}

async function appWith(envOverrides: Record<string, string>) {
  const { handle, drop } = await createTestDatabase()
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'jc-mail-test-'))
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    ...envOverrides,
  })
  const app = createApp(buildDeps(env, handle, SECRET))
  const t: TestAppLike = { app }
  return {
    t,
    dataDir,
    close: async () => {
      await drop()
      await fs.rm(dataDir, { recursive: true, force: true })
    },
  }
}

async function requestReset(t: TestAppLike, email: string) {
  const response = await t.app.request(
    '/api/auth/request-password-reset',
    jsonRequest('POST', { email, redirectTo: PASSWORD_RESET_PATH }),
  )
  expect(response.status).toBe(200)
}

describe('mail over SMTP (SMTP_URL set)', () => {
  const received: { from: string; to: string[]; raw: string }[] = []
  let smtp: SMTPServer
  let ctx: Awaited<ReturnType<typeof appWith>>

  beforeAll(async () => {
    smtp = new SMTPServer({
      // Plain SMTP on loopback, as a local relay would offer it.
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          })
          callback()
        })
      },
    })
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
    const { port } = smtp.server.address() as AddressInfo
    ctx = await appWith({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'JusConecta <nao-responda@jc.test>',
    })
  })
  afterAll(async () => {
    await ctx.close()
    await new Promise<void>((resolve) => smtp.close(() => resolve()))
  })

  it('delivers the password-reset mail to the SMTP server, and its link resets the password', async () => {
    const data = lawyerSignUp()
    await signUp(ctx.t, data)
    await requestReset(ctx.t, data.email)

    expect(received).toHaveLength(1)
    const [message] = received
    expect(message?.from).toBe('nao-responda@jc.test')
    expect(message?.to).toEqual([data.email])
    const body = decodeQuotedPrintable(message?.raw ?? '')
    expect(body).toMatch(/^Subject: .+$/m)
    expect(body).toContain('Para criar uma nova senha')
    const link = new URL(body.match(/http:\/\/localhost:3000\/api\/auth\/reset-password\/\S+/)?.[0] ?? '')

    const follow = await ctx.t.app.request(link.pathname + link.search)
    const token = new URL(follow.headers.get('location') ?? '', 'http://x').searchParams.get('token')
    const reset = await ctx.t.app.request(
      '/api/auth/reset-password',
      jsonRequest('POST', { newPassword: 'senha-via-smtp', token }),
    )
    expect(reset.status).toBe(200)
    const signIn = await ctx.t.app.request(
      '/api/auth/sign-in/email',
      jsonRequest('POST', { email: data.email, password: 'senha-via-smtp' }),
    )
    expect(signIn.status).toBe(200)
    expect(cookieFrom(signIn)).toMatch(/session_token=/)
  })
})

describe('mail without SMTP_URL', () => {
  let ctx: Awaited<ReturnType<typeof appWith>>
  beforeAll(async () => {
    ctx = await appWith({})
  })
  afterAll(() => ctx.close())

  it('writes the message as an .eml file under DATA_DIR/outbox', async () => {
    const { email } = await signUp(ctx.t, lawyerSignUp())
    await requestReset(ctx.t, email)
    const outbox = path.join(ctx.dataDir, 'outbox')
    const files = (await fs.readdir(outbox)).filter((name) => name.endsWith('.eml'))
    expect(files).toHaveLength(1)
    const eml = decodeQuotedPrintable(await fs.readFile(path.join(outbox, files[0] ?? ''), 'utf8'))
    expect(eml).toMatch(new RegExp(`^To: ${email.replace('.', '\\.')}$`, 'm'))
    expect(eml).toContain('http://localhost:3000/api/auth/reset-password/')
  })
})
