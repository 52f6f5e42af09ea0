import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { FileTooLargeError, UploadAbortedError, clearSpool, spoolUpload } from './upload-spool.server'

let dataDir: string
beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'jc-spool-'))
})
afterEach(() => fs.rm(dataDir, { recursive: true, force: true }))

const spooled = async () => fs.readdir(path.join(dataDir, 'tmp')).catch(() => [])
const chunk = (size: number, fill: number) => Buffer.alloc(size, fill)
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/** A request body that delivers `chunks` and then, optionally, breaks (the client went away). */
function body(chunks: Buffer[], failAtEnd = false): ReadableStream<Uint8Array> {
  let index = 0
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks[index++]
      if (next) controller.enqueue(new Uint8Array(next))
      else if (failAtEnd) controller.error(new Error('connection reset'))
      else controller.close()
    },
  })
}

describe('spoolUpload', () => {
  it('writes the body to DATA_DIR/tmp with the right size and sha256, until cleanup', async () => {
    const chunks = [chunk(64 * 1024, 1), chunk(100_000, 2), chunk(3, 3)]
    const whole = Buffer.concat(chunks)
    const file = await spoolUpload(dataDir, body(chunks), { maxBytes: whole.length })
    expect(file.size).toBe(whole.length)
    expect(file.sha256).toBe(sha256(whole))
    expect(path.dirname(file.path)).toBe(path.join(dataDir, 'tmp'))
    expect(await fs.readFile(file.path)).toEqual(whole)
    await file.cleanup()
    await file.cleanup()
    expect(await spooled()).toEqual([])
  })

  it('accepts a Node stream and an empty body', async () => {
    const file = await spoolUpload(dataDir, Readable.from([Buffer.from('abc')]), { maxBytes: 10 })
    expect(file).toMatchObject({ size: 3, sha256: sha256(Buffer.from('abc')) })
    const empty = await spoolUpload(dataDir, body([]), { maxBytes: 10 })
    expect(empty).toMatchObject({ size: 0, sha256: sha256(new Uint8Array()) })
    expect(await spooled()).toHaveLength(2)
  })

  it('throws FileTooLargeError one byte past maxBytes and removes the temp file', async () => {
    const max = 10 * 1024 * 1024
    const chunks = [...Array.from({ length: 10 }, (_, i) => chunk(1024 * 1024, i)), chunk(1, 0xff)]
    const error = await spoolUpload(dataDir, body(chunks), { maxBytes: max }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(FileTooLargeError)
    expect((error as FileTooLargeError).maxBytes).toBe(max)
    expect(await spooled()).toEqual([])
  })

  it('stops reading once the limit is passed', async () => {
    let pulled = 0
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++
        controller.enqueue(new Uint8Array(64 * 1024))
      },
    })
    await expect(spoolUpload(dataDir, endless, { maxBytes: 1024 * 1024 })).rejects.toBeInstanceOf(
      FileTooLargeError,
    )
    expect(pulled).toBeLessThan(40)
    expect(await spooled()).toEqual([])
  })

  it('removes the temp file when the body errors (client abort)', async () => {
    const broken = body([chunk(256 * 1024, 7), chunk(256 * 1024, 8)], true)
    // Told apart from a server failure, so the route answers it quietly instead of logging an error.
    await expect(spoolUpload(dataDir, broken, { maxBytes: 10 * 1024 * 1024 })).rejects.toBeInstanceOf(
      UploadAbortedError,
    )
    expect(await spooled()).toEqual([])
  })

  it('clearSpool removes what a crashed server left behind', async () => {
    await fs.mkdir(path.join(dataDir, 'tmp'), { recursive: true })
    await fs.writeFile(path.join(dataDir, 'tmp', 'left-by-a-crash.upload'), 'x')
    await clearSpool(dataDir)
    expect(await spooled()).toEqual([])
  })
})
