import { Hono, type Context } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../../platform/app-env.server'
import { log } from '../../platform/log.server'
import { notFound } from '../../platform/http-error.server'
import { routeDoc } from '../../platform/route-doc.server'
import { validate } from '../../platform/validate.server'
import { recordOfficeAudit } from '../audit/audit.public.server'
import { getDocument, visibleDocumentIds, type DocumentViewer } from '../documents/documents.public.server'
import { requireOffice } from '../offices/offices.public.server'
import { readVersionBytes, sha256Hex } from './signatures.files.server'
import { sendSigningInvite } from './signatures.mail.server'
import { SIGNATURES_TAG as TAG, signingPublicRoutes } from './signatures.public-routes.server'
import {
  createSignatureBody,
  signatureListQuery,
  signatureStatusQuery,
  SIGNATURE_MESSAGES,
  type SignatureBadges,
  type SignatureRequestRow,
} from './signatures.schema'
import {
  cancelSignatureRequest,
  createSignatureRequest,
  listSignatureRequests,
  requestDocument,
  signatureBadges,
} from './signatures.service.server'
import { offices } from '../offices/offices.table.server'
import { eq } from 'drizzle-orm'

// /api/signatures (issue 25), the office's side: send a PDF for signature, follow it, cancel it. The same
// capability and document access as the documents routes: a member sends only a document they see.

const manage = requireOffice('documents.manage')
const idParam = z.object({ id: z.uuid() })

function viewer(c: Context<AppEnv>): DocumentViewer {
  const { id, userId, nivelAcesso, memberId } = c.get('office')
  return { officeId: id, userId, nivelAcesso, memberId }
}

async function officeName(c: Context<AppEnv>): Promise<string> {
  const [row] = await c
    .get('db')
    .select({ nome: offices.nome })
    .from(offices)
    .where(eq(offices.id, c.get('office').id))
  return row?.nome ?? 'O escritório'
}

const officeRoutes = new Hono<AppEnv>()
  .post(
    '/',
    routeDoc(TAG, 'Envia um documento PDF para assinatura (e-mail com link pessoal a cada signatário)', {
      status: 201,
    }),
    manage,
    validate('json', createSignatureBody),
    async (c) => {
      const body = c.req.valid('json')
      const env = c.get('deps').env
      const created = await c.get('db').transaction(async (tx) => {
        const result = await createSignatureRequest(tx, viewer(c), body, async (version) =>
          sha256Hex(await readVersionBytes(env, version)),
        )
        await recordOfficeAudit(
          c,
          {
            action: 'signature.request',
            entity: 'signature_request',
            entityId: result.requestId,
            details: { documento: result.documentName, signatarios: result.invites.map((i) => i.name) },
          },
          tx,
        )
        return result
      })
      // After the commit: a rolled-back request mails nothing. A failed e-mail leaves the request (the office
      // can cancel and send again) and is logged without the address.
      const name = await officeName(c)
      for (const invite of created.invites) {
        await sendSigningInvite(c.get('deps'), c.get('office').id, {
          ...invite,
          documentName: created.documentName,
          officeName: name,
          message: body.message || null,
        }).catch((error: unknown) => log.error('signature invite e-mail failed', { error }))
      }
      return c.json({ id: created.requestId }, 201)
    },
  )
  .get(
    '/',
    routeDoc(TAG, 'Solicitações de assinatura de um documento, com a situação de cada signatário'),
    manage,
    validate('query', signatureListQuery),
    async (c) => {
      const { documentId } = c.req.valid('query')
      if (!(await getDocument(c.get('db'), viewer(c), documentId))) {
        throw notFound(SIGNATURE_MESSAGES.documentNotFound)
      }
      c.header('Cache-Control', 'no-store')
      return c.json<SignatureRequestRow[]>(
        await listSignatureRequests(c.get('db'), c.get('office').id, documentId),
      )
    },
  )
  .get(
    '/status',
    routeDoc(TAG, 'Situação da assinatura de vários documentos (selo da lista)'),
    manage,
    validate('query', signatureStatusQuery),
    async (c) => {
      const ids = c.req
        .valid('query')
        .documentIds.split(',')
        .filter((id) => z.uuid().safeParse(id).success)
        .slice(0, 100)
      // Only the documents this member sees: the badge names the signers of a restricted contract.
      const visible = await visibleDocumentIds(c.get('db'), viewer(c), ids)
      c.header('Cache-Control', 'no-store')
      return c.json<SignatureBadges>(await signatureBadges(c.get('db'), c.get('office').id, visible))
    },
  )
  .post(
    '/:id/cancel',
    routeDoc(TAG, 'Cancela uma solicitação de assinatura pendente', { status: 204 }),
    manage,
    validate('param', idParam),
    async (c) => {
      const { id } = c.req.valid('param')
      const db = c.get('db')
      const documentId = await requestDocument(db, c.get('office').id, id)
      // A request of a document the member can't see is as absent as another office's.
      if (!documentId || !(await getDocument(db, viewer(c), documentId))) {
        throw notFound(SIGNATURE_MESSAGES.notFound)
      }
      await db.transaction(async (tx) => {
        const cancelled = await cancelSignatureRequest(tx, c.get('office').id, id)
        if (!cancelled) throw notFound(SIGNATURE_MESSAGES.notFound)
        await recordOfficeAudit(
          c,
          { action: 'signature.cancel', entity: 'signature_request', entityId: id },
          tx,
        )
      })
      return c.body(null, 204)
    },
  )

export const signatureRoutes = new Hono<AppEnv>().route('/', signingPublicRoutes).route('/', officeRoutes)
