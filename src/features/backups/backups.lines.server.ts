import { MAX_LINE_BYTES } from './backups.bounds.server'
import { InvalidBackupError } from './backups.errors.server'

// JSON Lines read with a bound (issue 24). node:readline buffers a line until its end, however long: one
// 3 GB line became one string past V8's limit and ended the process. Here a line longer than
// MAX_LINE_BYTES is refused as soon as its bytes pass the limit, and lines are decoded only once whole
// (a multi-byte character split across chunks stays intact).

const NEWLINE = 0x0a
const CARRIAGE_RETURN = 0x0d

/** Each non-empty line of `source` as a string (a trailing \r dropped); never holds more than one line. */
export async function* boundedLines(
  source: AsyncIterable<Buffer>,
  maxBytes: number = MAX_LINE_BYTES,
): AsyncGenerator<string> {
  let parts: Buffer[] = []
  let length = 0
  const take = (): string => {
    let line = Buffer.concat(parts, length)
    if (line.at(-1) === CARRIAGE_RETURN) line = line.subarray(0, -1)
    parts = []
    length = 0
    return line.toString('utf8')
  }
  for await (const chunk of source) {
    let start = 0
    for (;;) {
      const newline = chunk.indexOf(NEWLINE, start)
      const end = newline === -1 ? chunk.length : newline
      length += end - start
      if (length > maxBytes) throw new InvalidBackupError('lineTooLong')
      // Views: at most the chunks of the current line stay alive, and take() copies them once.
      if (end > start) parts.push(chunk.subarray(start, end))
      if (newline === -1) break
      if (length > 0) {
        const line = take()
        if (line !== '') yield line
      }
      start = newline + 1
    }
  }
  if (length > 0) {
    const line = take()
    if (line !== '') yield line
  }
}

/**
 * A checker for a stream's chunks that throws InvalidBackupError('lineTooLong') once a line passes
 * `maxBytes`, keeping no bytes (the upload's validation: lines are checked, not parsed).
 */
export function lineLengthGuard(maxBytes: number = MAX_LINE_BYTES): (chunk: Buffer) => void {
  let length = 0
  return (chunk) => {
    let start = 0
    for (;;) {
      const newline = chunk.indexOf(NEWLINE, start)
      length += (newline === -1 ? chunk.length : newline) - start
      if (length > maxBytes) throw new InvalidBackupError('lineTooLong')
      if (newline === -1) return
      length = 0
      start = newline + 1
    }
  }
}
