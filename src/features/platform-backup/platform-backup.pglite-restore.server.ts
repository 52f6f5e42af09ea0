import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { citext } from '@electric-sql/pglite/contrib/citext'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { drizzle } from 'drizzle-orm/pglite'
import type { Database } from '../../db/client.server'
import type { FileStorage } from '../../platform/storage.server'
import type { PlatformManifest } from './platform-backup.archive.server'
import { CHECKED_TABLES } from './platform-backup.dump.server'
import {
  checkCompatible,
  extractEntry,
  openPlatformArchive,
  PlatformRestoreError,
  restoreFiles,
} from './platform-backup.restore.server'
import {
  applyRevocations,
  blocksInForce,
  type BlockInForce,
  type Revocations,
} from './platform-backup.revocations.server'

/** This feature's own tables keep today's rows across a restore, as on PostgreSQL (they are outside its dump). */
const KEPT_TABLES = ['platform_backups', 'platform_backup_schedules', 'platform_backup_state'] as const

async function openPglite(dir: string, loadDataDir?: Blob): Promise<PGlite> {
  return PGlite.create(dir, {
    extensions: { citext, pg_trgm, unaccent },
    ...(loadDataDir ? { loadDataDir } : {}),
  })
}

async function counted(client: PGlite): Promise<{ counts: Record<string, number>; migrations: number }> {
  const counts: Record<string, number> = {}
  for (const table of CHECKED_TABLES) {
    const result = await client.query<{ n: number }>(`select count(*)::int as n from "${table}"`)
    counts[table] = Number(result.rows[0]?.n ?? 0)
  }
  const m = await client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations')
  return { counts, migrations: Number(m.rows[0]?.n ?? 0) }
}

export interface PgliteRestoreResult {
  manifest: PlatformManifest
  /** Where the data directory that was replaced now is (kept: delete it once the restore is confirmed). */
  previousDir: string | null
  files: number
  /** Sessions ended and blocks of the replaced database written back (revocations.server.ts). */
  revocations: Revocations
}

/** The same query API over a PGlite opened here (the app's Database type is node-postgres's). */
const drizzleOf = (client: PGlite) => drizzle(client) as unknown as Database

/**
 * PGlite (embedded): loads the archive's data directory into a FRESH folder next to the current one, checks
 * it (row counts and migrations as recorded at the dump), carries this feature's own rows over, ends every
 * session and pending link and writes back the blocks in force in the current data, and only then swaps
 * the folders. Any failure before the swap leaves the current data untouched. The caller holds
 * DATA_DIR's lock (the server must be stopped: two processes on one PGlite folder corrupt it).
 */
export async function restorePgliteArchive(
  archiveFile: string,
  dataDir: string,
  storage: FileStorage,
): Promise<PgliteRestoreResult> {
  const archive = await openPlatformArchive(archiveFile)
  const liveDir = path.join(dataDir, 'pglite')
  const freshDir = path.join(dataDir, 'pglite.restoring')
  const tarball = path.join(dataDir, 'pglite.restore.tar.gz')
  try {
    checkCompatible(archive.manifest, 'pglite')
    await fsp.mkdir(dataDir, { recursive: true })
    await fsp.rm(freshDir, { recursive: true, force: true })
    await extractEntry(archive, archive.manifest.database.entry, tarball)
    // A Blob backed by the file: the tarball is not read into memory here (PGlite copies it in as it loads).
    const fresh = await openPglite(freshDir, await fs.openAsBlob(tarball))
    let revocations: Revocations
    try {
      const found = await counted(fresh)
      const same = Object.entries(archive.manifest.counts).every(([t, n]) => found.counts[t] === n)
      if (!same || found.migrations !== archive.manifest.migrations)
        throw new PlatformRestoreError('verificacao')
      let blocks: BlockInForce[] = []
      if (fs.existsSync(liveDir)) {
        const live = await openPglite(liveDir)
        try {
          blocks = await blocksInForce(drizzleOf(live))
          for (const table of KEPT_TABLES) {
            const rows = await live.query<{ rows: unknown }>(
              `select coalesce(json_agg(t), '[]') as rows from "${table}" t`,
            )
            await fresh.query(`delete from "${table}"`)
            await fresh.query(
              `insert into "${table}" select * from json_populate_recordset(null::"${table}", $1)`,
              [JSON.stringify(rows.rows[0]?.rows ?? [])],
            )
          }
        } finally {
          await live.close()
        }
      }
      revocations = await applyRevocations(drizzleOf(fresh), blocks)
    } finally {
      await fresh.close()
    }
    let previousDir: string | null = null
    if (fs.existsSync(liveDir)) {
      previousDir = path.join(
        dataDir,
        `pglite.antes-restauracao-${new Date().toISOString().replace(/[:.]/g, '-')}`,
      )
      await fsp.rename(liveDir, previousDir)
    }
    await fsp.rename(freshDir, liveDir)
    const files = await restoreFiles(archive, storage)
    return { manifest: archive.manifest, previousDir, files, revocations }
  } finally {
    archive.close()
    await fsp.rm(tarball, { force: true })
    await fsp.rm(freshDir, { recursive: true, force: true })
  }
}
