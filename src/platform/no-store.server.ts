import type { MiddlewareHandler } from 'hono'

/**
 * Answers that carry an office's or a person's data are never kept by a browser or a proxy cache. The header is
 * set before the handler, so a c.json() answer carries it at no cost (setting a header on a finished response
 * copies it: about 0.1 ms a request, decision 018) and a handler may still choose its own; a Response the handler
 * built itself gets it afterwards when it has none.
 */
export function noStore(value: 'no-store' | 'private, no-store' = 'no-store'): MiddlewareHandler {
  return async (c, next) => {
    c.header('Cache-Control', value)
    await next()
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', value)
  }
}
