import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { openDatabase, type DbHandle, type DbKind } from '../../src/db/client.server'
import { signUpSchema } from '../../src/features/auth/auth.schema'
// createAccount's steps (profile, office, welcome) and auth's event log are wired by the shell's hooks.
import '../../src/server/feature-hooks.server'
import { SCRATCH } from './bench'
import { createThrowawayDatabase, keptDatabase, postgresUrl } from './database'

/** The password of every account a benchmark signs up. */
export const BENCH_PASSWORD = 'bench-senha-123'

/**
 * An empty database for one benchmark run: PGlite in a scratch folder, or a throwaway database on the
 * PostgreSQL server; `drop` removes either.
 *
 * With `keep` (a bench's `--keep` flag) the database survives the run under a fixed name
 * (`jc_bench_<name>_kept`, or `.bench/<name>-pglite-kept`) so that a slow seed at the scale is paid
 * once: `seeded` says whether a previous run finished seeding it with the same `seedKey` (the sizes), and the
 * bench then only migrates it (new migrations apply) and measures. `markSeeded()` records a finished seed;
 * a database seeded with other sizes, or half seeded, is dropped and made again.
 */
export async function openBenchDatabase(
  kind: DbKind,
  name: string,
  options: { keep?: boolean; seedKey?: string } = {},
): Promise<{
  handle: DbHandle
  dataDir: string
  drop: () => Promise<void>
  seeded: boolean
  markSeeded: () => Promise<void>
}> {
  fs.mkdirSync(SCRATCH, { recursive: true })
  const seedKey = options.seedKey ?? ''
  const marker = async (handle: DbHandle) => {
    const result = await handle.db.execute(sql`select to_regclass('bench_seed_done') is not null as present`)
    const present = Boolean((result as unknown as { rows: { present: unknown }[] }).rows[0]?.present)
    if (!present) return false
    const rows = await handle.db.execute(sql`select seed_key from bench_seed_done`)
    return (rows as unknown as { rows: { seed_key: string }[] }).rows[0]?.seed_key === seedKey
  }
  const markSeeded = (handle: DbHandle) => async () => {
    await handle.db.execute(sql`create table if not exists bench_seed_done (seed_key text not null)`)
    await handle.db.execute(sql`insert into bench_seed_done (seed_key) values (${seedKey})`)
  }
  if (kind === 'pglite') {
    const dataDir = options.keep
      ? path.join(SCRATCH, `${name}-pglite-kept`)
      : fs.mkdtempSync(path.join(SCRATCH, `${name}-${kind}-`))
    let handle = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') })
    let seeded = options.keep ? await marker(handle) : false
    if (options.keep && !seeded) {
      await handle.close()
      fs.rmSync(dataDir, { recursive: true, force: true })
      fs.mkdirSync(dataDir, { recursive: true })
      handle = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') })
      seeded = false
    }
    const drop = options.keep
      ? async () => {}
      : async () => fs.rmSync(dataDir, { recursive: true, force: true })
    return { handle, dataDir, drop, seeded, markSeeded: markSeeded(handle) }
  }
  const dataDir = fs.mkdtempSync(path.join(SCRATCH, `${name}-${kind}-`))
  const serverUrl = await postgresUrl()
  if (!serverUrl)
    throw new Error('PostgreSQL indisponível (BENCH_DATABASE_URL / TEST_DATABASE_URL / 127.0.0.1:5432)')
  if (options.keep) {
    const database = await keptDatabase(serverUrl, `jc_bench_${name}_kept`)
    let handle = await openDatabase({ databaseUrl: database.url })
    const seeded = await marker(handle)
    if (!seeded) {
      await handle.close()
      await database.recreate()
      handle = await openDatabase({ databaseUrl: database.url })
    }
    return {
      handle,
      dataDir,
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
      seeded,
      markSeeded: markSeeded(handle),
    }
  }
  const database = await createThrowawayDatabase(serverUrl, `jc_bench_${name}`)
  const handle = await openDatabase({ databaseUrl: database.url })
  return {
    handle,
    dataDir,
    drop: async () => {
      await database.drop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
    seeded: false,
    markSeeded: markSeeded(handle),
  }
}

/** A valid sign-up for a lawyer (OAB/SP) or a student, in São Paulo. */
export const benchAccount = (userType: 'advogado' | 'estudante', email: string, nomeCompleto: string) =>
  signUpSchema.parse({
    userType,
    email,
    password: BENCH_PASSWORD,
    confirmPassword: BENCH_PASSWORD,
    nomeCompleto,
    telefone: '(11) 98765-4321',
    estadoId: 35,
    cidadeId: 3550308,
    ...(userType === 'advogado'
      ? { oabNumero: '123456', oabEstado: 'SP' }
      : { universidade: 'USP', periodoCurso: 5 }),
  })
