import { randomUUID } from 'node:crypto'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from './app-env.server'

declare module './app-env.server' {
  interface AppVariables {
    /** This request's id: in the X-Request-Id header, in a 500's body and in its log line. */
    requestId: string
  }
}

export const REQUEST_ID_HEADER = 'X-Request-Id'

/**
 * Gives every request an id and every response the X-Request-Id header, so support can find the one log
 * line a user's "Erro inesperado" left. Always generated here: an id sent by the client is not trusted
 * (it could be made to collide with another request's line). Mounted first, so it sees the final response.
 */
export function requestId() {
  return createMiddleware<AppEnv>(async (c, next) => {
    const id = randomUUID()
    c.set('requestId', id)
    await next()
    c.res.headers.set(REQUEST_ID_HEADER, id)
  })
}
