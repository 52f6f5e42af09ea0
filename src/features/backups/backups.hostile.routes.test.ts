import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { createTestApp, type TestApp } from '../../test/test-app'
import { officeOf, pdfBytes, upload } from '../documents/documents.fixtures'
import { MAX_ARCHIVE_ENTRIES } from './backups.bounds.server'
import {
  download,
  officePicture,
  rawZip,
  readZip,
  restoreAndWait,
  sha256,
  startBackup,
  storeArchiveRow,
  uploadArchive,
  writeZip,
  type RawZipEntry,
} from './backups.fixtures'
import { RESTORE_REFUSALS } from './backups.schema'

// Issue 24, item 1: "No request, however built, may end the process". Each archive below is built to hurt
// (a bomb, a lie, a duplicate, a flood of entries), sent through the API — uploaded, and restored from
// storage as if it had got there before the upload's checks existed — and must be refused with its pt-BR
// reason while the same app keeps answering and the office's data stays exactly as it was.

type Refusal = keyof typeof RESTORE_REFUSALS
type Manifest = {
  entries: Record<string, { size: number; sha256: string }>
  tables: { name: string; entry: string; rows: number }[]
  files: { entry: string; storageKey: string; size: number; sha256: string }[]
}

let t: TestApp
let owner: { cookie: string; email: string }
let officeId: string
let entries: Map<string, Buffer>
let manifest: Manifest

const MB = 1024 * 1024

async function storedFiles(area: string): Promise<string[]> {
  return (await fs.readdir(path.join(t.env.dataDir, 'files', area)).catch(() => [] as string[])).sort()
}

beforeAll(async () => {
  t = await createTestApp({}, { jobs: true })
  owner = await signUp(t, lawyerSignUp({ nomeCompleto: 'Sofia Sócia' }))
  officeId = await officeOf(t, owner.email)
  await t.app.request('/api/clients', jsonRequest('POST', { nomeCompleto: 'João da Silva' }, owner.cookie))
  await upload(t, owner.cookie, pdfBytes('Contrato'), { name: 'Contrato.pdf', pasta: 'contratos' })
  const backup = await startBackup(t, owner.cookie)
  entries = await readZip(await download(t, owner.cookie, backup.id))
  manifest = JSON.parse((entries.get('manifest.json') as Buffer).toString('utf8')) as Manifest
}, 120_000)
afterAll(() => t.close())

/** The backup's entries with some replaced (their manifest size and hash updated) and the manifest edited. */
function archiveWith(changes: Record<string, Buffer>, edit?: (m: Manifest) => void): Map<string, Buffer> {
  const next = new Map(entries)
  const m = structuredClone(manifest)
  for (const [name, bytes] of Object.entries(changes)) {
    next.set(name, bytes)
    m.entries[name] = { size: bytes.length, sha256: sha256(bytes) }
  }
  edit?.(m)
  next.set('manifest.json', Buffer.from(JSON.stringify(m)))
  return next
}

const setRows = (table: string, rows: number) => (m: Manifest) => {
  for (const entry of m.tables) if (entry.name === table) entry.rows = rows
}

/** The same app still answers a normal request, and the office is exactly as it was. */
async function expectUnharmed(before: Awaited<ReturnType<typeof officePicture>>, documents: string[]) {
  const clients = await t.app.request('/api/clients', { headers: { cookie: owner.cookie } })
  expect(clients.status).toBe(200)
  expect(
    ((await clients.json()) as { items: { nomeCompleto: string }[] }).items.map((c) => c.nomeCompleto),
  ).toEqual(['João da Silva'])
  expect(await officePicture(t.handle.db, t.env, officeId)).toEqual(before)
  // Nothing staged was left behind.
  expect(await storedFiles('documents')).toEqual(documents)
}

async function expectUploadRefused(bytes: Buffer, reason: Refusal) {
  const before = await officePicture(t.handle.db, t.env, officeId)
  const documents = await storedFiles('documents')
  const archives = await storedFiles('backups')
  const response = await uploadArchive(t, owner.cookie, bytes)
  expect(response.status).toBe(400)
  const { error } = (await response.json()) as { error: { code: string; message: string } }
  expect(error).toMatchObject({ code: `backup_${reason}`, message: RESTORE_REFUSALS[reason] })
  expect(await storedFiles('backups')).toEqual(archives)
  await expectUnharmed(before, documents)
}

/** Restored from storage (no upload check on the way): the job refuses it and records why. */
async function expectRestoreRefused(bytes: Buffer, reason: Refusal) {
  const before = await officePicture(t.handle.db, t.env, officeId)
  const documents = await storedFiles('documents')
  const id = await storeArchiveRow(t, officeId, bytes)
  const { response, backup } = await restoreAndWait(t, owner.cookie, id)
  expect(response.status).toBe(200)
  expect(backup?.restore).toMatchObject({ status: 'error', error: RESTORE_REFUSALS[reason], result: null })
  await expectUnharmed(before, documents)
}

describe('the long-line bomb', () => {
  it('refuses one 50 MB line deflated to ~50 KB, by its compression ratio, on upload and on restore', async () => {
    const bomb = Buffer.alloc(50 * MB, 'A')
    const zip = await writeZip(archiveWith({ 'tables/clients.jsonl': bomb }, setRows('clients', 1)))
    expect(zip.length).toBeLessThan(200 * 1024)
    await expectUploadRefused(zip, 'tooLarge')
    await expectRestoreRefused(zip, 'tooLarge')
  }, 120_000)

  it('refuses a line over 1 MB even when it compresses like real data', async () => {
    const row = `{"nome_completo":"${randomBytes(1.5 * MB).toString('base64')}"}\n`
    const zip = await writeZip(
      archiveWith({ 'tables/clients.jsonl': Buffer.from(row) }, setRows('clients', 1)),
    )
    await expectUploadRefused(zip, 'lineTooLong')
    await expectRestoreRefused(zip, 'lineTooLong')
  }, 120_000)
})

describe('one piece of data under many names', () => {
  it('refuses the manifest listing one file entry under 1 000 storage keys', async () => {
    const zip = await writeZip(
      archiveWith({}, (m) => {
        const file = m.files[0] as Manifest['files'][number]
        m.files = Array.from({ length: 1_000 }, (_, i) => ({ ...file, storageKey: `copia-${i}.pdf` }))
      }),
    )
    await expectUploadRefused(zip, 'duplicateEntries')
    await expectRestoreRefused(zip, 'duplicateEntries')
  }, 120_000)

  it('refuses two zip entries with the same name', async () => {
    const list: RawZipEntry[] = [...entries].map(([name, data]) => ({ name, data, deflate: true }))
    list.push({
      name: 'tables/clients.jsonl',
      data: entries.get('tables/clients.jsonl') as Buffer,
      deflate: true,
    })
    const zip = rawZip(list)
    await expectUploadRefused(zip, 'duplicateEntries')
    await expectRestoreRefused(zip, 'duplicateEntries')
  }, 120_000)

  it('refuses two names pointing at the same bytes of the zip (overlapping entries)', async () => {
    const file = manifest.files[0] as Manifest['files'][number]
    const withCopy = archiveWith({}, (m) => {
      m.entries['files/copia.pdf'] = { size: file.size, sha256: file.sha256 }
      m.files.push({ ...file, entry: 'files/copia.pdf', storageKey: 'copia.pdf' })
    })
    const list: RawZipEntry[] = [...withCopy]
      .filter(([name]) => name !== 'files/copia.pdf')
      .map(([name, data]) => ({ name, data, deflate: true }))
    const original = list.findIndex((entry) => entry.name === file.entry)
    list.push({
      name: 'files/copia.pdf',
      data: entries.get(file.entry) as Buffer,
      deflate: true,
      sameDataAs: original,
    })
    const zip = rawZip(list)
    await expectUploadRefused(zip, 'duplicateEntries')
    await expectRestoreRefused(zip, 'duplicateEntries')
  }, 120_000)
})

describe('sizes that lie', () => {
  it('stops inflating at the declared size when the headers and the manifest under-declare an entry', async () => {
    const real = Buffer.alloc(50 * MB, 'A')
    const claimed = 1_000
    const lying = archiveWith({ 'tables/clients.jsonl': real.subarray(0, claimed) })
    const list: RawZipEntry[] = [...lying].map(([name, data]) =>
      name === 'tables/clients.jsonl'
        ? { name, data: real, deflate: true, claimedSize: claimed }
        : { name, data, deflate: true },
    )
    const zip = rawZip(list)
    await expectUploadRefused(zip, 'checksum')
    await expectRestoreRefused(zip, 'checksum')
  }, 120_000)

  it("refuses a manifest whose size is not the zip's own for the entry", async () => {
    const zip = await writeZip(
      archiveWith({}, (m) => {
        const entry = m.entries['tables/clients.jsonl'] as { size: number }
        entry.size += 1
      }),
    )
    await expectUploadRefused(zip, 'checksum')
  })
})

describe('a flood of entries', () => {
  it(`refuses an archive with more than ${MAX_ARCHIVE_ENTRIES} entries before listing them`, async () => {
    const empty = Buffer.alloc(0)
    const list = Array.from({ length: MAX_ARCHIVE_ENTRIES + 1 }, (_, i) => ({
      name: `files/f${i}`,
      data: empty,
    }))
    const zip = rawZip(list)
    await expectUploadRefused(zip, 'tooManyEntries')
    await expectRestoreRefused(zip, 'tooManyEntries')
  }, 120_000)
})

describe('a sound archive', () => {
  it('still restores after all of the above, through the job', async () => {
    const before = await officePicture(t.handle.db, t.env, officeId)
    const uploaded = await uploadArchive(t, owner.cookie, await writeZip(entries))
    expect(uploaded.status).toBe(201)
    const { backup } = (await uploaded.json()) as { backup: { id: string } }
    const restored = await restoreAndWait(t, owner.cookie, backup.id)
    expect(restored.backup?.restore).toMatchObject({ status: 'success', result: { files: 1 } })
    expect(await officePicture(t.handle.db, t.env, officeId)).toEqual(before)
  }, 120_000)
})
