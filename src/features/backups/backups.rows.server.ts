import { sql } from 'drizzle-orm'
import type pg from 'pg'
import { copyOutTextColumns, postgresPoolOf } from '../../db/copy-out.server'
import type { Database } from '../../db/client.server'
import { CSV_SEPARATOR } from '../../lib/csv'
import type { CatalogTable } from './backups.catalog.server'

// Reading an office's rows for the archive, inside ONE read-only repeatable-read snapshot: each row comes out
// of PostgreSQL already written twice — its JSON line (row_to_json of the insertable columns) and its CSV
// line — and is copied to the archive as bytes. PostgreSQL streams them with binary COPY (db/copy-out.server.ts
// says why: a cursor's pages of strings made the process grow by ~150 MB); PGlite has no COPY stream and
// keeps the server-side cursor.

/** Rows per FETCH on PGlite: big enough for throughput, small enough that memory stays flat. */
const PAGE_ROWS = 1_000
/** Lines are gathered into Buffers of this size before they are handed to a stream. */
const CHUNK_BYTES = 64 * 1024

/**
 * Collects lines (value + terminator) into fixed-size Buffers, so a stream receives a few large chunks
 * rather than one small string per row. Full chunks wait in `take()` for the caller to write them.
 */
export class LineSink {
  private chunk = Buffer.allocUnsafe(CHUNK_BYTES)
  private used = 0
  private full: Buffer[] = []
  private readonly terminator: Buffer

  constructor(terminator: string) {
    this.terminator = Buffer.from(terminator)
  }

  private reserve(bytes: number): void {
    if (this.used + bytes <= this.chunk.length) return
    if (this.used > 0) this.full.push(this.chunk.subarray(0, this.used))
    this.chunk = Buffer.allocUnsafe(Math.max(CHUNK_BYTES, bytes))
    this.used = 0
  }

  /** One line from bytes[start, end) (copied: the source buffer is reused by the caller). */
  bytes(source: Buffer, start: number, end: number): void {
    this.reserve(end - start + this.terminator.length)
    this.used += source.copy(this.chunk, this.used, start, end)
    this.used += this.terminator.copy(this.chunk, this.used)
  }

  text(line: string): void {
    this.reserve(Buffer.byteLength(line) + this.terminator.length)
    this.used += this.chunk.write(line, this.used)
    this.used += this.terminator.copy(this.chunk, this.used)
  }

  /** The chunks filled so far (and, at the end, the partial one); each is handed out once. */
  take(end = false): Buffer[] {
    if (end && this.used > 0) {
      this.full.push(this.chunk.subarray(0, this.used))
      this.chunk = Buffer.alloc(0)
      this.used = 0
    }
    const taken = this.full
    this.full = []
    return taken
  }
}

/**
 * One CSV cell computed by PostgreSQL, with the rules of src/lib/csv.ts (csvCell): a leading = + - @ tab or CR
 * gets a quote (no formula runs in Excel), and a cell with ; " CR or LF is quoted. Done in SQL so that no row
 * is parsed in JavaScript just to copy it.
 */
function csvCellSql(column: { name: string; boolean: boolean }): string {
  const value = column.boolean
    ? `case when "${column.name}" then 'sim' else 'não' end`
    : `"${column.name}"::text`
  const neutral = `(case when ${value} ~ ('^[=+@' || chr(9) || chr(13) || '-]') then '''' || ${value} else ${value} end)`
  return `coalesce(case when ${neutral} ~ ('[;"' || chr(13) || chr(10) || ']') then '"' || replace(${neutral}, '"', '""') || '"' else ${neutral} end, '')`
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The office's rows of `table` in key order, as (JSON line, CSV line). */
function rowsSelect(table: CatalogTable, officeId: string): string {
  // Identifiers come from our own schema and the office id must be a uuid: nothing user-typed here.
  if (!UUID.test(officeId)) throw new Error('invalid office id')
  const insertable = table.columns.filter((column) => column.insertable)
  const list = insertable.map((column) => `"${column.name}"`).join(', ')
  const csvLine = `concat_ws('${CSV_SEPARATOR}', ${insertable.map(csvCellSql).join(', ')})`
  const order = table.keyColumns.map((name) => `"${name}"`).join(', ')
  return `select row_to_json(t)::text as j, ${csvLine} as c from (select ${list} from "${table.name}" where office_id = '${officeId}' order by ${order}) t`
}

export interface FileRef {
  storageKey: string
  size: number
  sha256: string
  /** Stored encrypted at rest: the row's size/sha256 are the plaintext's, so the bytes are hashed as they are. */
  encrypted: boolean
}

function fileRef(row: Record<string, unknown>): FileRef {
  return {
    storageKey: String(row.storage_key),
    size: Number(row.size),
    sha256: String(row.sha256),
    encrypted: row.encrypted === true,
  }
}

/** The snapshot's reads. Both run in the one transaction withSnapshot opened. */
export interface Snapshot {
  /**
   * The office's rows of `table`: each row's JSON line into `json`, its CSV line into `csv`; `drain` is
   * awaited whenever lines have accumulated (it writes the sinks' full chunks out). Returns the row count.
   */
  rows(
    table: CatalogTable,
    officeId: string,
    json: LineSink,
    csv: LineSink,
    drain: () => Promise<void>,
  ): Promise<number>
  /** The stored files the office's rows of a `hasFiles` table point at, in key order. */
  files(table: CatalogTable, officeId: string): Promise<FileRef[]>
}

function filesSelect(table: CatalogTable, officeId: string): string {
  if (!UUID.test(officeId)) throw new Error('invalid office id')
  const order = table.keyColumns.map((name) => `"${name}"`).join(', ')
  return `select storage_key, size, sha256, encrypted from "${table.name}" where office_id = '${officeId}' order by ${order}`
}

function copySnapshot(client: pg.PoolClient): Snapshot {
  return {
    rows: (table, officeId, json, csv, drain) =>
      copyOutTextColumns(
        client,
        rowsSelect(table, officeId),
        2,
        (index, buffer, start, end) => (index === 0 ? json : csv).bytes(buffer, start, end),
        drain,
      ),
    files: async (table, officeId) =>
      (await client.query<Record<string, unknown>>(filesSelect(table, officeId))).rows.map(fileRef),
  }
}

function cursorSnapshot(tx: Database): Snapshot {
  return {
    async rows(table, officeId, json, csv, drain) {
      await tx.execute(sql.raw(`declare backup_rows no scroll cursor for ${rowsSelect(table, officeId)}`))
      let rows = 0
      try {
        for (;;) {
          const page = await tx.execute<{ j: string; c: string }>(
            sql.raw(`fetch forward ${PAGE_ROWS} from backup_rows`),
          )
          if (page.rows.length === 0) break
          for (const { j, c } of page.rows) {
            json.text(j)
            csv.text(c)
          }
          rows += page.rows.length
          await drain()
        }
      } finally {
        await tx.execute(sql.raw('close backup_rows')).catch(() => {})
      }
      return rows
    },
    files: async (table, officeId) =>
      (await tx.execute<Record<string, unknown>>(sql.raw(filesSelect(table, officeId)))).rows.map(fileRef),
  }
}

/**
 * Runs `fn` with reads from ONE read-only REPEATABLE READ transaction, so the archive is consistent however
 * busy the office is (a document never points at a case the archive lacks).
 */
export async function withSnapshot<T>(db: Database, fn: (snapshot: Snapshot) => Promise<T>): Promise<T> {
  const pool = postgresPoolOf(db)
  if (!pool) {
    return db.transaction(async (tx) => fn(cursorSnapshot(tx as unknown as Database)), {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    })
  }
  const client = await pool.connect()
  let failed = false
  try {
    await client.query('begin transaction isolation level repeatable read, read only')
    const result = await fn(copySnapshot(client))
    await client.query('commit')
    return result
  } catch (error) {
    failed = true
    throw error
  } finally {
    // A COPY abandoned midway leaves the connection mid-protocol: it is closed (its transaction with it),
    // never handed back to the pool.
    client.release(failed)
  }
}
