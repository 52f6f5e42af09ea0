import type { MiddlewareHandler } from 'hono'
import { ApiError } from './http-error.server'
import { FileTooLargeError } from './upload-spool.server'

/**
 * Caps a request body at `maxBytes` without holding it. A declared Content-Length over the cap is refused
 * at once (413); a body without one (chunked) is counted as it streams and fails with FileTooLargeError
 * past the cap, which the reader (an upload's spool, a JSON parse) turns into a 413. Hono's bodyLimit
 * buffers a chunked body whole to count it, which would put every streamed upload in memory.
 */
export function streamingBodyLimit(maxBytes: number, message: string): MiddlewareHandler {
  return async (c, next) => {
    const body = c.req.raw.body
    if (!body) return next()
    const declared = c.req.header('content-length')
    if (declared !== undefined && !c.req.raw.headers.has('transfer-encoding')) {
      if (Number.parseInt(declared, 10) > maxBytes) throw new ApiError(413, 'too_large', message)
      return next()
    }
    let size = 0
    const counted = body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          size += chunk.byteLength
          if (size > maxBytes) controller.error(new FileTooLargeError(maxBytes))
          else controller.enqueue(chunk)
        },
      }),
    )
    c.req.raw = new Request(c.req.raw, { body: counted, duplex: 'half' } as RequestInit)
    return next()
  }
}
