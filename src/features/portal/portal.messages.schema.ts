import { z } from 'zod'
import '../../lib/zod-pt-br'
import { requiredText } from '../../lib/zod-fields'

// Contract of the portal's messages (issue 26): office ↔ client, a thread per client and optionally per case,
// with attachments and read receipts. Shared by the server routes (validate) and the thread component.
// No server imports: the browser bundles this file.

export const PORTAL_MESSAGE_MAX = 5000
/** Attachments per message. */
export const PORTAL_MESSAGE_FILES_MAX = 5
/** A thread answers its newest messages, this many, oldest first. */
export const PORTAL_THREAD_LIMIT = 100
export const PORTAL_FILE_NAME_MAX = 255

/** pt-BR texts the server sends (toasts show them as they are) and the notification it writes. */
export const PORTAL_MESSAGE_TEXTS = {
  notFound: 'Conversa não encontrada.',
  fileNotFound: 'Arquivo não encontrado.',
  invalidCase: 'Processo inválido.',
  invalidFile: 'Anexo inválido. Envie o arquivo novamente.',
  tooManyFiles: `Anexos: máximo de ${PORTAL_MESSAGE_FILES_MAX} arquivos.`,
  notificationTitle: 'Nova mensagem de cliente',
} as const

/** The notification's text: '<nome do cliente> enviou uma mensagem.' */
export function newClientMessageText(clientName: string): string {
  return `${clientName} enviou uma mensagem.`
}

const caseIdField = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.uuid({ error: PORTAL_MESSAGE_TEXTS.invalidCase }).optional(),
)

/** POST …/messages (both sides): the text, the case it is about (optional) and the uploaded files' ids. */
export const sendMessageBody = z.object({
  body: requiredText('Mensagem', PORTAL_MESSAGE_MAX),
  caseId: caseIdField,
  fileIds: z
    .array(z.uuid({ error: PORTAL_MESSAGE_TEXTS.invalidFile }), { error: PORTAL_MESSAGE_TEXTS.invalidFile })
    .max(PORTAL_MESSAGE_FILES_MAX, PORTAL_MESSAGE_TEXTS.tooManyFiles)
    .optional()
    .transform((ids) => [...new Set(ids ?? [])]),
})
export type SendMessageInput = z.input<typeof sendMessageBody>
export type SendMessageData = z.output<typeof sendMessageBody>

/** GET …/messages?caseId= : the whole thread, or only the messages about one case. */
export const threadQuery = z.object({ caseId: caseIdField })
export type ThreadQuery = z.input<typeof threadQuery>

/** POST …/files?name= (the body is the raw bytes of one file). */
export const messageFileQuery = z.object({
  name: requiredText('Nome do arquivo', PORTAL_FILE_NAME_MAX),
})

export const messageClientParam = z.object({ clientId: z.uuid({ error: PORTAL_MESSAGE_TEXTS.notFound }) })
export const messageFileParam = z.object({ fileId: z.uuid({ error: PORTAL_MESSAGE_TEXTS.fileNotFound }) })

export const PORTAL_MESSAGE_AUTHORS = ['cliente', 'escritorio'] as const
export type PortalMessageAuthor = (typeof PORTAL_MESSAGE_AUTHORS)[number]

export const portalMessageFileSchema = z.strictObject({
  id: z.string(),
  fileName: z.string(),
  size: z.number(),
})
export type PortalMessageFile = z.infer<typeof portalMessageFileSchema>

export const portalMessageSchema = z.strictObject({
  id: z.string(),
  author: z.enum(PORTAL_MESSAGE_AUTHORS),
  /** The member who wrote it (office) or the client's name. */
  authorName: z.string(),
  body: z.string(),
  caseId: z.string().nullable(),
  createdAt: z.string(),
  /** When the OTHER side first opened it (the read receipt), or null. */
  readAt: z.string().nullable(),
  files: z.array(portalMessageFileSchema),
})
export type PortalMessage = z.infer<typeof portalMessageSchema>

export const portalThreadSchema = z.strictObject({
  items: z.array(portalMessageSchema),
  /** The client's cases a message may be about (the case selector), as the reader may see them. */
  cases: z.array(z.strictObject({ id: z.string(), titulo: z.string() })),
  /** Office side only: whether the client can read the thread in the portal. */
  portalStatus: z.enum(['nenhum', 'convidado', 'ativo', 'revogado']).optional(),
})
export type PortalThread = z.infer<typeof portalThreadSchema>

export const unreadCountSchema = z.strictObject({ count: z.number() })
export type UnreadCount = z.infer<typeof unreadCountSchema>
