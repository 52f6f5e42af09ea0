import net from 'node:net'
import nodemailer from 'nodemailer'
import type { AppDeps } from '../../platform/app-env.server'
import type { Env } from '../../platform/env.server'
import { decryptSecret, getEncryptionKey } from '../../platform/file-encryption.server'
import type { MailMessage } from '../../platform/mailer.server'
import { resolveSmtpHost, SmtpHostError, type LookupAll } from '../../platform/smtp-guard.server'
import {
  SMTP_PORTS,
  SMTP_TEST_MESSAGES,
  type SmtpSecurity,
  type SmtpTestOutcome,
  type SmtpTestResult,
} from './office-settings.schema'
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

/** How the office's server is reached: SMTP_ALLOW_PRIVATE_HOSTS, and the resolver (tests replace it). */
export interface OfficeSmtpReach {
  env: Pick<Env, 'SMTP_ALLOW_PRIVATE_HOSTS'>
  lookup?: LookupAll
}

// A mail server that does not answer must not hold a request (or a job) for minutes.
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }

/** A saved server refused before any connection (issue 24): the port, or where the host points. */
export class OfficeSmtpRefused extends Error {
  constructor(
    readonly outcome: Extract<SmtpTestOutcome, 'portNotAllowed' | 'notAllowed' | 'notFound' | 'timeout'>,
  ) {
    super(SMTP_TEST_MESSAGES[outcome])
    this.name = 'OfficeSmtpRefused'
  }
}

const HOST_OUTCOME = { not_allowed: 'notAllowed', not_found: 'notFound', timeout: 'timeout' } as const

/**
 * A transport to the office's server, checked where it is used (a row saved before the rules, or a name that
 * now resolves elsewhere, is refused too): one of SMTP_PORTS, and a host whose every address is public
 * (platform/smtp-guard.server.ts). The connection goes to the address resolved here — the mail library never
 * resolves the name again — while TLS (SNI and the certificate check) still names the host the sócio typed.
 * 'ssl' is TLS from the first byte (usually port 465); 'tls' is STARTTLS on a plain connection (587).
 */
export async function officeTransport(smtp: OfficeSmtp, reach: OfficeSmtpReach) {
  if (!(SMTP_PORTS as readonly number[]).includes(smtp.port)) throw new OfficeSmtpRefused('portNotAllowed')
  let address: string
  try {
    address = await resolveSmtpHost(smtp.host, {
      allowPrivate: reach.env.SMTP_ALLOW_PRIVATE_HOSTS,
      lookup: reach.lookup,
    })
  } catch (error) {
    if (error instanceof SmtpHostError) throw new OfficeSmtpRefused(HOST_OUTCOME[error.problem])
    throw error
  }
  return nodemailer.createTransport({
    host: address,
    ...(net.isIP(smtp.host) ? {} : { servername: smtp.host }),
    port: smtp.port,
    secure: smtp.security === 'ssl',
    ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.password ?? '' } } : {}),
    ...TIMEOUTS,
  })
}

const TLS_CODES = /^(ERR_TLS_|ERR_SSL_|CERT_|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO_|HOSTNAME_MISMATCH)/

/** The category of a failed send; the error's own text (the server's reply, the network error) stays here. */
export function smtpFailureOutcome(error: unknown): SmtpTestOutcome {
  if (error instanceof OfficeSmtpRefused) return error.outcome
  const { code, originalCode } = (error ?? {}) as { code?: unknown; originalCode?: unknown }
  if (code === 'ETIMEDOUT' || originalCode === 'ETIMEDOUT') return 'timeout'
  if (code === 'EAUTH' || code === 'ENOAUTH') return 'auth'
  if (code === 'ETLS' || code === 'EREQUIRETLS') return 'tls'
  if (typeof originalCode === 'string' && TLS_CODES.test(originalCode)) return 'tls'
  if (code === 'EENVELOPE') return 'envelope'
  if (code === 'EMESSAGE') return 'message'
  if (code === 'ECONNECTION' || code === 'ESOCKET' || code === 'EPROTOCOL' || code === 'EDNS') {
    return 'connection'
  }
  return 'failed'
}

/** 'Testar': one real message through the server to `to` (the sócio), and its outcome as a category. */
export async function sendTestMail(
  smtp: OfficeSmtp,
  to: string,
  officeName: string,
  reach: OfficeSmtpReach,
): Promise<SmtpTestResult> {
  let transport: Awaited<ReturnType<typeof officeTransport>> | undefined
  try {
    transport = await officeTransport(smtp, reach)
    await transport.sendMail({
      from: { name: officeName, address: smtp.from },
      to,
      subject: 'JusConecta: teste do servidor de e-mail',
      text:
        `Este é um e-mail de teste enviado pelo JusConecta com o servidor de e-mail do ${officeName}.\n\n` +
        'Se você recebeu esta mensagem, as configurações estão corretas.',
    })
    return { ok: true, outcome: 'sent', response: SMTP_TEST_MESSAGES.sent }
  } catch (error) {
    const outcome = smtpFailureOutcome(error)
    return { ok: false, outcome, response: SMTP_TEST_MESSAGES[outcome] }
  } finally {
    transport?.close()
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
  // A server now refused (OfficeSmtpRefused) fails the send: never a fallback that would hide it.
  const transport = await officeTransport(smtp, { env: deps.env })
  try {
    await transport.sendMail({ ...message, text, from: { name: nome, address: smtp.from } })
  } finally {
    transport.close()
  }
}
