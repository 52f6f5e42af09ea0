import { spawn, type ChildProcessByStdio } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import type { Readable, Writable } from 'node:stream'
import type { PGlite } from '@electric-sql/pglite'
import type pg from 'pg'
import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import { migrationsFolder } from '../../db/migrate.server'

/**
 * Left out of every platform dump, so a restore never rewrites them (see platform-backup.table.server.ts):
 * the backup history, schedules and restore state, the platform's event log and alerts, and pg-boss's
 * queue (the restore itself runs as one of its jobs).
 */
export const DUMP_EXCLUDED_TABLES = [
  'platform_backups',
  'platform_backup_schedules',
  'platform_backup_state',
  'platform_events',
  'platform_alerts',
] as const
export const DUMP_EXCLUDED_SCHEMAS = ['pgboss'] as const

/**
 * Tables whose ROWS stay out of the dump (the tables themselves are in it, so a restore leaves them empty):
 * the sessions and better-auth's verifications (password-reset and e-mail links), plus every table whose
 * rows hang off a session (`sessionBoundTables`). Restoring an older dump must not revive a session revoked
 * or ended by a block since, nor a link already used. `two_factors` is kept on purpose: it is the account's
 * second factor itself (secret, backup codes), and a restored account must still ask for it. The restore
 * also clears both tables, for archives made before this rule (platform-backup.revocations.server.ts).
 */
export const DUMP_EXCLUDED_DATA = ['sessions', 'verifications'] as const

/** The excluded-data tables and every table that references `sessions`, at any depth (schema public). */
export async function sessionBoundTables(
  query: (text: string) => Promise<{ rows: { name: string }[] }>,
): Promise<string[]> {
  const { rows } = await query(`
    with recursive bound(oid) as (
      select 'public.sessions'::regclass::oid
      union
      select c.conrelid from pg_constraint c join bound b on c.confrelid = b.oid where c.contype = 'f'
    )
    select cl.relname as name from pg_class cl join pg_namespace n on n.oid = cl.relnamespace
     where cl.oid in (select oid from bound) and n.nspname = 'public'`)
  return [...new Set([...DUMP_EXCLUDED_DATA, ...rows.map((row) => row.name)])].sort()
}

/** Tables whose row counts the manifest records and a restore checks (platform-wide, always present). */
export const CHECKED_TABLES = [
  'users',
  'profiles',
  'user_roles',
  'offices',
  'office_members',
  'clients',
  'cases',
] as const

export class DumpToolError extends Error {
  constructor(
    readonly tool: string,
    readonly reason: string,
  ) {
    super(`${tool} failed: ${reason}`)
    this.name = 'DumpToolError'
  }
}

/** The latest migration of this build and how many there are: a restore needs the same schema. */
export function buildSchemaVersion(): { tag: string; count: number } {
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: { tag: string }[]
  }
  const last = journal.entries.at(-1)
  if (!last) throw new Error('no migrations in the journal')
  return { tag: last.tag, count: journal.entries.length }
}

/** The connection string of a node-postgres pool behind drizzle (as the job runner reads it). */
export function connectionStringOf(db: Database): string {
  const pool = (db as unknown as { $client: pg.Pool }).$client
  const url = pool.options.connectionString
  if (!url) throw new Error('the PostgreSQL pool has no connection string')
  return url
}

export function pgliteOf(db: Database): PGlite {
  return (db as unknown as { $client: PGlite }).$client
}

/**
 * libpq settings as environment variables, so the password never shows in the process list (ps) the way a
 * `--dbname=postgres://user:pass@…` argument would.
 */
export function libpqEnv(databaseUrl: string): NodeJS.ProcessEnv {
  const url = new URL(databaseUrl)
  const env: NodeJS.ProcessEnv = { ...process.env }
  if (url.hostname) env.PGHOST = decodeURIComponent(url.hostname)
  if (url.port) env.PGPORT = url.port
  if (url.username) env.PGUSER = decodeURIComponent(url.username)
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password)
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''))
  if (database) env.PGDATABASE = database
  const host = url.searchParams.get('host')
  if (host) env.PGHOST = host
  const sslmode = url.searchParams.get('sslmode')
  if (sslmode) env.PGSSLMODE = sslmode
  env.PGAPPNAME = 'jusconecta-platform-backup'
  return env
}

/** `PG_BIN_DIR` picks the client tools (default: the PATH's); they must be at least the server's version. */
function tool(name: 'pg_dump' | 'pg_restore'): string {
  const dir = process.env.PG_BIN_DIR
  return dir ? path.join(dir, name) : name
}

export interface ToolRun {
  child: ChildProcessByStdio<Writable | null, Readable, Readable>
  /** Resolves when the tool exits 0; rejects with a DumpToolError (exit code + last stderr line) otherwise. */
  done: Promise<void>
}

function run(name: 'pg_dump' | 'pg_restore', args: string[], databaseUrl: string): ToolRun {
  const child = spawn(tool(name), args, {
    env: libpqEnv(databaseUrl),
    stdio: ['ignore', 'pipe', 'pipe'],
  }) as ChildProcessByStdio<null, Readable, Readable>
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4000)
  })
  const done = new Promise<void>((resolve, reject) => {
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(new DumpToolError(name, error.code === 'ENOENT' ? 'not installed' : (error.code ?? 'spawn'))),
    )
    child.once('close', (code) => {
      if (code === 0) resolve()
      // stderr is the tool's own diagnostics (object names, never row data); kept short for the log.
      else reject(new DumpToolError(name, `exit ${code}: ${stderr.trim().split('\n').at(-1) ?? ''}`))
    })
  })
  done.catch(() => {})
  return { child, done }
}

/**
 * pg_dump --format=custom of the whole database (minus the exclusions) to stdout, optionally at a snapshot.
 * `excludedData`: tables dumped without their rows (`sessionBoundTables`).
 */
export function spawnPgDump(
  databaseUrl: string,
  snapshot?: string,
  excludedData: readonly string[] = DUMP_EXCLUDED_DATA,
): ToolRun {
  const args = ['--format=custom', '--no-owner', '--no-privileges', '--compress=6']
  for (const schema of DUMP_EXCLUDED_SCHEMAS) args.push(`--exclude-schema=${schema}`)
  for (const table of DUMP_EXCLUDED_TABLES) args.push(`--exclude-table=public.${table}`)
  for (const table of excludedData) args.push(`--exclude-table-data=public.${table}`)
  if (snapshot) args.push(`--snapshot=${snapshot}`)
  return run('pg_dump', args, databaseUrl)
}

/**
 * pg_restore of a custom-format file: --clean --if-exists drops each object the dump holds before it is
 * recreated, and --single-transaction makes the whole thing all-or-nothing (a failure leaves the database as
 * it was). Objects outside the dump (the exclusions) are not touched.
 */
export function spawnPgRestore(databaseUrl: string, file: string): ToolRun {
  // Without --dbname pg_restore would print a script; the database name alone (the rest is in PG* variables).
  const database = libpqEnv(databaseUrl).PGDATABASE ?? 'postgres'
  const args = ['--clean', '--if-exists', '--single-transaction', '--no-owner', '--no-privileges']
  return run('pg_restore', [...args, '--exit-on-error', `--dbname=${database}`, file], databaseUrl)
}

/** Row counts of the checked tables, and the number of applied migrations. */
export async function countCheckedRows(
  db: Database,
): Promise<{ counts: Record<string, number>; migrations: number }> {
  const counts: Record<string, number> = {}
  for (const table of CHECKED_TABLES) {
    const result = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table)}`,
    )
    counts[table] = Number(result.rows[0]?.n ?? 0)
  }
  const migrations = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  )
  return { counts, migrations: Number(migrations.rows[0]?.n ?? 0) }
}
