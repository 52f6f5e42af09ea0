import { PGlite } from '@electric-sql/pglite'
import type pg from 'pg'
import { to as copyTo } from 'pg-copy-streams'
import type { Database } from './client.server'

/**
 * Bulk reads that stream on PostgreSQL: `COPY (select …) TO STDOUT` instead of pages of a cursor.
 *
 * A cursor page arrives as one JavaScript string per value and one object per row; at hundreds of thousands
 * of rows that garbage outlives the young generation (the page is alive while it is written out) and the
 * old generation grew by ~150 MB before a full GC caught up (issue 12's backup bench). COPY arrives as the
 * socket's own Buffers, read only as fast as the caller consumes them (pg-copy-streams pauses the socket),
 * and the values are copied byte for byte to where they go, never decoded into strings.
 */

/** The PostgreSQL pool behind a Database, or null on PGlite (which has no COPY stream to read). */
export function postgresPoolOf(db: Database): pg.Pool | null {
  // Drizzle keeps the driver client it was built on (`$client`), absent from the shared `Database` type.
  const client = (db as unknown as { $client: unknown }).$client
  return client instanceof PGlite ? null : (client as pg.Pool)
}

/** Where one value of a row lies inside `buffer` (valid only during the call). */
export type FieldHandler = (index: number, buffer: Buffer, start: number, end: number) => void

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1')

/**
 * Streams `select` (whose columns are all text and never null) through binary COPY on `client`, calling
 * `onField` for each value of each row, in order; `afterChunk` runs after each received chunk's complete
 * rows and is awaited before the next chunk is read (the caller's backpressure). Returns the row count.
 *
 * Binary format (PostgreSQL docs, "COPY — Binary Format"): a header (signature, flags, extension), then per
 * row an int16 field count and per field an int32 length and the bytes (a text value is sent as its UTF-8
 * bytes, unescaped — unlike the text format, which would double every backslash of a JSON value), and a
 * trailer of int16 −1.
 */
export async function copyOutTextColumns(
  client: pg.PoolClient,
  select: string,
  columns: number,
  onField: FieldHandler,
  afterChunk: () => Promise<void>,
): Promise<number> {
  const stream = client.query(copyTo(`copy (${select}) to stdout with (format binary)`))
  const bounds = new Int32Array(columns * 2)
  let pending: Buffer | null = null
  let headerRead = false
  let ended = false
  let rows = 0
  for await (const received of stream as AsyncIterable<Buffer>) {
    const buffer: Buffer = pending ? Buffer.concat([pending, received]) : received
    let position = 0
    if (!headerRead) {
      if (buffer.length < SIGNATURE.length + 8) {
        pending = buffer
        continue
      }
      if (!buffer.subarray(0, SIGNATURE.length).equals(SIGNATURE)) throw new Error('COPY: not binary format')
      const extension = buffer.readInt32BE(SIGNATURE.length + 4)
      position = SIGNATURE.length + 8 + extension
      headerRead = true
    }
    for (;;) {
      // A row is handed out only once all of it has arrived; the rest waits for the next chunk.
      let at = position
      if (at + 2 > buffer.length) break
      const count = buffer.readInt16BE(at)
      if (count === -1) {
        ended = true
        position = at + 2
        break
      }
      if (count !== columns) throw new Error(`COPY: ${count} columns, expected ${columns}`)
      at += 2
      let complete = true
      for (let i = 0; i < columns; i++) {
        if (at + 4 > buffer.length) {
          complete = false
          break
        }
        const length = buffer.readInt32BE(at)
        if (length < 0) throw new Error('COPY: unexpected null value')
        at += 4
        if (at + length > buffer.length) {
          complete = false
          break
        }
        bounds[2 * i] = at
        bounds[2 * i + 1] = at + length
        at += length
      }
      if (!complete) break
      for (let i = 0; i < columns; i++) onField(i, buffer, bounds[2 * i] ?? 0, bounds[2 * i + 1] ?? 0)
      rows++
      position = at
    }
    pending = position < buffer.length ? buffer.subarray(position) : null
    await afterChunk()
  }
  if (!ended || pending) throw new Error('COPY: stream ended before its trailer')
  return rows
}
