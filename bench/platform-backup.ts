// Issue 14's numbers. Run: `npm run bench -- platform-backup [--clients=20000] [--cases=40000] [--files=20]
// [--db=postgres|pglite]`.
//
// The demo data size: one office seeded with the seed:demo helpers (20 k clients, 40 k cases) plus 20 stored
// documents of 5 MB (100 MB of files), on PostgreSQL unless --db says otherwise. Then the platform backup
// exactly as its job makes it (pg_dump custom format / PGlite's dump, plus every stored file, one zip streamed
// into storage) and the restore exactly as the panel (PostgreSQL: pg_restore --single-transaction into the
// live database) or `npm run db:restore` (PGlite: a fresh data folder) does it, each timed, with MB/s
// (archive bytes / time) and the check that the restored row counts equal the backed-up ones.
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { seedCases } from '../src/features/cases/cases.seed.server'
import { seedClients } from '../src/features/clients/clients.seed.server'
import { writePlatformArchive } from '../src/features/platform-backup/platform-backup.archive.server'
import { restorePgliteArchive } from '../src/features/platform-backup/platform-backup.pglite-restore.server'
import {
  archiveToTempFile,
  restorePostgresArchive,
} from '../src/features/platform-backup/platform-backup.restore.server'
import { getStorage, newStorageKey, verifyingStream } from '../src/platform/storage.server'
import { flagValue, printTable, seconds, type Row } from './lib/bench'
import { postgresUrl } from './lib/database'
import { prepare } from './documents'

export const description =
  'platform-backup (issue 14): backup e restauração da plataforma inteira no tamanho de demonstração (tempo, MB/s)'

const FILE_BYTES = 5 * 1024 * 1024
const mb = (bytes: number) => bytes / (1024 * 1024)
const fmt = (n: number, digits = 1) => n.toLocaleString('pt-BR', { maximumFractionDigits: digits })

export async function run(flags: string[]) {
  const clients = Number(flagValue(flags, 'clients') ?? 20_000)
  const cases = Number(flagValue(flags, 'cases') ?? 40_000)
  const files = Number(flagValue(flags, 'files') ?? 20)
  const serverUrl = await postgresUrl()
  const kind = (flagValue(flags, 'db') ?? (serverUrl ? 'postgres' : 'pglite')) as 'postgres' | 'pglite'
  const prepared = await prepare(kind, serverUrl)
  const { handle, officeId, userId, dataDir } = prepared
  const storage = getStorage({ dataDir })
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'jc-bench-pbk-'))
  try {
    console.log(`Semeando ${clients} clientes, ${cases} casos e ${files} arquivos de 5 MB (${kind})...`)
    const clientIds = await seedClients(handle.db, { officeId, createdBy: userId, count: clients })
    await seedCases(handle.db, { officeId, createdBy: userId, count: cases, clientIds })
    for (let i = 0; i < files; i++)
      await storage.put('documents', newStorageKey('pdf'), randomBytes(FILE_BYTES))

    const storageKey = newStorageKey('zip')
    let started = performance.now()
    const written = await writePlatformArchive({ handle, storage, storageKey })
    const backupMs = performance.now() - started

    started = performance.now()
    const file = await archiveToTempFile(storage, storageKey, written, temp, verifyingStream)
    let restoredCounts: Record<string, number>
    if (kind === 'postgres') {
      restoredCounts = (await restorePostgresArchive(handle, storage, file)).counts
    } else {
      const target = path.join(temp, 'data')
      restoredCounts = (await restorePgliteArchive(file, target, getStorage({ dataDir: target }))).manifest
        .counts
    }
    const restoreMs = performance.now() - started
    // restore*Archive throw unless the restored counts equal the manifest's: reaching here is the check.
    const same = Object.entries(written.manifest.counts).every(([t, n]) => restoredCounts[t] === n)

    const rows: Row[] = [
      { metric: 'Banco', value: kind },
      {
        metric: 'Dados',
        value: `${fmt(clients, 0)} clientes, ${fmt(cases, 0)} casos, ${files} × 5 MB`,
        note: `banco no dump: ${fmt(mb(written.manifest.database.size))} MB`,
      },
      { metric: 'Tamanho do arquivo de backup', value: `${fmt(mb(written.size))} MB` },
      { metric: 'Backup: tempo', value: seconds(backupMs) },
      { metric: 'Backup: MB/s', value: fmt(mb(written.size) / (backupMs / 1000)) },
      {
        metric: 'Restauração: tempo',
        value: seconds(restoreMs),
        note:
          kind === 'postgres'
            ? 'pg_restore --single-transaction + arquivos'
            : 'pasta nova + troca + arquivos',
      },
      { metric: 'Restauração: MB/s', value: fmt(mb(written.size) / (restoreMs / 1000)) },
      { metric: 'Contagens restauradas = contagens do backup', value: same ? 'sim' : 'NÃO' },
      {
        metric: 'uptime (carga da máquina)',
        value: os
          .loadavg()
          .map((n) => n.toFixed(2))
          .join(' / '),
      },
    ]
    printTable(rows)
  } finally {
    await handle.close()
    await prepared.drop()
    fs.rmSync(dataDir, { recursive: true, force: true })
    fs.rmSync(temp, { recursive: true, force: true })
  }
}
