// The process bench/backup.ts measures: a fresh Node process (like the server, whose heap holds nothing of the
// seeding) that runs the backup, then the restore, on the parent's command, so the parent can sample its RSS.
// Messages: parent → 'backup' | 'restore' | 'exit'; child → { ready } | { done, result }.
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { openDatabase } from '../../src/db/client.server'
import { writeBackupArchive } from '../../src/features/backups/backups.archive.server'
import { BACKUP_PARTS } from '../../src/features/backups/backups.constants'
import { restoreArchive } from '../../src/features/backups/backups.restore.server'
import { getStorage, newStorageKey, verifyingStream } from '../../src/platform/storage.server'
import { spoolUpload } from '../../src/platform/upload-spool.server'

export interface BackupChildArgs {
  databaseUrl?: string
  pgliteDir?: string
  dataDir: string
  officeId: string
}

const args = JSON.parse(process.argv[2] ?? '{}') as BackupChildArgs
const send = (message: unknown) => process.send?.(message)
const handle = await openDatabase(
  args.databaseUrl ? { databaseUrl: args.databaseUrl } : { pgliteDir: args.pgliteDir ?? '' },
)
const storage = getStorage({ dataDir: args.dataDir })
let archive: { key: string; size: number; sha256: string; counts: Record<string, number> } | undefined

process.on('message', (command: string) => {
  void (async () => {
    const start = performance.now()
    if (command === 'backup') {
      const key = newStorageKey('zip')
      const written = await writeBackupArchive({
        db: handle.db,
        storage,
        tempDir: path.join(args.dataDir, 'tmp'),
        office: { id: args.officeId, nome: 'Escritório Benchmark' },
        parts: BACKUP_PARTS,
        storageKey: key,
      })
      archive = { key, ...written }
      send({ done: 'backup', ms: performance.now() - start, size: written.size, counts: written.counts })
    } else if (command === 'restore' && archive) {
      const source = await storage.getStream('backups', archive.key)
      if (!source) throw new Error('archive missing')
      const spooled = await spoolUpload(args.dataDir, source.pipe(verifyingStream(archive)), {
        maxBytes: archive.size,
      })
      try {
        const restored = await restoreArchive({
          db: handle.db,
          storage,
          archivePath: spooled.path,
          officeId: args.officeId,
          importInto: false,
        })
        send({ done: 'restore', ms: performance.now() - start, counts: restored.counts })
      } finally {
        await spooled.cleanup()
      }
    } else {
      await handle.close()
      process.exit(0)
    }
  })().catch((error: unknown) => {
    console.error(error)
    process.exit(1)
  })
})
send({ ready: true })
