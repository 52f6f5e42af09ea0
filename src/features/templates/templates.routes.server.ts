import { Hono, type Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { z } from 'zod'
import type { AppEnv } from '../../platform/app-env.server'
import { ApiError, notFound } from '../../platform/http-error.server'
import { isUpload, rateLimit } from '../../platform/rate-limit.server'
import { noStore } from '../../platform/no-store.server'
import { apiTag, routeDoc } from '../../platform/route-doc.server'
import { validate } from '../../platform/validate.server'
import { recordOfficeAudit } from '../audit/audit.public.server'
import { requireOffice } from '../offices/offices.public.server'
import { docxToHtml, inspectDocxTemplate } from './docx-template.server'
import {
  discardOnFailure,
  receiveTemplateFile,
  storeTemplateDocx,
  templateStorage,
} from './templates.files.server'
import { generateDocuments, previewTemplate } from './templates.generate.server'
import {
  TEMPLATE_MESSAGES,
  templateCreateBody,
  templateGenerateBody,
  templatePreviewBody,
  templateUpdateBody,
  templateUploadQuery,
  type TemplateDetail,
  type TemplateGenerated,
  type TemplateList,
  type TemplatePreview,
} from './templates.schema'
import {
  createTemplate,
  deleteTemplate,
  ensureSeeded,
  findTemplate,
  insertDocxTemplate,
  listTemplates,
  toDetail,
  updateTemplate,
  type Executor,
  type TemplateViewer,
} from './templates.service.server'

const uuid = z.uuid()

/** The :id of the path; anything that is not a uuid can't be a template, so it is a 404 like a missing one. */
function templateId(c: Context<AppEnv>): string {
  const id = c.req.param('id')
  if (!uuid.safeParse(id).success) throw notFound(TEMPLATE_MESSAGES.notFound)
  return id as string
}

function viewer(c: Context<AppEnv>): TemplateViewer {
  const { id, userId, nivelAcesso, memberId } = c.get('office')
  return { officeId: id, userId, nivelAcesso, memberId }
}

async function loadDetail(db: Executor, officeId: string, id: string): Promise<TemplateDetail> {
  const row = await findTemplate(db, officeId, id)
  if (!row) throw notFound(TEMPLATE_MESSAGES.notFound)
  return toDetail(row)
}

function invalid(field: string, message: string): ApiError {
  return new ApiError(400, 'validation', message, { [field]: message })
}

/** A .docx arrives with its own Content-Type: counted here against the user's upload limit (see documents). */
const untypedUploadLimit = rateLimit({
  name: 'upload',
  rule: (env) => ({ windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS, max: env.RATE_LIMIT_UPLOAD_MAX }),
  key: (c) => c.get('office').userId,
})
const countEveryUpload = createMiddleware<AppEnv>((c, next) =>
  isUpload(c) ? next() : untypedUploadLimit(c, next),
)

/**
 * A generation renders a PDF and a DOCX (CPU) and stores two files: limited like uploads (RATE_LIMIT_UPLOAD_MAX
 * a window, 30 a minute by default), in its own counter — more than anyone generates by hand, and a runaway
 * script cannot starve the node.
 */
const generationLimit = rateLimit({
  name: 'templates.generate',
  rule: (env) => ({ windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS, max: env.RATE_LIMIT_UPLOAD_MAX }),
  key: (c) => c.get('office').userId,
})

// requireOffice runs first on every route: anonymous → 401, no membership → 403 before any validation, and
// the office is always the session's. Every member reads the templates and generates from them (the client
// and case they pick must be within their reach); writing templates is 'templates.manage' (sócios and
// associados). Another office's template is "not found" (404), exactly like a missing one.
const canManage = requireOffice('templates.manage')

const TAG = apiTag(
  'Modelos',
  'Modelos de documentos do escritório (procuração, contrato, declaração…) preenchidos com os dados do cliente e do caso, gerados em PDF e DOCX.',
)

export const templateRoutes = new Hono<AppEnv>()
  .use(requireOffice('documents.manage'))
  .use(noStore())
  .get(
    '/',
    routeDoc(TAG, 'Lista os modelos do escritório (cria os cinco modelos iniciais no primeiro acesso)'),
    async (c) => {
      const { id: officeId } = c.get('office')
      await ensureSeeded(c.get('db'), officeId)
      return c.json<TemplateList>({ items: await listTemplates(c.get('db'), officeId) })
    },
  )
  .post(
    '/',
    routeDoc(TAG, 'Cria um modelo no editor — sócios e associados', { status: 201 }),
    canManage,
    validate('json', templateCreateBody),
    async (c) => {
      const data = c.req.valid('json')
      const detail = await c.get('db').transaction(async (tx) => {
        const id = await createTemplate(tx, viewer(c), data)
        await recordOfficeAudit(
          c,
          { action: 'template.create', entity: 'template', entityId: id, details: { kind: data.kind } },
          tx,
        )
        return loadDetail(tx, viewer(c).officeId, id)
      })
      return c.json<TemplateDetail>(detail, 201)
    },
  )
  // One .docx per request, the body is its raw bytes (name and kind in the query, validated first). Fields the
  // merge does not know are refused here, listed, rather than found blank at generation.
  .post(
    '/upload',
    routeDoc(TAG, 'Envia um modelo do Word (.docx) com campos {grupo.campo} — sócios e associados', {
      status: 201,
      requestBody: {
        media: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        schema: { type: 'string', format: 'binary' },
      },
    }),
    canManage,
    validate('query', templateUploadQuery),
    countEveryUpload,
    async (c) => {
      const data = c.req.valid('query')
      const bytes = await receiveTemplateFile(c)
      // Not a .docx, or a broken field: inspectDocxTemplate answers 400 with a pt-BR message naming it.
      const inspected = inspectDocxTemplate(bytes)
      if (inspected.unknown.length > 0) {
        const message = TEMPLATE_MESSAGES.unknownFields(inspected.unknown)
        throw new ApiError(400, 'unknown_fields', message, { file: message })
      }
      const html = await docxToHtml(bytes)
      const storage = templateStorage(c.get('deps'))
      const storageKey = await storeTemplateDocx(storage, bytes)
      const detail = await discardOnFailure(storage, [storageKey], () =>
        c.get('db').transaction(async (tx) => {
          const id = await insertDocxTemplate(tx, viewer(c), { ...data, html, storageKey })
          await recordOfficeAudit(
            c,
            {
              action: 'template.upload',
              entity: 'template',
              entityId: id,
              details: { kind: data.kind, size: bytes.length, fields: inspected.placeholders.length },
            },
            tx,
          )
          const row = await findTemplate(tx, viewer(c).officeId, id)
          if (!row) throw new Error('uploaded template vanished')
          return toDetail(row, inspected.placeholders)
        }),
      )
      return c.json<TemplateDetail>(detail, 201)
    },
  )
  .get('/:id', routeDoc(TAG, 'Um modelo, com o texto e os campos que usa'), async (c) => {
    return c.json<TemplateDetail>(await loadDetail(c.get('db'), viewer(c).officeId, templateId(c)))
  })
  .patch(
    '/:id',
    routeDoc(TAG, 'Altera nome, tipo ou texto de um modelo — sócios e associados'),
    canManage,
    validate('json', templateUpdateBody),
    async (c) => {
      const id = templateId(c)
      const data = c.req.valid('json')
      const detail = await c.get('db').transaction(async (tx) => {
        const outcome = await updateTemplate(tx, viewer(c).officeId, id, data)
        if (outcome === 'not_found') throw notFound(TEMPLATE_MESSAGES.notFound)
        if (outcome === 'docx_text') throw invalid('html', TEMPLATE_MESSAGES.docxNotEditable)
        const fields = Object.keys(data).filter((key) => data[key as keyof typeof data] !== undefined)
        await recordOfficeAudit(
          c,
          { action: 'template.update', entity: 'template', entityId: id, details: { fields } },
          tx,
        )
        return loadDetail(tx, viewer(c).officeId, id)
      })
      return c.json<TemplateDetail>(detail)
    },
  )
  .delete(
    '/:id',
    routeDoc(TAG, 'Exclui um modelo — sócios e associados', { status: 204 }),
    canManage,
    async (c) => {
      const id = templateId(c)
      await c.get('db').transaction(async (tx) => {
        if (!(await deleteTemplate(tx, viewer(c).officeId, id))) throw notFound(TEMPLATE_MESSAGES.notFound)
        await recordOfficeAudit(c, { action: 'template.delete', entity: 'template', entityId: id }, tx)
      })
      return c.body(null, 204)
    },
  )
  .post(
    '/:id/preview',
    routeDoc(
      TAG,
      'Pré-visualiza o modelo preenchido para um cliente (e caso), destacando os campos sem valor',
    ),
    validate('json', templatePreviewBody),
    async (c) => {
      const id = templateId(c)
      const preview = await previewTemplate(c, viewer(c), id, c.req.valid('json'))
      return c.json<TemplatePreview>(preview)
    },
  )
  .post(
    '/:id/generate',
    routeDoc(TAG, 'Gera o documento em PDF e DOCX e o salva em Documentos, vinculado ao cliente e ao caso', {
      status: 201,
    }),
    validate('json', templateGenerateBody),
    generationLimit,
    async (c) => {
      const id = templateId(c)
      const generated = await generateDocuments(c, viewer(c), id, c.req.valid('json'))
      return c.json<TemplateGenerated>(generated, 201)
    },
  )
