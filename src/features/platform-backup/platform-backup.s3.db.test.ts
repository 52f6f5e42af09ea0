// The platform backup with STORAGE=s3 (issue 14): the bucket's files go into the archive as the local
// driver's do, and the restore puts them back into the bucket (and removes what the backup did not hold).
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3'
import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/test-app'
import { lawyerSignUp } from '../../test/accounts'
import type { AppDeps } from '../../platform/app-env.server'
import {
  getStorage,
  newStorageKey,
  verifyingStream,
  type FileStorage,
  type StorageArea,
} from '../../platform/storage.server'
import { runPlatformBackup, runPlatformRestore } from './platform-backup.jobs.server'
import { restorePgliteArchive } from './platform-backup.pglite-restore.server'
import { archiveToTempFile, openPlatformArchive } from './platform-backup.restore.server'
import { getPlatformBackup, getState, insertPlatformBackup } from './platform-backup.service.server'
import { account, type TestAccount } from './platform-backup.test-helpers.server'

// s3rver (a fake S3 in Node) on loopback, as in src/platform/storage.drivers.test.ts.
interface S3rverInstance {
  run(): Promise<AddressInfo>
  close(): Promise<void>
}
type S3rverConstructor = new (options: {
  address: string
  port: number
  directory: string
  silent: boolean
}) => S3rverInstance
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverConstructor

const MASTER = 'master-platform-s3@example.com'
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'jc-pbk-s3-'))
let server: S3rverInstance
let t: TestApp & { deps: AppDeps }
let master: TestAccount
let storage: FileStorage

beforeAll(async () => {
  server = new S3rver({ address: '127.0.0.1', port: 0, directory: path.join(temp, 's3'), silent: true })
  const { port } = await server.run()
  const s3 = {
    STORAGE: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: 'jusconecta-platform-backup',
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  }
  const client = new S3Client({
    endpoint: s3.S3_ENDPOINT,
    region: s3.S3_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.S3_ACCESS_KEY_ID, secretAccessKey: s3.S3_SECRET_ACCESS_KEY },
  })
  await client.send(new CreateBucketCommand({ Bucket: s3.S3_BUCKET }))
  client.destroy()
  t = await createTestApp({ MASTER_EMAIL: MASTER, ...s3 })
  storage = getStorage(t.env)
  master = await account(t, lawyerSignUp({ email: MASTER, nomeCompleto: 'Mestre da Plataforma' }), true)
}, 60_000)
afterAll(async () => {
  await t?.close()
  await server?.close()
  fs.rmSync(temp, { recursive: true, force: true })
})

async function keysOf(area: StorageArea) {
  const keys: string[] = []
  for await (const key of storage.list(area)) keys.push(key)
  return keys
}

describe('platform backup on S3: the bucket round trip', () => {
  it('copies the stored files into the archive and puts them back into the bucket on restore', async () => {
    expect(storage.driver).toBe('s3')
    const kept = newStorageKey('pdf')
    const lost = newStorageKey('pdf')
    const avatar = newStorageKey('webp')
    await storage.put('documents', kept, Buffer.from('%PDF-1.4 procuração'))
    await storage.put('documents', lost, Buffer.from('%PDF-1.4 contrato que será apagado'))
    await storage.put('avatars', avatar, Buffer.from('RIFF avatar'))

    const id = (await insertPlatformBackup(t.handle.db, { tipo: 'manual', dbKind: t.handle.kind }))!
    await runPlatformBackup(t.deps, id)
    const row = (await getPlatformBackup(t.handle.db, id))!
    expect(row.status).toBe('concluido')
    expect(row.fileCount).toBe(3)

    const file = await archiveToTempFile(
      storage,
      row.storageKey!,
      { size: row.size!, sha256: row.sha256! },
      path.join(temp, 'check'),
      verifyingStream,
    )
    const archive = await openPlatformArchive(file)
    try {
      expect(archive.manifest.files).toMatchObject({ count: 3, storage: 's3', archived: true })
      expect([...archive.entries.keys()].filter((name) => name.startsWith('files/')).sort()).toEqual(
        [`files/avatars/${avatar}`, `files/documents/${kept}`, `files/documents/${lost}`].sort(),
      )
    } finally {
      archive.close()
    }

    // After the backup: one file deleted, one that the backup never saw.
    await storage.delete('documents', lost)
    const later = newStorageKey('pdf')
    await storage.put('documents', later, Buffer.from('%PDF-1.4 depois do backup'))

    if (t.handle.kind === 'postgres') {
      // The panel's path: the restore job, with the restore flag up as the route sets it.
      await getState(t.handle.db)
      await runPlatformRestore(t.deps, id, master.id)
      expect((await getState(t.handle.db)).lastRestoreStatus).toBe('ok')
    } else {
      // PGlite: the db:restore path (server stopped) into another DATA_DIR, files into the same bucket.
      const result = await restorePgliteArchive(file, path.join(temp, 'data'), storage)
      expect(result.files).toBe(3)
    }
    expect((await storage.get('documents', lost))?.toString()).toBe('%PDF-1.4 contrato que será apagado')
    expect((await storage.get('documents', kept))?.toString()).toBe('%PDF-1.4 procuração')
    expect((await storage.get('avatars', avatar))?.toString()).toBe('RIFF avatar')
    expect(await storage.get('documents', later)).toBeNull()
    expect(await keysOf('documents')).toEqual([kept, lost].sort())
    // The archives themselves are not touched by a restore.
    expect(await keysOf('backups')).toContain(row.storageKey)
  }, 180_000)
})
