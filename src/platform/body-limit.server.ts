import type { Context, MiddlewareHandler } from 'hono'
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

function declaredLength(c: Context): number | undefined {
  const declared = c.req.header('content-length')
  if (declared === undefined || c.req.raw.headers.has('transfer-encoding')) return undefined
  const length = Number(declared)
  return Number.isSafeInteger(length) && length >= 0 ? length : undefined
}

/**
 * Reads a small body whole (at most `maxBytes`, declared or chunked) before the route runs: 413 past the
 * cap, before the route or a library sees any of it. For routes that take only a little JSON (better-auth's
 * /api/auth/*, whose own body reader turns a stream error into a bare 500).
 */
export function bufferedBodyLimit(maxBytes: number, message: string): MiddlewareHandler {
  return async (c, next) => {
    const body = c.req.raw.body
    if (!body) return next()
    if ((declaredLength(c) ?? 0) > maxBytes) throw new ApiError(413, 'too_large', message)
    const chunks: Uint8Array[] = []
    let size = 0
    const reader = body.getReader()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > maxBytes) {
        // The rest stays unread for releaseUnreadBody to deal with after the answer.
        reader.releaseLock()
        throw new ApiError(413, 'too_large', message)
      }
      chunks.push(value)
    }
    c.req.raw = new Request(c.req.raw, { body: Buffer.concat(chunks) })
    return next()
  }
}

/**
 * After the answer, what a route left of the request body (a 401, 403 or 413 given before reading it) is
 * read and thrown away when it is declared and at most `maxDrainBytes`, so the connection can carry the
 * client's next request; anything bigger or of unknown size gets `Connection: close`. Without it the body
 * sat paused behind the web stream, @hono/node-server's own drain stalled on it and cut the socket after
 * 500 ms, under a response that had said keep-alive: the client's next request failed (issue 24, item 15).
 * Mount it outside every middleware that may refuse a body.
 */
export function releaseUnreadBody(maxDrainBytes: number): MiddlewareHandler {
  return async (c, next) => {
    await next()
    let body: ReadableStream<Uint8Array> | null
    try {
      body = c.req.raw.body
    } catch {
      return
    }
    // Locked: a reader has it (read to the end, or failing on its own terms).
    if (!body || body.locked) return
    const declared = declaredLength(c)
    if (declared === undefined || declared > maxDrainBytes) {
      c.header('Connection', 'close')
      return
    }
    void discard(body)
  }
}

async function discard(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader()
  try {
    while (!(await reader.read()).done) {
      // Node stops the body at its declared length: this ends by itself.
    }
  } catch {
    // The client went away: nothing left to release.
  }
}
