import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../../platform/app-env.server'
import { isUpload, rateLimit } from '../../platform/rate-limit.server'
import { apiTag } from '../../platform/route-doc.server'

// What both sides' message routers share: their API section, the upload's documented body, its rate limit.

export const PORTAL_MESSAGES_TAG = apiTag(
  'Portal do Cliente — Mensagens',
  'Mensagens entre o escritório e seus clientes, com anexos e confirmação de leitura.',
)

/** The raw body of an attachment upload (its name rides in the query string), for the API reference. */
export const messageFileBody = {
  media: 'application/octet-stream',
  schema: {
    type: 'string',
    format: 'binary',
    description: 'PDF, DOC, DOCX, XLS, XLSX, JPG ou PNG (conferido pelo conteúdo), até 10 MB.',
  },
}

/**
 * The platform counts an upload by its Content-Type; a raw body may arrive with any type (a browser sends a
 * DOCX's own), so these routes count the others in the same per-user counter, as the documents' routes do.
 */
const untypedUploadLimit = rateLimit({
  name: 'upload',
  rule: (env) => ({ windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS, max: env.RATE_LIMIT_UPLOAD_MAX }),
  key: (c) => c.get('user')?.id,
})
export const countEveryUpload = createMiddleware<AppEnv>((c, next) =>
  isUpload(c) ? next() : untypedUploadLimit(c, next),
)
