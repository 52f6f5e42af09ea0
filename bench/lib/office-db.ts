import fs from 'node:fs'
import path from 'node:path'
import { openDatabase, type DbHandle, type DbKind } from '../../src/db/client.server'
import { signUpSchema } from '../../src/features/auth/auth.schema'
import { SCRATCH } from './bench'
import { createThrowawayDatabase, postgresUrl } from './database'

/** The password of every account a benchmark signs up. */
export const BENCH_PASSWORD = 'bench-senha-123'

/**
 * An empty database for one benchmark run: PGlite in a scratch folder, or a throwaway database on the
 * PostgreSQL server; `drop` removes either.
 */
export async function openBenchDatabase(
  kind: DbKind,
  name: string,
): Promise<{ handle: DbHandle; dataDir: string; drop: () => Promise<void> }> {
  fs.mkdirSync(SCRATCH, { recursive: true })
  const dataDir = fs.mkdtempSync(path.join(SCRATCH, `${name}-${kind}-`))
  if (kind === 'pglite') {
    const handle = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') })
    return { handle, dataDir, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) }
  }
  const serverUrl = await postgresUrl()
  if (!serverUrl)
    throw new Error('PostgreSQL indisponível (BENCH_DATABASE_URL / TEST_DATABASE_URL / 127.0.0.1:5432)')
  const database = await createThrowawayDatabase(serverUrl, `jc_bench_${name}`)
  const handle = await openDatabase({ databaseUrl: database.url })
  return {
    handle,
    dataDir,
    drop: async () => {
      await database.drop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
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
