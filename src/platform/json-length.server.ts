import type { MiddlewareHandler } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { AppEnv } from './app-env.server'

const BODYLESS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Gives `c.json` answers their Content-Length (issue 24). Hono's `c.json` sets none, and `compress()` applies
 * its 1 KB threshold only to a body whose length it knows, so every JSON answer — a 60-byte health check, a
 * 400, a counter — went through a CompressionStream of its own: a zlib instance per answer (17 % of a node's
 * CPU in the two-node load bench, `npm run bench -- load`) and web streams instead of @hono/node-server's
 * fast path for string bodies. Browsers always send Accept-Encoding; the benches of issue 7 did not, which is
 * why it stayed unseen. With the length known, small answers leave as plain strings and lists of 1 KB or more
 * are still compressed. Only the usual call shapes are sized (`c.json(x)`, `c.json(x, status)`); a call with
 * its own headers or init is left exactly as it was.
 */
export const sizedJson: MiddlewareHandler<AppEnv> = async (c, next) => {
  // Only answers to requests without a body. A refusal sent before a body was read (413 on a chunked upload
  // over the cap) closes the connection while the body still arrives; answered at once from a string, the
  // client could meet the closed socket before it read the 413. Bodyless requests are most of the traffic.
  if (!BODYLESS.has(c.req.method)) return next()
  const json = c.json
  c.json = ((object: unknown, arg?: unknown, headers?: unknown) => {
    const text =
      headers === undefined && (arg === undefined || typeof arg === 'number') && JSON.stringify(object)
    if (typeof text !== 'string') return json(object as never, arg as never, headers as never)
    return c.body(text, arg as ContentfulStatusCode | undefined, {
      'Content-Type': 'application/json',
      'Content-Length': String(Buffer.byteLength(text)),
    })
  }) as typeof c.json
  await next()
}
