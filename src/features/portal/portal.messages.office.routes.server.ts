import { Hono, type Context } from 'hono'
import { portalMessages } from './portal.table.server'
import type { AppEnv } from '../../platform/app-env.server'
import { notFound } from '../../platform/http-error.server'
import { noStore } from '../../platform/no-store.server'
import { routeDoc } from '../../platform/route-doc.server'
import { validate } from '../../platform/validate.server'
import { recordOfficeAudit } from '../audit/audit.public.server'
import {
  clientOfMember,
  linkedCaseScope,
  linkedCaseVisible,
  reachableCases,
} from '../cases/cases.public.server'
import { findVisibleClient } from '../clients/clients.public.server'
import { officeActor, requireOffice } from '../offices/offices.public.server'
import {
  fileNotFound,
  findMessageFile,
  messageFileResponse,
  receiveMessageFile,
} from './portal.messages.files.server'
import {
  messageClientParam,
  messageFileParam,
  messageFileQuery,
  PORTAL_MESSAGE_TEXTS,
  portalMessageFileSchema,
  portalMessageSchema,
  portalThreadSchema,
  sendMessageBody,
  threadQuery,
  unreadCountSchema,
  type PortalMessage,
  type PortalMessageFile,
  type PortalThread,
  type UnreadCount,
} from './portal.messages.schema'
import {
  countUnread,
  insertMessage,
  messageVisible,
  openThread,
  portalStatusOf,
  type ThreadAccess,
} from './portal.messages.service.server'
import {
  countEveryUpload,
  messageFileBody,
  PORTAL_MESSAGES_TAG as TAG,
} from './portal.messages.upload.server'

// The office's side of the messages (issue 26), mounted at /api/portal-office/messages. Every route is
// 'clients.manage' (narrowed like the clients: an estagiário reaches only the clients of their cases, and
// within a thread only the messages of no case or of their cases). A client the member doesn't see is a 404,
// exactly like a missing one.

/** What the member may see of the messages: the case link narrowed by their 'cases.view' reach. */
function caseReach(c: Context<AppEnv>) {
  const office = c.get('office')
  return linkedCaseScope(office, office.memberId)
}

/** The thread of a client the member sees, or 404. */
async function officeThread(c: Context<AppEnv>, clientId: string): Promise<ThreadAccess> {
  const office = c.get('office')
  const actor = officeActor(office, 'clients.manage')
  const client = await findVisibleClient(c.get('db'), office.id, clientId, actor.restrictTo)
  if (!client) throw notFound(PORTAL_MESSAGE_TEXTS.notFound)
  const scope = caseReach(c)
  return {
    officeId: office.id,
    clientId,
    visible: linkedCaseVisible(portalMessages.caseId, scope),
    reachable: reachableCases(scope),
  }
}

export const portalOfficeMessageRoutes = new Hono<AppEnv>()
  .use(requireOffice('clients.manage'))
  .use(noStore())
  .get(
    '/unread',
    routeDoc(TAG, 'Quantas mensagens de clientes o membro ainda não leu', { response: unreadCountSchema }),
    async (c) => {
      const office = c.get('office')
      const actor = officeActor(office, 'clients.manage')
      const count = await countUnread(c.get('db'), office.id, {
        clientVisible: actor.restrictTo ? clientOfMember(office.id, actor.restrictTo) : undefined,
        visible: linkedCaseVisible(portalMessages.caseId, caseReach(c)),
      })
      return c.json<UnreadCount>({ count })
    },
  )
  .get(
    '/clients/:clientId',
    routeDoc(TAG, 'A conversa com um cliente (marca as mensagens dele como lidas)', {
      response: portalThreadSchema,
    }),
    validate('param', messageClientParam),
    validate('query', threadQuery),
    async (c) => {
      const { clientId } = c.req.valid('param')
      const access = await officeThread(c, clientId)
      const db = c.get('db')
      const thread = await openThread(db, access, 'escritorio', c.req.valid('query').caseId)
      const portalStatus = await portalStatusOf(db, access.officeId, clientId)
      return c.json<PortalThread>({ ...thread, portalStatus })
    },
  )
  .post(
    '/clients/:clientId',
    routeDoc(TAG, 'Envia uma mensagem ao cliente', { status: 201, response: portalMessageSchema }),
    validate('param', messageClientParam),
    validate('json', sendMessageBody),
    async (c) => {
      const { clientId } = c.req.valid('param')
      const access = await officeThread(c, clientId)
      const data = c.req.valid('json')
      const userId = c.get('office').userId
      const message = await c.get('db').transaction(async (tx) => {
        const created = await insertMessage(tx, access, { ...data, author: 'escritorio', userId })
        await recordOfficeAudit(
          c,
          {
            action: 'portal.message',
            entity: 'portal_message',
            entityId: created.id,
            details: { clientId, caseId: created.caseId, anexos: created.files.length },
          },
          tx,
        )
        return created
      })
      return c.json<PortalMessage>(message, 201)
    },
  )
  .post(
    '/clients/:clientId/files',
    routeDoc(TAG, 'Envia um anexo (um arquivo por requisição; o corpo são os bytes)', {
      status: 201,
      requestBody: messageFileBody,
      response: portalMessageFileSchema,
    }),
    validate('param', messageClientParam),
    validate('query', messageFileQuery),
    countEveryUpload,
    async (c) => {
      const { clientId } = c.req.valid('param')
      await officeThread(c, clientId)
      const office = c.get('office')
      const file = await receiveMessageFile(
        c,
        { officeId: office.id, clientId, userId: office.userId },
        c.req.valid('query').name,
      )
      return c.json<PortalMessageFile>(file, 201)
    },
  )
  .get(
    '/files/:fileId',
    routeDoc(TAG, 'Os bytes de um anexo de uma conversa que o membro vê', {
      media: 'application/octet-stream',
    }),
    validate('param', messageFileParam),
    async (c) => {
      const office = c.get('office')
      const db = c.get('db')
      const file = await findMessageFile(db, office.id, c.req.valid('param').fileId)
      if (!file) throw fileNotFound()
      // A pending upload is only its uploader's; an attached one follows its message's visibility.
      if (file.messageId === null) {
        if (file.uploadedBy !== office.userId) throw fileNotFound()
      } else {
        const access = await officeThread(c, file.clientId).catch(() => {
          throw fileNotFound()
        })
        if (!(await messageVisible(db, access, file.messageId))) throw fileNotFound()
      }
      return messageFileResponse(c, file)
    },
  )
