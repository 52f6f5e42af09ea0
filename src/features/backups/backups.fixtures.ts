import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import yauzl from 'yauzl'
import yazl from 'yazl'
import type { Database } from '../../db/client.server'
import { jsonRequest } from '../../test/accounts'
import type { TestApp } from '../../test/test-app'
import { getStorage } from '../../platform/storage.server'
import { backupCatalog } from './backups.catalog.server'
import type { BackupRow } from './backups.schema'

// Test helpers of the backup feature: start a backup and wait for its job, read and rewrite archives, and
// take a row-by-row picture of an office to compare before and after a restore.

export async function startBackup(
  t: TestApp,
  cookie: string,
  parts = ['clientes', 'casos', 'documentos', 'configuracoes'],
): Promise<BackupRow> {
  const response = await t.app.request('/api/backups', jsonRequest('POST', { parts }, cookie))
  if (response.status !== 201)
    throw new Error(`backup not started: ${response.status} ${await response.text()}`)
  const { backup } = (await response.json()) as { backup: BackupRow }
  return waitForBackup(t, cookie, backup.id)
}

export async function waitForBackup(t: TestApp, cookie: string, id: string): Promise<BackupRow> {
  const deadline = Date.now() + 30_000
  for (;;) {
    const response = await t.app.request(`/api/backups/${id}`, { headers: { cookie } })
    const { backup } = (await response.json()) as { backup: BackupRow }
    if (backup.status !== 'in_progress') return backup
    if (Date.now() > deadline) throw new Error('backup job did not finish')
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

export async function download(t: TestApp, cookie: string, id: string): Promise<Buffer> {
  const response = await t.app.request(`/api/backups/${id}/download`, { headers: { cookie } })
  if (response.status !== 200) throw new Error(`download failed: ${response.status}`)
  return Buffer.from(await response.arrayBuffer())
}

/** Every entry of a zip, name → bytes (test archives are small). */
export async function readZip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true })
  const entries = new Map<string, Buffer>()
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error)
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () => {
          entries.set(entry.fileName, Buffer.concat(chunks))
          zip.readEntry()
        })
        stream.on('error', reject)
      })
    })
    zip.once('end', () => resolve())
    zip.once('error', reject)
    zip.readEntry()
  })
  return entries
}

export async function writeZip(entries: Map<string, Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile()
  for (const [name, bytes] of entries) zip.addBuffer(bytes, name)
  zip.end()
  const chunks: Buffer[] = []
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

/** Rewrites the manifest with `change` and re-signs nothing: the entries' hashes stay as they were. */
export async function withManifest(
  archive: Buffer,
  change: (manifest: Record<string, unknown>) => void,
): Promise<Buffer> {
  const entries = await readZip(archive)
  const manifest = JSON.parse((entries.get('manifest.json') as Buffer).toString('utf8')) as Record<
    string,
    unknown
  >
  change(manifest)
  entries.set('manifest.json', Buffer.from(JSON.stringify(manifest)))
  return writeZip(entries)
}

export function uploadArchive(t: TestApp, cookie: string, bytes: Buffer, name = 'backup.zip') {
  return t.app.request(`/api/backups/upload?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/zip' },
    body: bytes as unknown as BodyInit,
  })
}

/**
 * Every office table of the backup, row by row (all columns, generated ones included, in key order), plus
 * the SHA-256 of every document file as storage holds it now (keys differ after a restore; contents must not).
 */
export async function officePicture(db: Database, env: TestApp['env'], officeId: string) {
  const tables: Record<string, unknown[]> = {}
  for (const table of backupCatalog()) {
    const order = table.keyColumns.map((name) => `"${name}"`).join(', ')
    const { rows } = await db.execute<{ j: Record<string, unknown> }>(
      sql.raw(
        `select to_jsonb(t) - 'storage_key' as j from "${table.name}" t where office_id = '${officeId}' order by ${order}`,
      ),
    )
    tables[table.name] = rows.map((row) => row.j)
  }
  const { rows: versions } = await db.execute<{ id: string; storage_key: string }>(
    sql.raw(`select id, storage_key from document_versions where office_id = '${officeId}' order by id`),
  )
  const files: Record<string, string | null> = {}
  for (const version of versions) {
    const bytes = await getStorage(env).get('documents', version.storage_key)
    files[version.id] = bytes ? sha256(bytes) : null
  }
  return { tables, files }
}
