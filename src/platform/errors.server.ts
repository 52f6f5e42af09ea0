import type { ErrorHandler, NotFoundHandler } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ApiErrorBody } from '../lib/api-error'
import { ApiError } from './http-error.server'
import { log, summarizeError } from './log.server'
import { FileTooLargeError } from './upload-spool.server'

const MESSAGES: Partial<Record<number, string>> = {
  400: 'Requisição inválida.',
  401: 'Sessão expirada. Entre novamente.',
  403: 'Acesso negado.',
  404: 'Recurso não encontrado.',
  413: 'Arquivo ou requisição grande demais.',
  429: 'Muitas tentativas. Aguarde um minuto e tente novamente.',
}

/** What a 500 tells the shell's listener (the platform's event log): ids and the error's class only. */
export interface ServerErrorInfo {
  requestId?: string
  errorClass: string
  route?: string
  method?: string
}

/**
 * Every error leaves as JSON with a pt-BR message; a 500 never carries a stack trace or SQL, only the
 * request id of its log line (also in the X-Request-Id header). The platform knows no feature: the shell
 * passes `onServerError` (issue 14: the /admin/logs event), awaited but never allowed to fail the answer.
 */
export function createOnError(onServerError?: (info: ServerErrorInfo) => Promise<void>): ErrorHandler {
  return async (error, c) => {
    const response = handleError(error, c)
    if (response.status === 500 && onServerError) {
      await onServerError({
        requestId: c.get('requestId'),
        errorClass: summarizeError(error).name,
        route: c.req.routePath,
        method: c.req.method,
      }).catch(() => undefined)
    }
    return response
  }
}

export const onError: ErrorHandler = createOnError()

function handleError(error: Parameters<ErrorHandler>[0], c: Parameters<ErrorHandler>[1]) {
  if (error instanceof ApiError) {
    const body: ApiErrorBody = { error: { code: error.code, message: error.message, fields: error.fields } }
    return c.json(body, error.status)
  }
  // A chunked body that outgrew the cap while a route read it (body-limit.server.ts).
  if (error instanceof FileTooLargeError) {
    return c.json<ApiErrorBody>({ error: { code: 'too_large', message: MESSAGES[413] ?? '' } }, 413)
  }
  if (error instanceof HTTPException) {
    const status = error.status as ContentfulStatusCode
    // Hono's own messages are English ("Malformed JSON in request body"): answer in pt-BR.
    const message =
      status === 400 && /json/i.test(error.message)
        ? 'O corpo da requisição não é um JSON válido.'
        : (MESSAGES[status] ?? 'Erro inesperado. Tente novamente mais tarde.')
    return c.json<ApiErrorBody>({ error: { code: `http_${status}`, message } }, status)
  }
  // Never the error's message, its SQL parameters, the raw path or the body: personal data stays out of
  // the log (log.server.ts keeps only class, code, constraint, table and column). The route pattern
  // ('/api/clients/:id') and the request id are enough to find and reproduce the failure.
  const requestId = c.get('requestId')
  log.error('request failed', { requestId, method: c.req.method, route: c.req.routePath, error })
  return c.json<ApiErrorBody & { requestId?: string }>(
    { error: { code: 'internal', message: 'Erro inesperado. Tente novamente mais tarde.' }, requestId },
    500,
  )
}

export const onApiNotFound: NotFoundHandler = (c) =>
  c.json<ApiErrorBody>({ error: { code: 'not_found', message: 'Rota não encontrada.' } }, 404)
