// npm run db:restore -- FILE
//
// Restores a PLATFORM backup (the zip made on /admin/backup, downloaded or under DATA_DIR/files/backups)
// into the database this server uses, REPLACING ALL CURRENT DATA. Run it with the server stopped:
// - PGlite (no DATABASE_URL): refused while a server holds DATA_DIR; the dump is loaded into a fresh data
//   folder, checked, and swapped in (the previous folder is kept next to it, printed at the end).
// - PostgreSQL (DATABASE_URL): pg_restore --clean --if-exists --single-transaction (all or nothing).
// Then the stored files are put back, and the row counts are checked against the backup's.
// Access revoked since the backup stays revoked: every session and pending password-reset/e-mail link is
// ended (everyone signs in again) and the blocks in force before the restore are written back. The 2FA
// settings come back as they were in the backup (they are the accounts' second factor).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { openDatabase } from '../src/db/client.server'
import { DataDirLockedError, lockDataDir } from '../src/db/lock.server'
import { EnvError, loadEnv } from '../src/platform/env.server'
import { getStorage } from '../src/platform/storage.server'
import { restorePgliteArchive } from '../src/features/platform-backup/platform-backup.pglite-restore.server'
import {
  PlatformRestoreError,
  RESTORE_MESSAGES,
  restorePostgresArchive,
} from '../src/features/platform-backup/platform-backup.restore.server'

const REVOKED_NOTE =
  'Todas as sessões foram encerradas (cada usuário entra de novo); os bloqueios atuais foram mantidos.\n'

function fail(message: string): never {
  process.stderr.write(`db:restore: ${message}\n`)
  process.exit(1)
}

async function main() {
  const file = process.argv[2]
  if (!file) fail('informe o arquivo do backup: npm run db:restore -- ARQUIVO.zip')
  const archive = path.resolve(file)
  if (!fs.existsSync(archive)) fail(`arquivo não encontrado: ${archive}`)
  let env
  try {
    env = loadEnv(process.env)
  } catch (error) {
    if (error instanceof EnvError) fail(error.message)
    throw error
  }
  const storage = getStorage(env)
  const started = Date.now()
  if (env.DATABASE_URL) {
    const handle = await openDatabase({ databaseUrl: env.DATABASE_URL })
    const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'jc-db-restore-'))
    const copy = path.join(temp, 'backup.zip')
    fs.copyFileSync(archive, copy)
    try {
      const manifest = await restorePostgresArchive(handle, storage, copy)
      report(manifest.createdAt, manifest.counts, started)
      process.stdout.write(REVOKED_NOTE)
    } finally {
      await handle.close()
      fs.rmSync(temp, { recursive: true, force: true })
    }
    return
  }
  let release: () => void
  try {
    release = lockDataDir(env.dataDir)
  } catch (error) {
    if (error instanceof DataDirLockedError)
      fail(`${error.message} A restauração precisa do servidor parado.`)
    throw error
  }
  try {
    const result = await restorePgliteArchive(archive, env.dataDir, storage)
    report(result.manifest.createdAt, result.manifest.counts, started)
    process.stdout.write(
      `${REVOKED_NOTE.trimEnd()} Bloqueios reaplicados: ${result.revocations.blocksReapplied}.\n`,
    )
    if (result.previousDir)
      process.stdout.write(
        `Os dados anteriores foram mantidos em ${result.previousDir} (apague quando conferir).\n`,
      )
  } finally {
    release()
  }
}

function report(createdAt: string, counts: Record<string, number>, started: number) {
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  process.stdout.write(
    `Backup de ${createdAt} restaurado em ${seconds} s. Conferido: ${JSON.stringify(counts)}\n`,
  )
}

main().catch((error: unknown) => {
  if (error instanceof PlatformRestoreError) fail(RESTORE_MESSAGES[error.reason])
  fail(error instanceof Error ? `${error.name}: ${error.message}` : String(error))
})
