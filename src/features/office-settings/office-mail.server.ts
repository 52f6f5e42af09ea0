import nodemailer from 'nodemailer'
import type { AppDeps } from '../../platform/app-env.server'
import { decryptSecret, getEncryptionKey } from '../../platform/file-encryption.server'
import type { MailMessage } from '../../platform/mailer.server'
import type { SmtpSecurity, SmtpTestResult } from './office-settings.schema'
import { getOfficeLetterhead, getOfficeSettings } from './office-settings.store.server'

/** The office's own mail server (Configurações Avançadas → Servidor de e-mail). */
export interface OfficeSmtp {
  host: string
  port: number
  security: SmtpSecurity
  user: string | null
  password: string | null
  from: string
}

// A mail server that does not answer must not hold a request (or a job) for minutes.
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }

/** 'ssl' is TLS from the first byte (usually port 465); 'tls' is STARTTLS on a plain connection (587). */
export function officeTransport(smtp: OfficeSmtp) {
  return nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.security === 'ssl',
    ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.password ?? '' } } : {}),
    ...TIMEOUTS,
  })
}

/** The SMTP server's own words: its reply code and text, or the network error (ECONNREFUSED…). */
function serverAnswer(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const { code, response } = error as Error & { code?: string; response?: string }
  if (response) return response
  return code && !error.message.includes(code) ? `${code}: ${error.message}` : error.message
}

/** 'Testar': one real message through the server, and what the server said. */
export async function sendTestMail(
  smtp: OfficeSmtp,
  to: string,
  officeName: string,
): Promise<SmtpTestResult> {
  const transport = officeTransport(smtp)
  try {
    const info = await transport.sendMail({
      from: { name: officeName, address: smtp.from },
      to,
      subject: 'JusConecta: teste do servidor de e-mail',
      text:
        `Este é um e-mail de teste enviado pelo JusConecta com o servidor de e-mail do ${officeName}.\n\n` +
        'Se você recebeu esta mensagem, as configurações estão corretas.',
    })
    return { ok: true, response: String(info.response) }
  } catch (error) {
    return { ok: false, response: serverAnswer(error) }
  } finally {
    transport.close()
  }
}

/** The stored SMTP settings, password decrypted, or null when the office has no server of its own. */
export async function storedOfficeSmtp(
  deps: Pick<AppDeps, 'db' | 'env'>,
  officeId: string,
): Promise<(OfficeSmtp & { signature: string | null }) | null> {
  const s = await getOfficeSettings(deps.db, officeId)
  if (!s.smtpHost || !s.smtpFrom) return null
  const password = s.smtpPasswordEnc
    ? decryptSecret(await getEncryptionKey(deps.env), s.smtpPasswordEnc)
    : null
  return {
    host: s.smtpHost,
    port: s.smtpPort,
    security: s.smtpSecurity,
    user: s.smtpUser,
    password,
    from: s.smtpFrom,
    signature: s.smtpSignature,
  }
}

/**
 * A message the office sends (to its clients, its team): through the office's own server, signed, when it
 * configured one; through the platform's mailer otherwise.
 */
export async function sendOfficeMail(
  deps: Pick<AppDeps, 'db' | 'env' | 'mailer'>,
  officeId: string,
  message: MailMessage,
): Promise<void> {
  const smtp = await storedOfficeSmtp(deps, officeId)
  if (!smtp) return deps.mailer.send(message)
  const text = smtp.signature ? `${message.text}\n\n-- \n${smtp.signature}` : message.text
  const { nome } = await getOfficeLetterhead(deps.db, officeId)
  const transport = officeTransport(smtp)
  try {
    await transport.sendMail({ ...message, text, from: { name: nome, address: smtp.from } })
  } finally {
    transport.close()
  }
}
