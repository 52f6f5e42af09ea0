import type { MiddlewareHandler } from 'hono'

/**
 * Answers that carry an office's or a person's data are never kept by a browser or a proxy cache. Runs after
 * the handler, so a route that chose its own Cache-Control (a public file, a download) keeps it.
 */
export function noStore(value: 'no-store' | 'private, no-store' = 'no-store'): MiddlewareHandler {
  return async (c, next) => {
    await next()
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', value)
  }
}
