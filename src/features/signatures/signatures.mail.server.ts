import type { AppDeps } from '../../platform/app-env.server'
import { sendOfficeMail } from '../office-settings/office-settings.public.server'
import { SIGNATURE_LINK_DAYS } from './signatures.schema'

// The signers' e-mails (pt-BR, plain text like the team invitation). Sent by the office (its own SMTP when
// configured) and only after the transaction commits: a rolled-back request mails nothing.

type MailDeps = Pick<AppDeps, 'db' | 'env' | 'mailer'>

export function signingUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, '')}/assinar/${token}`
}

export async function sendSigningInvite(
  deps: MailDeps,
  officeId: string,
  invite: {
    name: string
    email: string
    token: string
    documentName: string
    officeName: string
    message: string | null
  },
): Promise<void> {
  const note = invite.message ? `\n\nMensagem do escritório:\n${invite.message}` : ''
  await sendOfficeMail(deps, officeId, {
    to: invite.email,
    subject: `Documento para assinatura: ${invite.documentName}`,
    text:
      `Olá, ${invite.name}.\n\n${invite.officeName} enviou o documento "${invite.documentName}" para você assinar ` +
      `eletronicamente.${note}\n\nPara ler e assinar, abra o link abaixo (pessoal, de uso único, válido por ` +
      `${SIGNATURE_LINK_DAYS} dias):\n${signingUrl(deps.env.publicUrl, invite.token)}\n\n` +
      `Você receberá um código de verificação neste e-mail e precisará informar seu nome completo e CPF.\n\n` +
      `Se você não esperava este documento, ignore este e-mail.`,
  })
}

export async function sendSigningCode(
  deps: MailDeps,
  officeId: string,
  data: { name: string; email: string; code: string; documentName: string },
): Promise<void> {
  await sendOfficeMail(deps, officeId, {
    to: data.email,
    subject: `Código para assinar: ${data.code}`,
    text:
      `Olá, ${data.name}.\n\nSeu código para assinar "${data.documentName}" é: ${data.code}\n\n` +
      `Ele vale por 15 minutos. Não compartilhe este código com ninguém.`,
  })
}
