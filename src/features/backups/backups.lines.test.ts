import { describe, expect, it } from 'vitest'
import { MAX_LINE_BYTES } from './backups.bounds.server'
import { InvalidBackupError } from './backups.errors.server'
import { boundedLines, lineLengthGuard } from './backups.lines.server'

async function* chunksOf(...parts: (string | Buffer)[]): AsyncGenerator<Buffer> {
  for (const part of parts) yield Buffer.isBuffer(part) ? part : Buffer.from(part)
}

async function collect(source: AsyncIterable<Buffer>, maxBytes?: number): Promise<string[]> {
  const lines: string[] = []
  for await (const line of boundedLines(source, maxBytes)) lines.push(line)
  return lines
}

describe('boundedLines', () => {
  it('yields whole lines across chunks, drops \\r and empty lines, keeps a split UTF-8 character', async () => {
    const accented = Buffer.from('{"nome":"João"}\n')
    const cut = accented.indexOf(0xc3) + 1 // inside 'ã'
    expect(
      await collect(
        chunksOf('{"a":1}\r\n{"b"', ':2}\n\n', accented.subarray(0, cut), accented.subarray(cut), '{"c":3}'),
      ),
    ).toEqual(['{"a":1}', '{"b":2}', '{"nome":"João"}', '{"c":3}'])
  })

  it('refuses a line past the limit as soon as its bytes pass it, without reading on', async () => {
    // A 50 MB line in 64 KB chunks: the reader must stop after ~1 MB, not buffer the line.
    const chunk = Buffer.alloc(64 * 1024, 'A')
    let read = 0
    async function* endless(): AsyncGenerator<Buffer> {
      for (let i = 0; i < 800; i++) {
        read++
        yield chunk
      }
    }
    await expect(collect(endless())).rejects.toThrow(InvalidBackupError)
    await expect(collect(endless())).rejects.toMatchObject({ reason: 'lineTooLong' })
    expect(read).toBeLessThanOrEqual(2 * (Math.ceil(MAX_LINE_BYTES / chunk.length) + 1))
  })

  it('accepts a line of exactly the limit', async () => {
    const line = 'x'.repeat(1000)
    expect(await collect(chunksOf(`${line}\n`), 1000)).toEqual([line])
    await expect(collect(chunksOf(`${line}x\n`), 1000)).rejects.toMatchObject({ reason: 'lineTooLong' })
  })
})

describe('lineLengthGuard', () => {
  it('counts a line across chunks and resets at each newline', () => {
    const guard = lineLengthGuard(10)
    guard(Buffer.from('12345'))
    guard(Buffer.from('67890\n1234567890\n'))
    expect(() => guard(Buffer.from('12345678901'))).toThrow(InvalidBackupError)
  })
})
