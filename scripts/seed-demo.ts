// npm run seed:demo -- --email E [--clients 100000] [--cases 200000] [--password P]
// npm run seed:demo -- --jobs 100000   (demo jobs over demo entidades; --email optional)
// npm run seed:demo -- --profiles 1000000   (public-directory lawyers; --email optional)
//
// Fills the office of the lawyer with e-mail E with realistic pt-BR demo clients and cases, creating
// that lawyer (and printing the password) when absent. Uses the same database as the server:
// DATABASE_URL when set, else PGlite in DATA_DIR (refused while a server holds DATA_DIR).
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { and, eq, sql } from 'drizzle-orm'
import { openDatabase, type Database } from '../src/db/client.server'
import { DataDirLockedError, lockDataDir } from '../src/db/lock.server'
import { runMigrations } from '../src/db/migrate.server'
import { signUpSchema } from '../src/features/auth/auth.schema'
import { users } from '../src/features/auth/auth.table.server'
import { createAccount } from '../src/features/auth/signup.service.server'
// The sign-up's steps (profile, office, welcome) and auth's event log are wired by the shell's hooks.
import '../src/server/feature-hooks.server'
import { seedCases } from '../src/features/cases/cases.seed.server'
import { seedClients } from '../src/features/clients/clients.seed.server'
import { seedJobs } from '../src/features/jobs/jobs.seed.server'
import { seedDirectoryProfiles } from '../src/features/directory/directory.public.server'
import { officeMembers } from '../src/features/offices/offices.table.server'
import { seedReferenceData } from '../src/features/reference/reference.seed.server'
import { EnvError, loadEnv } from '../src/platform/env.server'

function fail(message: string): never {
  process.stderr.write(`seed:demo: ${message}\n`)
  process.exit(1)
}

function count(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback
  const n = Number(value.replace(/[._]/g, ''))
  if (!Number.isInteger(n) || n < 0 || n > 5_000_000)
    fail(`--${name} deve ser um inteiro entre 0 e 5.000.000`)
  return n
}

const fmt = (n: number) => n.toLocaleString('pt-BR')

function progress(label: string, started: number) {
  let last = 0
  return (done: number, total: number) => {
    const now = Date.now()
    if (done < total && now - last < 500) return
    last = now
    const pct = total === 0 ? 100 : Math.floor((done / total) * 100)
    const secs = ((now - started) / 1000).toFixed(1)
    const line = `  ${label}: ${fmt(done)}/${fmt(total)} (${pct}%) ${secs}s`
    if (process.stdout.isTTY) process.stdout.write(`\r${line}${done === total ? '\n' : ''}`)
    else console.log(line)
  }
}

/** The lawyer's user id and office; creates the lawyer when the e-mail is new. */
async function ensureLawyer(db: Database, email: string, password: string | undefined) {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email))
  let userId = existing?.id
  if (!userId) {
    const chosen = password ?? randomBytes(9).toString('base64url')
    const data = signUpSchema.parse({
      userType: 'advogado',
      email,
      password: chosen,
      confirmPassword: chosen,
      nomeCompleto: 'Advogada Demonstração',
      telefone: '(11) 98765-4321',
      estadoId: 35,
      cidadeId: 3550308,
      oabNumero: String(100000 + Math.floor(Math.random() * 800000)),
      oabEstado: 'SP',
    })
    ;({ userId } = await createAccount(db, data))
    console.log(`Advogada criada: ${email}`)
    console.log(`Senha: ${chosen}`)
  } else {
    console.log(`Usando a conta existente ${email}`)
  }
  const [membership] = await db
    .select({ officeId: officeMembers.officeId })
    .from(officeMembers)
    .where(and(eq(officeMembers.userId, userId), eq(officeMembers.ativo, true)))
    .limit(1)
  if (!membership) fail(`${email} não pertence a nenhum escritório (não é advogado?).`)
  return { userId, officeId: membership.officeId }
}

/** Issue 13: demo jobs (and the entidades that publish them), then fresh statistics. */
async function seedDemoJobs(db: Database, jobCount: number, batchSize: number) {
  const started = Date.now()
  console.log(`Inserindo ${fmt(jobCount)} vagas (lotes de ${fmt(batchSize)})…`)
  await seedJobs(db, { count: jobCount, batchSize, onProgress: progress('vagas', started) })
  await db.execute(sql`vacuum analyze jobs`)
}

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      clients: { type: 'string' },
      cases: { type: 'string' },
      password: { type: 'string' },
      batch: { type: 'string' },
      jobs: { type: 'string' },
      profiles: { type: 'string' },
    },
  })
  if (!values.email && values.jobs === undefined && values.profiles === undefined) {
    fail(
      'uso: npm run seed:demo -- --email advogada@exemplo.com [--clients 100000] [--cases 200000] [--password senha]',
    )
  }
  const email = values.email?.trim().toLowerCase()
  const clientCount = count(values.clients, 'clients', 1000)
  const caseCount = count(values.cases, 'cases', clientCount * 2)
  const batchSize = Math.max(1, count(values.batch, 'batch', 5000))
  if (values.password !== undefined && values.password.length < 6)
    fail('--password precisa de 6 caracteres ou mais')

  let env
  try {
    env = loadEnv()
  } catch (error) {
    if (error instanceof EnvError) fail(error.message)
    throw error
  }

  // PGlite is single-writer: never seed a DATA_DIR that a running server is using.
  let release = () => {}
  if (!env.DATABASE_URL) {
    try {
      release = lockDataDir(env.dataDir)
    } catch (error) {
      if (error instanceof DataDirLockedError) {
        fail(`${error.message}\nPare o servidor (ou use DATABASE_URL) e rode o seed:demo de novo.`)
      }
      throw error
    }
  }
  process.on('exit', () => release())

  const target = env.DATABASE_URL
    ? { databaseUrl: env.DATABASE_URL }
    : { pgliteDir: path.join(env.dataDir, 'pglite') }
  console.log(`Banco: ${env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite em ${target.pgliteDir}`}`)
  const handle = await openDatabase(target)
  try {
    await runMigrations(handle)
    await seedReferenceData(handle.db)
    if (values.profiles !== undefined) {
      const started = Date.now()
      const n = count(values.profiles, 'profiles', 0)
      console.log(`Inserindo ${fmt(n)} advogados no diretório…`)
      await seedDirectoryProfiles(handle.db, { count: n, onProgress: progress('advogados', started) })
      await handle.db.execute(sql`vacuum analyze profiles`)
      await handle.db.execute(sql`vacuum analyze lawyer_practice_areas`)
    }
    if (values.jobs !== undefined) await seedDemoJobs(handle.db, count(values.jobs, 'jobs', 0), batchSize)
    if (!email) return
    const { userId, officeId } = await ensureLawyer(handle.db, email, values.password)

    const started = Date.now()
    console.log(
      `Inserindo ${fmt(clientCount)} clientes e ${fmt(caseCount)} casos (lotes de ${fmt(batchSize)})…`,
    )
    let clientIds = await seedClients(handle.db, {
      officeId,
      createdBy: userId,
      count: clientCount,
      batchSize,
      onProgress: progress('clientes', started),
    })
    if (clientIds.length === 0 && caseCount > 0) {
      const existing = await handle.db.execute<{ id: string }>(
        sql`select id from clients where office_id = ${officeId} and deleted_at is null and status = 'ativo' limit 100000`,
      )
      clientIds = existing.rows.map((row) => row.id)
    }
    const casesStarted = Date.now()
    await seedCases(handle.db, {
      officeId,
      createdBy: userId,
      count: caseCount,
      clientIds,
      batchSize,
      onProgress: progress('casos', casesStarted),
    })
    // Fresh statistics (and PostgreSQL's visibility map, for index-only counts) right away.
    console.log('  atualizando estatísticas (VACUUM ANALYZE)…')
    await handle.db.execute(sql`vacuum analyze clients`)
    await handle.db.execute(sql`vacuum analyze cases`)
    console.log(`Pronto em ${((Date.now() - started) / 1000).toFixed(1)}s. Entre com ${email}.`)
  } finally {
    await handle.close()
    release()
  }
}

await main()
