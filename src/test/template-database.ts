import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { openDatabase, type DbHandle } from '../db/client.server'
import { migrationsFolder, runMigrations } from '../db/migrate.server'
import { seedReferenceData } from '../features/reference/reference.seed.server'
import { pgliteOf } from '../features/platform-backup/platform-backup.dump.server'

/*
 * Every test file needs a migrated and seeded database; running 46 migrations and seeding 5 570 cities
 * took 2–4 s on PGlite and ~1.6 s on PostgreSQL, per file and per database: a third of the suite's time.
 * The migrated database is built once per content of what shapes it (migrations, the seed, the lockfile
 * that pins PGlite) and then copied: PGlite from its data-directory tarball, PostgreSQL with CREATE
 * DATABASE … TEMPLATE. A copy is the very database a fresh migration gives, so nothing a test sees changes.
 */

const ROOT = path.resolve(migrationsFolder, '../../..')
const SHAPING_FILES = ['src/features/reference/reference.seed.server.ts', 'package-lock.json']

function templateKey(): string {
  const hash = createHash('sha256')
  const files = [...listFiles(migrationsFolder), ...SHAPING_FILES.map((file) => path.join(ROOT, file))]
  for (const file of files) hash.update(path.relative(ROOT, file)).update(fs.readFileSync(file))
  return hash.digest('hex').slice(0, 16)
}

function listFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(dir, entry.name)
      return entry.isDirectory() ? listFiles(full) : [full]
    })
    .sort()
}

async function migrateAndSeed(handle: DbHandle): Promise<void> {
  await runMigrations(handle)
  await seedReferenceData(handle.db)
}

/** An in-memory PGlite started from the cached tarball of a migrated one (built by the first to need it). */
export async function openPgliteFromTemplate(): Promise<DbHandle> {
  const folder = path.join(os.tmpdir(), 'jc-test-templates')
  const name = `pglite-${templateKey()}`
  const file = path.join(folder, `${name}.tar`)
  if (!fs.existsSync(file)) {
    const handle = await openDatabase({ memory: true })
    await migrateAndSeed(handle)
    const tarball = await pgliteOf(handle.db).dumpDataDir('none')
    await handle.close()
    fs.mkdirSync(folder, { recursive: true })
    // Earlier migration sets only: another worker may be writing this one's `.partial` right now.
    for (const old of fs.readdirSync(folder)) {
      if (!old.startsWith(name)) fs.rmSync(path.join(folder, old), { force: true })
    }
    // Written aside and renamed: a worker reading at the same time sees the whole file or none.
    const partial = `${file}.${randomBytes(4).toString('hex')}.partial`
    fs.writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()))
    fs.renameSync(partial, file)
  }
  return openDatabase({ memory: true, loadDataDir: new Blob([fs.readFileSync(file)]) })
}

/** Creates `name` on the server at `serverUrl` as a copy of the migrated template, building it if missing. */
export async function createPostgresFromTemplate(serverUrl: string, name: string): Promise<void> {
  const template = `jc_tpl_${templateKey()}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  try {
    // One builder at a time across workers; the others wait here and then find it built.
    await admin.query(`select pg_advisory_lock(hashtext('jc_test_template'))`)
    const found = await admin.query('select 1 from pg_database where datname = $1', [template])
    if (found.rowCount === 0) {
      const building = `jc_tpl_building_${randomBytes(4).toString('hex')}`
      await admin.query(`create database ${building}`)
      const handle = await openDatabase({ databaseUrl: urlFor(serverUrl, building) })
      await migrateAndSeed(handle)
      await handle.close()
      await admin.query(`alter database ${building} rename to ${template}`)
      await dropOlderTemplates(admin, template)
    }
    await admin.query(`select pg_advisory_unlock(hashtext('jc_test_template'))`)
    await admin.query(`create database ${name} template ${template}`)
  } finally {
    await admin.end()
  }
}

/** Templates of earlier migration sets; one in use by another run is left for later. */
async function dropOlderTemplates(admin: pg.Client, keep: string): Promise<void> {
  const older = await admin.query<{ datname: string }>(
    `select datname from pg_database where datname like 'jc\\_tpl\\_%' and datname <> $1`,
    [keep],
  )
  for (const { datname } of older.rows)
    await admin.query(`drop database if exists ${datname}`).catch(() => {})
}

export function urlFor(serverUrl: string, name: string): string {
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}
