import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { AddressInfo } from 'node:net'
import { createAdaptorServer } from '@hono/node-server'
import { openDatabase, type DbHandle } from '../db/client.server'
import { lockDataDir, DataDirLockedError } from '../db/lock.server'
import { runMigrations } from '../db/migrate.server'
import { seedReferenceData } from '../features/reference/reference.seed.server'
import { createApp } from './app.server'
import { buildDeps } from './build-deps.server'
import { startJobs } from './jobs.server'
import { EnvError, loadEnv, type Env } from '../platform/env.server'
import { log, summarizeError } from '../platform/log.server'
import { clearSpool } from '../platform/upload-spool.server'
import { missingSharedSecret, resolveAuthSecret } from './secret.server'

const SHUTDOWN_GRACE_MS = 10_000

/**
 * The last net, installed once the server serves (issue 24): an error nobody caught — thrown in a callback,
 * or a promise nobody awaited — is logged (class and code only) and the server keeps serving the other
 * requests and jobs. Each one is a bug to fix where it started; the net only keeps it from ending the
 * process. (It cannot catch V8 running out of memory: bounds on the input are the fix for that.)
 */
function keepServingOnStrayErrors() {
  process.on('uncaughtException', (error, origin) => {
    log.error('erro não tratado; o servidor continua', { error: summarizeError(error), origin })
  })
  process.on('unhandledRejection', (reason) => {
    log.error('promessa rejeitada sem tratamento; o servidor continua', { error: summarizeError(reason) })
  })
}

/**
 * Exit code of a start stopped by its configuration (sysexits.h EX_CONFIG: bad variable, busy port, DATA_DIR
 * in use): `npm start`'s supervisor (scripts/start.mjs) does not restart it, since it would fail again.
 */
const CONFIG_ERROR_EXIT = 78

/** Stops the start with one clear line and a non-zero exit code (1: worth retrying, e.g. database down). */
function fail(message: string, code = CONFIG_ERROR_EXIT): never {
  process.stderr.write(`Erro ao iniciar o JusConecta: ${message}\n`)
  process.exit(code)
}

async function main() {
  let env: Env
  try {
    env = loadEnv()
  } catch (error) {
    if (error instanceof EnvError) fail(error.message)
    throw error
  }
  log.setLevel(env.LOG_LEVEL)
  const secretProblem = missingSharedSecret(env)
  if (secretProblem) fail(secretProblem)

  // Before anything touches data: one server per DATA_DIR (PGlite has no lock of its own).
  let releaseLock = () => {}
  try {
    releaseLock = lockDataDir(env.dataDir)
    // Uploads a crash cut short: nobody else can be spooling into DATA_DIR while we hold its lock.
    await clearSpool(env.dataDir)
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message)
    throw error
  }

  // Take the port next, answering 503 until the database is ready, so a busy port fails before any
  // migration runs and /api/health is honest during start-up.
  let handler: (request: Request, bindings: unknown) => Response | Promise<Response> = () =>
    Response.json({ status: 'starting' }, { status: 503 })
  const server = createAdaptorServer({ fetch: (request, bindings) => handler(request, bindings) })
  // Node closes an idle keep-alive socket after 5 s; a client that reuses it at that instant gets ECONNRESET
  // (seen in CI). A minute, longer than proxies' usual idle timeout, keeps the closing on the client's side.
  // headersTimeout stays above it, as Node requires; slow senders are still cut by requestTimeout.
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = 65_000
    server.headersTimeout = 66_000
  }
  await new Promise<void>((resolve) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      releaseLock()
      if (error.code === 'EADDRINUSE') fail(`a porta ${env.PORT} já está em uso (PORT=${env.PORT}).`)
      fail(`não foi possível abrir a porta ${env.PORT}: ${error.message}`)
    })
    server.listen(env.PORT, env.HOST, () => resolve())
  })

  let handle: DbHandle
  try {
    handle = await openDatabase(
      env.DATABASE_URL
        ? { databaseUrl: env.DATABASE_URL, poolMax: env.DATABASE_POOL_MAX }
        : { pgliteDir: path.join(env.dataDir, 'pglite') },
    )
    await runMigrations(handle)
    await seedReferenceData(handle.db)
  } catch (error) {
    releaseLock()
    const detail = error instanceof Error ? error.message : String(error)
    fail(
      `banco de dados indisponível (${env.DATABASE_URL ? 'DATABASE_URL' : 'PGlite em DATA_DIR'}): ${detail}`,
      1,
    )
  }

  const clientDir = fileURLToPath(new URL('../client', import.meta.url))
  const deps = buildDeps(env, handle, resolveAuthSecret(env.BETTER_AUTH_SECRET, env.dataDir))
  // After the migrations (a job may touch any table), before the first request (a route may send a job).
  try {
    await startJobs(deps)
  } catch (error) {
    await handle.close().catch(() => {})
    releaseLock()
    const detail = error instanceof Error ? error.message : String(error)
    fail(`não foi possível iniciar as tarefas em segundo plano (pg-boss): ${detail}`, 1)
  }
  const app = createApp(deps, {
    clientDir: fs.existsSync(path.join(clientDir, 'index.html')) ? clientDir : undefined,
  })
  handler = (request, bindings) => app.fetch(request, bindings as never)
  const { port } = server.address() as AddressInfo
  log.info(`JusConecta pronto em http://localhost:${port}`, { db: handle.kind, dataDir: env.dataDir })
  keepServingOnStrayErrors()

  let stopping = false
  const shutdown = (signal: string) => {
    if (stopping) return
    stopping = true
    log.info('encerrando', { signal })
    const force = setTimeout(() => {
      log.error('encerramento forçado: requisições não terminaram a tempo')
      process.exit(1)
    }, SHUTDOWN_GRACE_MS)
    force.unref()
    // close() stops new connections and waits for in-flight requests; idle keep-alives are dropped.
    server.close(async () => {
      // Workers first: a running handler may still need the database.
      await deps.jobs.stop().catch((error: unknown) => log.error('erro ao parar as tarefas', { error }))
      await handle.close().catch((error: unknown) => log.error('erro ao fechar o banco', { error }))
      releaseLock()
      process.exit(0)
    })
    if ('closeIdleConnections' in server) server.closeIdleConnections()
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))
  // Started by `npm start`'s supervisor: its IPC channel closes when the supervisor dies (even by SIGKILL).
  process.on('disconnect', () => shutdown('disconnect'))
}

await main()
