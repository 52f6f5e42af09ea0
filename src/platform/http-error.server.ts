import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

/** Thrown anywhere below a route; the error handler turns it into `{ error: { code, message } }`. */
export class ApiError extends HTTPException {
  constructor(
    status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(status, { message })
  }
}

export const unauthorized = () => new ApiError(401, 'unauthorized', 'Sessão expirada. Entre novamente.')
export const forbidden = () => new ApiError(403, 'forbidden', 'Acesso negado.')
export const notFound = (message = 'Registro não encontrado.') => new ApiError(404, 'not_found', message)

/** A session idle past a timeout (the office's or the platform's): it was signed out, the browser signs in again. */
export class SessionExpiredError extends ApiError {
  constructor() {
    super(401, 'session_expired', 'Sua sessão expirou por inatividade. Entre novamente.')
  }
}
