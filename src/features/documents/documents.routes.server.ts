import { Hono, type Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { z } from 'zod'
import type { AppEnv } from '../../platform/app-env.server'
import { apiTag, routeDoc } from '../../platform/route-doc.server'
import { noStore } from '../../platform/no-store.server'
import { notFound } from '../../platform/http-error.server'
import { isUpload, rateLimit } from '../../platform/rate-limit.server'
import { validate } from '../../platform/validate.server'
import { recordOfficeAudit } from '../audit/audit.public.server'
import { requireOffice } from '../offices/offices.public.server'
import {
  DOCUMENT_MESSAGES,
  documentFileQuery,
  documentListQuery,
  documentListSchema,
  documentUpdateBody,
  documentUploadQuery,
  documentVersionQuery,
  type DocumentDetail,
  type DocumentList,
  type DocumentRow,
  type DocumentStats,
} from './documents.schema'
import { fileResponse, receiveFile, recordReceived } from './documents.files.server'
import {
  findVersionFile,
  getDocument,
  getDocumentStats,
  listDocuments,
  listVersions,
  type Executor,
  type Viewer,
} from './documents.service.server'
import {
  checkLinks,
  checkSharing,
  insertDocument,
  insertVersion,
  restoreDocument,
  softDeleteDocument,
  updateDocument,
  uploadSharing,
} from './documents.write.server'

const uuid = z.uuid()

/** The :id of the path; anything that is not a uuid can't be a document, so it is a 404 like a missing one. */
function documentId(c: Context<AppEnv>): string {
  const id = c.req.param('id')
  if (!uuid.safeParse(id).success) throw notFound(DOCUMENT_MESSAGES.notFound)
  return id as string
}

function viewer(c: Context<AppEnv>): Viewer {
  const { id, userId, nivelAcesso, memberId } = c.get('office')
  return { officeId: id, userId, nivelAcesso, memberId }
}

function orNotFound<T>(value: T | null | false): T {
  if (value === null || value === false) throw notFound(DOCUMENT_MESSAGES.notFound)
  return value
}

/** The document as it now stands (inside the change's transaction). */
async function loadRow(db: Executor, c: Context<AppEnv>, id: string): Promise<DocumentRow> {
  return orNotFound(await getDocument(db, viewer(c), id))
}

/**
 * The platform counts an upload against the user's limit by its Content-Type (multipart, octet-stream,
 * image/*, PDF). A raw body may arrive with any type (a browser sends a DOCX's own), so the upload
 * routes count the others here, in the same counter: every file upload costs exactly one unit.
 */
const untypedUploadLimit = rateLimit({
  name: 'upload',
  rule: (env) => ({ windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS, max: env.RATE_LIMIT_UPLOAD_MAX }),
  key: (c) => c.get('office').userId,
})
const countEveryUpload = createMiddleware<AppEnv>((c, next) =>
  isUpload(c) ? next() : untypedUploadLimit(c, next),
)

const TAG = apiTag(
  'Documentos',
  'Documentos do escritório da sessão, filtrados pelo nível de acesso do membro.',
)

/** The raw body of a document upload (its metadata rides in the query string), for the API reference. */
const documentBody = {
  media: 'application/octet-stream',
  schema: {
    type: 'string',
    format: 'binary',
    description: 'PDF, DOC, DOCX, XLS, XLSX, JPG ou PNG (conferido pelo conteúdo), até 10 MB.',
  },
}

// requireOffice runs first on every route: anonymous → 401, no membership → 403 before any validation,
// and the office is always the session's. Another office's document, or one the member's level doesn't
// see (documents.access.ts), is "not found" (404), exactly like a missing one.
export const documentRoutes = new Hono<AppEnv>()
  .use(requireOffice('documents.manage'))
  .use(noStore())
  .get(
    '/',
    routeDoc(TAG, 'Lista os documentos que o membro pode ver (busca, filtros, páginas)', {
      response: documentListSchema,
    }),
    validate('query', documentListQuery),
    async (c) => {
      return c.json<DocumentList>(await listDocuments(c.get('db'), viewer(c), c.req.valid('query')))
    },
  )
  .get('/stats', routeDoc(TAG, 'Totais de documentos: pastas, confidenciais, este mês'), async (c) => {
    return c.json<DocumentStats>(await getDocumentStats(c.get('db'), viewer(c)))
  })
  // One file per request, the body is its raw bytes (the browser shows per-file progress and aborts
  // with xhr.abort()). Metadata rides in the query string, validated before a byte is read.
  .post(
    '/',
    routeDoc(TAG, 'Envia um documento (um arquivo por requisição; o corpo são os bytes)', {
      status: 201,
      requestBody: documentBody,
    }),
    validate('query', documentUploadQuery),
    countEveryUpload,
    async (c) => {
      const data = c.req.valid('query')
      checkSharing(viewer(c), null, uploadSharing(data), data.confirmarConfidencial)
      await checkLinks(c.get('db'), viewer(c), data)
      const received = await receiveFile(c, data.name)
      const document = await recordReceived(received, () =>
        c.get('db').transaction(async (tx) => {
          const id = await insertDocument(tx, viewer(c), data, received.file)
          await recordOfficeAudit(
            c,
            {
              action: 'document.upload',
              entity: 'document',
              entityId: id,
              details: {
                versao: 1,
                tipo: received.file.tipo,
                size: received.file.size,
                compartilhadoCliente: data.compartilhadoCliente,
              },
            },
            tx,
          )
          return loadRow(tx, c, id)
        }),
      )
      return c.json<{ document: DocumentRow }>({ document }, 201)
    },
  )
  .get('/:id', routeDoc(TAG, 'Um documento e o histórico de versões'), async (c) => {
    const id = documentId(c)
    const document = orNotFound(await getDocument(c.get('db'), viewer(c), id))
    const versions = await listVersions(c.get('db'), c.get('office').id, id)
    return c.json<DocumentDetail>({ document, versions })
  })
  .patch(
    '/:id',
    routeDoc(TAG, 'Altera os dados de um documento'),
    validate('json', documentUpdateBody),
    async (c) => {
      const id = documentId(c)
      const data = c.req.valid('json')
      const document = await c.get('db').transaction(async (tx) => {
        orNotFound(await updateDocument(tx, viewer(c), id, data))
        // The names of the fields sent, never their values — but for the sharing, which the office must be
        // able to tell from its log ('who showed this to the client, and when').
        const fields = Object.keys(data).filter((key) => data[key as keyof typeof data] !== undefined)
        const { compartilhadoCliente } = data
        await recordOfficeAudit(
          c,
          {
            action: 'document.update',
            entity: 'document',
            entityId: id,
            details: { fields, ...(compartilhadoCliente !== undefined && { compartilhadoCliente }) },
          },
          tx,
        )
        return loadRow(tx, c, id)
      })
      return c.json<{ document: DocumentRow }>({ document })
    },
  )
  .post(
    '/:id/versions',
    routeDoc(TAG, 'Envia uma nova versão de um documento (o corpo são os bytes)', {
      status: 201,
      requestBody: documentBody,
    }),
    validate('query', documentVersionQuery),
    countEveryUpload,
    async (c) => {
      const id = documentId(c)
      const { name } = c.req.valid('query')
      // Before reading the body: a document the member doesn't see costs them no upload.
      orNotFound(await getDocument(c.get('db'), viewer(c), id))
      const received = await receiveFile(c, name)
      const document = await recordReceived(received, () =>
        c.get('db').transaction(async (tx) => {
          const versao = orNotFound(await insertVersion(tx, viewer(c), id, received.file))
          await recordOfficeAudit(
            c,
            {
              action: 'document.version',
              entity: 'document',
              entityId: id,
              details: { versao, tipo: received.file.tipo, size: received.file.size },
            },
            tx,
          )
          return loadRow(tx, c, id)
        }),
      )
      return c.json<{ document: DocumentRow }>({ document }, 201)
    },
  )
  .get(
    '/:id/file',
    routeDoc(TAG, 'Os bytes de uma versão (confidenciais: auditado)', { media: 'application/octet-stream' }),
    validate('query', documentFileQuery),
    async (c) => {
      const id = documentId(c)
      const { version, disposition } = c.req.valid('query')
      const file = await findVersionFile(c.get('db'), viewer(c), id, version)
      if (!file) {
        throw notFound(version === undefined ? DOCUMENT_MESSAGES.notFound : DOCUMENT_MESSAGES.versionNotFound)
      }
      // Who read a confidential document is logged before its first byte leaves.
      if (file.nivelAcesso === 'confidencial') {
        await recordOfficeAudit(c, {
          action: 'document.download',
          entity: 'document',
          entityId: id,
          details: { versao: file.versao },
        })
      }
      return fileResponse(c, file, disposition)
    },
  )
  .delete(
    '/:id',
    routeDoc(TAG, 'Exclui um documento (pode ser restaurado por 30 dias)', { status: 204 }),
    async (c) => {
      const id = documentId(c)
      await c.get('db').transaction(async (tx) => {
        orNotFound(await softDeleteDocument(tx, viewer(c), id))
        await recordOfficeAudit(c, { action: 'document.delete', entity: 'document', entityId: id }, tx)
      })
      return c.body(null, 204)
    },
  )
  .post('/:id/restore', routeDoc(TAG, 'Restaura um documento excluído'), async (c) => {
    const id = documentId(c)
    const document = await c.get('db').transaction(async (tx) => {
      orNotFound(await restoreDocument(tx, viewer(c), id))
      await recordOfficeAudit(c, { action: 'document.restore', entity: 'document', entityId: id }, tx)
      return loadRow(tx, c, id)
    })
    return c.json<{ document: DocumentRow }>({ document })
  })
