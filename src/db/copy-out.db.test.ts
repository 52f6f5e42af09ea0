import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from './client.server'
import { createTestDatabase } from '../test/test-app'
import { copyOutTextColumns, postgresPoolOf } from './copy-out.server'

let handle: DbHandle
let drop: () => Promise<void>
beforeAll(async () => {
  ;({ handle, drop } = await createTestDatabase())
})
afterAll(() => drop())

// Values with what the text format would escape (backslash, tab, newline), multi-byte UTF-8, the empty
// string, and rows far larger than one socket chunk (so rows and values are split across chunks).
const SELECT = `select i::text || E'\\\\ \\t ção "x"\\n' as a, repeat('é', case when i % 50 = 0 then 200000 else i end) as b
  from generate_series(1, 2000) as i order by i`

describe('copyOutTextColumns', () => {
  it('is PostgreSQL-only: PGlite has no pool (the backup keeps its cursor there)', () => {
    expect(postgresPoolOf(handle.db) === null).toBe(handle.kind === 'pglite')
  })

  it('gives every value byte for byte, whatever the chunk boundaries', async () => {
    const pool = postgresPoolOf(handle.db)
    if (!pool) return expect(handle.kind).toBe('pglite')
    const client = await pool.connect()
    try {
      const expected = (await client.query<{ a: string; b: string }>(SELECT)).rows
      const got: string[][] = []
      let row: string[] = []
      let chunks = 0
      const rows = await copyOutTextColumns(
        client,
        SELECT,
        2,
        (index, buffer, start, end) => {
          row.push(buffer.toString('utf8', start, end))
          if (index === 1) {
            got.push(row)
            row = []
          }
        },
        async () => {
          chunks++
        },
      )
      expect(rows).toBe(2000)
      expect(chunks).toBeGreaterThan(10)
      expect(got).toEqual(expected.map((r) => [r.a, r.b]))
      // The connection is usable afterwards (the COPY finished cleanly).
      expect((await client.query<{ one: number }>('select 1 as one')).rows[0]?.one).toBe(1)
    } finally {
      client.release()
    }
  })
})
