import fs from 'node:fs/promises'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import nodemailer from 'nodemailer'
import type { Env } from './env.server'
import { log } from './log.server'

export interface MailMessage {
  to: string
  subject: string
  text: string
  html?: string
}

export interface Mailer {
  send(message: MailMessage): Promise<void>
}

/**
 * SMTP when SMTP_URL is set; otherwise each message is written as an .eml file under DATA_DIR/outbox
 * (open it with any mail client), so sign-up and password reset work with no mail server at all.
 */
export function createMailer(env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'dataDir'>): Mailer {
  if (env.SMTP_URL) {
    const transport = nodemailer.createTransport(env.SMTP_URL)
    return {
      async send(message) {
        await transport.sendMail({ from: env.MAIL_FROM, ...message })
      },
    }
  }
  const outbox = path.join(env.dataDir, 'outbox')
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    async send(message) {
      const info = await transport.sendMail({ from: env.MAIL_FROM, ...message })
      await fs.mkdir(outbox, { recursive: true })
      const file = path.join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`,
      )
      await fs.writeFile(file, info.message as Buffer)
      // No recipient in the log (personal data): the file name (a timestamp) is enough to open the message.
      log.info('e-mail gravado na caixa de saída (sem SMTP_URL)', { subject: message.subject, file })
    },
  }
}
