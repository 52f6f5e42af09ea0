// Test helper: reads a Server-Sent Events body as it arrives (from app.request or fetch) and parses events.

export interface SseEvent {
  event: string
  data: string
  /** Milliseconds (performance.now()) when the event was parsed. */
  at: number
}

export interface EventReader {
  /** Every event parsed so far, in order. */
  readonly events: SseEvent[]
  /** Comment lines seen (heartbeats) and `retry:` values. */
  readonly comments: string[]
  readonly retries: number[]
  /** The first event (not yet taken) matching, waiting up to timeoutMs. */
  next(match?: (event: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>
  close(): Promise<void>
}

export function readEvents(body: ReadableStream<Uint8Array>): EventReader {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  const events: SseEvent[] = []
  const comments: string[] = []
  const retries: number[] = []
  const taken = new Set<SseEvent>()
  let waiters: (() => void)[] = []
  let buffer = ''
  let done = false

  const wake = () => {
    const current = waiters
    waiters = []
    for (const waiter of current) waiter()
  }

  const parseBlock = (block: string) => {
    let event = 'message'
    const data: string[] = []
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) comments.push(line.slice(1).trim())
      else if (line.startsWith('event:')) event = line.slice(6).trim()
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''))
      else if (line.startsWith('retry:')) retries.push(Number(line.slice(6).trim()))
    }
    if (data.length > 0) events.push({ event, data: data.join('\n'), at: performance.now() })
  }

  void (async () => {
    try {
      for (;;) {
        const { value, done: finished } = await reader.read()
        if (finished) break
        buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n')
        let end: number
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          parseBlock(buffer.slice(0, end))
          buffer = buffer.slice(end + 2)
        }
        wake()
      }
    } catch {
      // cancelled
    } finally {
      done = true
      wake()
    }
  })()

  return {
    events,
    comments,
    retries,
    async next(match = () => true, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const found = events.find((event) => !taken.has(event) && match(event))
        if (found) {
          taken.add(found)
          return found
        }
        if (done) throw new Error('the stream ended')
        const left = deadline - Date.now()
        if (left <= 0) throw new Error(`no matching event within ${timeoutMs} ms`)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left)
          waiters.push(() => {
            clearTimeout(timer)
            resolve()
          })
        })
      }
    },
    async close() {
      await reader.cancel().catch(() => {})
    },
  }
}
