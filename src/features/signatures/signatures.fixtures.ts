import { PDFDocument, StandardFonts } from 'pdf-lib'
import type { MailMessage } from '../../platform/mailer.server'

// Helpers of the signature tests: a real PDF (pdf-lib must load it) and the secrets the e-mails carry.

export async function realPdf(text = 'Procuração ad judicia et extra'): Promise<Buffer> {
  const pdf = await PDFDocument.create()
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  pdf.addPage().drawText(text, { x: 50, y: 700, font, size: 14 })
  return Buffer.from(await pdf.save())
}

/** The /assinar/<token> link of the last e-mail sent to `email`. */
export function tokenSentTo(sent: readonly MailMessage[], email: string): string {
  const mail = [...sent].reverse().find((m) => m.to === email && m.text.includes('/assinar/'))
  const token = mail?.text.match(/\/assinar\/([A-Za-z0-9_-]{43})/)?.[1]
  if (!token) throw new Error(`no signing link sent to ${email}`)
  return token
}

/** The 6-digit code of the last code e-mail sent to `email`. */
export function codeSentTo(sent: readonly MailMessage[], email: string): string {
  const mail = [...sent].reverse().find((m) => m.to === email && m.subject.startsWith('Código para assinar'))
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1]
  if (!code) throw new Error(`no code sent to ${email}`)
  return code
}
