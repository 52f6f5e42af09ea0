import { Hono, type Context } from 'hono'
import type { AppEnv } from '../../platform/app-env.server'
import { noStore } from '../../platform/no-store.server'
import { routeDoc } from '../../platform/route-doc.server'
import { validate } from '../../platform/validate.server'
import { recordAudit, requestIp } from '../audit/audit.public.server'
import { requirePortalClient } from './portal.access.server'
import {
  fileNotFound,
  findMessageFile,
  messageFileResponse,
  receiveMessageFile,
} from './portal.messages.files.server'
import {
  messageFileParam,
  messageFileQuery,
  portalMessageFileSchema,
  portalMessageSchema,
  portalThreadSchema,
  sendMessageBody,
  threadQuery,
  type PortalMessage,
  type PortalMessageFile,
  type PortalThread,
} from './portal.messages.schema'
import {
  insertMessage,
  notifyOfficeOfClientMessage,
  openThread,
  type ThreadAccess,
} from './portal.messages.service.server'
import {
  countEveryUpload,
  messageFileBody,
  PORTAL_MESSAGES_TAG as TAG,
} from './portal.messages.upload.server'

// The client's side of the messages (issue 26), mounted at /api/portal/o/:officeId/messages. The client is
// always the one of their ACTIVE access to that office (requirePortalClient, read on every request): their
// own thread only; another client's message or file is a 404 like a missing one.

function clientThread(c: Context<AppEnv>): ThreadAccess {
  const { officeId, clientId } = c.get('portal')
  return { officeId, clientId }
}

export const portalClientMessageRoutes = new Hono<AppEnv>()
  .use('*', requirePortalClient())
  .use(noStore())
  .get(
    '/',
    routeDoc(TAG, 'A conversa do cliente com o escritório (marca as respostas como lidas)', {
      response: portalThreadSchema,
    }),
    validate('query', threadQuery),
    async (c) => {
      const thread = await openThread(c.get('db'), clientThread(c), 'cliente', c.req.valid('query').caseId)
      return c.json<PortalThread>(thread)
    },
  )
  .post(
    '/',
    routeDoc(TAG, 'Envia uma mensagem ao escritório', { status: 201, response: portalMessageSchema }),
    validate('json', sendMessageBody),
    async (c) => {
      const access = clientThread(c)
      const { userId } = c.get('portal')
      const data = c.req.valid('json')
      const message = await c.get('db').transaction(async (tx) => {
        const created = await insertMessage(tx, access, { ...data, author: 'cliente', userId })
        // The office's audit log keeps who wrote and where from, never the text (personal data).
        await recordAudit(tx, {
          officeId: access.officeId,
          actorUserId: userId,
          action: 'portal.message',
          entity: 'portal_message',
          entityId: created.id,
          details: { clientId: access.clientId, caseId: created.caseId, anexos: created.files.length },
          ip: requestIp(c),
        })
        await notifyOfficeOfClientMessage(tx, {
          officeId: access.officeId,
          clientId: access.clientId,
          caseId: created.caseId,
          messageId: created.id,
        })
        return created
      })
      return c.json<PortalMessage>(message, 201)
    },
  )
  .post(
    '/files',
    routeDoc(TAG, 'Envia um anexo ao escritório (um arquivo por requisição; o corpo são os bytes)', {
      status: 201,
      requestBody: messageFileBody,
      response: portalMessageFileSchema,
    }),
    validate('query', messageFileQuery),
    countEveryUpload,
    async (c) => {
      const { officeId, clientId, userId } = c.get('portal')
      const file = await receiveMessageFile(c, { officeId, clientId, userId }, c.req.valid('query').name)
      return c.json<PortalMessageFile>(file, 201)
    },
  )
  .get(
    '/files/:fileId',
    routeDoc(TAG, 'Os bytes de um anexo da conversa do cliente', { media: 'application/octet-stream' }),
    validate('param', messageFileParam),
    async (c) => {
      const { officeId, clientId, userId } = c.get('portal')
      const file = await findMessageFile(c.get('db'), officeId, c.req.valid('param').fileId)
      // Their own thread's attachments, and their own pending uploads; nothing of another client.
      const mine =
        file !== null && file.clientId === clientId && (file.messageId !== null || file.uploadedBy === userId)
      if (!file || !mine) throw fileNotFound()
      // Every download through the portal is in the office's audit log (issue 26), like the documents'.
      await recordAudit(c.get('db'), {
        officeId,
        actorUserId: userId,
        action: 'portal.download',
        entity: 'portal_message',
        entityId: file.messageId,
        details: { clientId, fileId: file.id },
        ip: requestIp(c),
      })
      return messageFileResponse(c, file)
    },
  )
