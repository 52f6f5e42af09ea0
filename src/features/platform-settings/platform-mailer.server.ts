import nodemailer from 'nodemailer'
import type { Database } from '../../db/client.server'
import type { Env } from '../../platform/env.server'
import { decryptSecret, getEncryptionKey } from '../../platform/file-encryption.server'
import type { MailMessage, Mailer } from '../../platform/mailer.server'
import { getPlatformSettings, type PlatformSettingsRow } from './platform-settings.cache.server'

const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }

/** Links in e-mails point at the configured base URL: every feature builds them from PUBLIC_URL. */
export function rewriteLinks(message: MailMessage, publicUrl: string, baseUrl: string | null): MailMessage {
  const from = publicUrl.replace(/\/$/, '')
  if (!baseUrl || baseUrl === from) return message
  const swap = (text: string) => text.split(from).join(baseUrl)
  return { ...message, text: swap(message.text), ...(message.html ? { html: swap(message.html) } : {}) }
}

async function sendWithPlatformSmtp(
  s: PlatformSettingsRow,
  env: Pick<Env, 'dataDir' | 'FILES_ENCRYPTION_KEY'>,
  message: MailMessage,
): Promise<void> {
  const password = s.smtpPasswordEnc ? decryptSecret(await getEncryptionKey(env), s.smtpPasswordEnc) : ''
  const transport = nodemailer.createTransport({
    host: s.smtpHost ?? undefined,
    port: s.smtpPort,
    secure: s.smtpSecure,
    ...(s.smtpUser ? { auth: { user: s.smtpUser, pass: password } } : {}),
    ...TIMEOUTS,
  })
  try {
    await transport.sendMail({ from: { name: s.platformName, address: s.smtpFrom ?? '' }, ...message })
  } finally {
    transport.close()
  }
}

/**
 * The platform's mailer as /admin/settings configures it: links rewritten to the base URL, and the
 * platform's own SMTP server when one is saved (otherwise the server's SMTP_URL / outbox as before).
 */
export function withPlatformSettings(
  inner: Mailer,
  db: Database,
  env: Pick<Env, 'publicUrl' | 'dataDir' | 'FILES_ENCRYPTION_KEY'>,
): Mailer {
  return {
    async send(message) {
      const s = await getPlatformSettings(db)
      const rewritten = rewriteLinks(message, env.publicUrl, s.baseUrl)
      if (s.smtpHost && s.smtpFrom) return sendWithPlatformSmtp(s, env, rewritten)
      return inner.send(rewritten)
    },
  }
}
