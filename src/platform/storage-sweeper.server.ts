import type { Database } from '../db/client.server'
import type { AppDeps } from './app-env.server'
import type { JobDefinition } from './jobs.server'
import { log } from './log.server'
import { getStorage, STORAGE_AREAS, type FileStorage, type StorageArea } from './storage.server'

/**
 * Orphan files (issue 24, LGPD art. 18): a stored file that no row points at any more — a deletion whose file
 * delete failed after its commit, a cascade whose keys nobody collected, a crash between a `put` and the row
 * that was to record it. Each area is swept once a day: every file older than the grace period whose key no
 * table references is deleted. The grace period protects uploads in flight (the file is stored before its
 * row commits) and restores staging files under new keys.
 *
 * The platform knows no feature: each feature that keeps keys of an area in a table exposes a
 * `StorageReferences` on its public server surface, and the shell (src/server/jobs.server.ts) hands them all
 * to `storageSweeperJobs`. An area nobody vouches for is never swept (it would lose every file), and
 * src/server/storage-sweeper.db.test.ts fails for a storage-key column that has no checker.
 */

export const ORPHAN_GRACE_MS = 24 * 60 * 60 * 1000
/** Keys asked about per query: bounded memory and parameter lists whatever the size of the area. */
const BATCH = 500

export interface StorageReferences {
  area: StorageArea
  /** Where the keys are kept, 'table.column' (the coverage test matches every storage column to one). */
  column: string
  /** Of `keys`, those a row points at now. */
  referencedAmong(db: Database, keys: readonly string[]): Promise<readonly string[]>
}

export interface SweepInput {
  storage: FileStorage
  area: StorageArea
  /** Of `keys`, those still referenced by any table (the area's checkers together). */
  referencedAmong(keys: readonly string[]): Promise<ReadonlySet<string>>
  now?: Date
  graceMs?: number
  /**
   * Asked right before each batch is deleted: true stops the sweep. A platform restore puts files back
   * under keys its rows will reference; a key found unreferenced just before must not be deleted after.
   */
  paused?: () => Promise<boolean>
}

export interface SweepResult {
  /** Files listed in the area. */
  listed: number
  /** Files past the grace period that no row references, deleted. */
  deleted: number
  /** Orphans whose delete failed (logged; the next sweep tries again). */
  failed: number
  stopped: boolean
}

/** Deletes the area's files that are older than the grace period and referenced by no row. */
export async function sweepOrphanFiles(input: SweepInput): Promise<SweepResult> {
  const cutoff = (input.now ?? new Date()).getTime() - (input.graceMs ?? ORPHAN_GRACE_MS)
  const result: SweepResult = { listed: 0, deleted: 0, failed: 0, stopped: false }

  const sweep = async (keys: string[]): Promise<void> => {
    const referenced = await input.referencedAmong(keys)
    const orphans = keys.filter((key) => !referenced.has(key))
    if (orphans.length === 0) return
    if (await input.paused?.()) {
      result.stopped = true
      return
    }
    for (const key of orphans) {
      try {
        await input.storage.delete(input.area, key)
        result.deleted++
      } catch (error) {
        result.failed++
        log.error('storage sweep: file delete failed', { area: input.area, error })
      }
    }
  }

  // Deleting while listing is safe: S3 pages after the last key seen, the local driver reads the folder first.
  let batch: string[] = []
  for await (const entry of input.storage.listEntries(input.area)) {
    result.listed++
    if (entry.modifiedAt.getTime() > cutoff) continue
    batch.push(entry.key)
    if (batch.length < BATCH) continue
    await sweep(batch)
    batch = []
    if (result.stopped) return result
  }
  if (batch.length > 0) await sweep(batch)
  return result
}

export interface StorageSweeperOptions {
  /** Every table's checker, from the features' public server surfaces. */
  references: readonly StorageReferences[]
  /** True while files must not be touched (a platform restore in progress). */
  paused?: (deps: AppDeps) => Promise<boolean>
}

/** Sweeps one area with the checkers registered for it; an area without any is left alone. */
export async function sweepStorageArea(
  deps: AppDeps,
  area: StorageArea,
  options: StorageSweeperOptions,
  now = new Date(),
): Promise<SweepResult | null> {
  const checkers = options.references.filter((reference) => reference.area === area)
  if (checkers.length === 0) return null
  const { paused } = options
  const result = await sweepOrphanFiles({
    storage: getStorage(deps.env),
    area,
    now,
    async referencedAmong(keys) {
      const referenced = new Set<string>()
      for (const checker of checkers)
        for (const key of await checker.referencedAmong(deps.db, keys)) referenced.add(key)
      return referenced
    },
    paused: paused ? () => paused(deps) : undefined,
  })
  if (result.deleted > 0 || result.failed > 0 || result.stopped)
    log.info('storage sweep', { area, ...result })
  return result
}

export const storageSweepJobName = (area: StorageArea) => `storage.sweep-${area}`

/**
 * One daily job per area that has checkers, 04:10, 04:20, 04:30 in São Paulo: after the nightly purges
 * (03:00–03:50), whose own file deletes go first, and far from the 02:00 backups.
 */
export function storageSweeperJobs(options: StorageSweeperOptions): JobDefinition[] {
  return STORAGE_AREAS.filter((area) => options.references.some((reference) => reference.area === area)).map(
    (area, index) => ({
      name: storageSweepJobName(area),
      schedule: `${10 * (index + 1)} 4 * * *`,
      // A bucket of millions of files is listed 1 000 keys a page: give it time; a rerun starts over safely.
      expireInSeconds: 3 * 60 * 60,
      retryLimit: 1,
      async handler({ deps }) {
        await sweepStorageArea(deps, area, options)
      },
    }),
  )
}
