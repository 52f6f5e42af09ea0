import fs from 'node:fs/promises'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../test/test-app'
import { lawyerSignUp, signUp } from '../test/accounts'
import { getStorage, newStorageKey, STORAGE_AREAS, type StorageArea } from '../platform/storage.server'
import { storageSweepJobName } from '../platform/storage-sweeper.server'
import { users } from '../features/auth/auth.table.server'
import { officeBackups } from '../features/backups/backups.table.server'
import { pdfBytes, upload } from '../features/documents/documents.fixtures'
import { documentVersions } from '../features/documents/documents.table.server'
import { applyRequest, entitySignUp, publishJob, studentSignUp } from '../features/jobs/jobs.fixtures'
import { jobApplications } from '../features/jobs/jobs.table.server'
import { oabVerifications } from '../features/network/network.table.server'
import { officeMembers } from '../features/offices/offices.table.server'
import { platformBackups } from '../features/platform-backup/platform-backup.table.server'
import { platformReports } from '../features/platform-reports/platform-reports.table.server'
import { profiles } from '../features/profiles/profiles.table.server'
import { jobDefinitions, storageReferences } from './jobs.server'

// The orphan-file sweeper as the shell wires it (issue 24): every table that keeps storage keys has a
// checker, each area gets its daily job, and a sweep keeps every referenced file and every fresh one.

let t: TestApp & Awaited<ReturnType<typeof createTestApp>>
const storage = () => getStorage(t.env)
const exists = async (area: StorageArea, key: string) => (await storage().get(area, key)) !== null

beforeAll(async () => {
  t = await createTestApp()
}, 60_000)
afterAll(() => t.close())

describe('which tables the sweeper asks', () => {
  it('covers every storage-key column of the schema (and the avatar URL)', async () => {
    const { rows } = await t.handle.db.execute<{ col: string }>(sql`
      select table_name || '.' || column_name as col from information_schema.columns
       where table_schema = 'public' and (column_name like '%storage\\_key' or column_name = 'avatar_url')`)
    const registered = storageReferences.map((reference) => reference.column).sort()
    expect(rows.map((row) => row.col).sort()).toEqual(registered)
  })

  it('schedules one daily job per area', () => {
    for (const area of STORAGE_AREAS)
      expect(jobDefinitions.find((job) => job.name === storageSweepJobName(area))?.schedule).toMatch(
        /^\d+ 4 \* \* \*$/,
      )
  })
})

describe('a sweep of every area', () => {
  it('deletes old orphans and keeps what any table references and what was just stored', async () => {
    const db = t.handle.db
    const put = async (area: StorageArea, key = newStorageKey()) => {
      await storage().put(area, key, Buffer.from(`bytes of ${key}`))
      return key
    }
    // One referenced file per checker, through the real routes where they are cheap.
    const lawyer = await signUp(t, lawyerSignUp({ nomeCompleto: 'Lia Referência' }))
    const [lia] = await db
      .select({ userId: users.id, officeId: officeMembers.officeId })
      .from(users)
      .innerJoin(officeMembers, eq(officeMembers.userId, users.id))
      .where(eq(users.email, lawyer.email))
    const document = await upload(t, lawyer.cookie, pdfBytes(), { name: 'contrato.pdf' })
    const [version] = await db
      .select({ key: documentVersions.storageKey })
      .from(documentVersions)
      .where(eq(documentVersions.documentId, document.id))
    const entity = await signUp(t, entitySignUp())
    const candidate = await signUp(t, studentSignUp())
    const jobId = await publishJob(t, entity.cookie)
    const applied = await t.app.request(
      `/api/jobs/${jobId}/applications?nome=cv.pdf`,
      applyRequest(candidate.cookie),
    )
    expect(applied.status).toBe(201)
    const [application] = await db.select({ key: jobApplications.cvStorageKey }).from(jobApplications)
    const referenced: [StorageArea, string][] = [
      ['documents', version!.key],
      ['documents', application!.key],
    ]
    const oabCard = await put('documents')
    await db
      .insert(oabVerifications)
      .values({ userId: lia!.userId, storageKey: oabCard, mime: 'image/png', size: 1 })
    const avatar = await put('avatars', newStorageKey('webp'))
    await db
      .update(profiles)
      .set({ avatarUrl: `/api/files/avatars/${avatar}` })
      .where(eq(profiles.userId, lia!.userId))
    const officeArchive = await put('backups', newStorageKey('zip'))
    await db.insert(officeBackups).values({
      officeId: lia!.officeId,
      nome: 'Backup',
      tipo: 'manual',
      status: 'success',
      scope: ['clientes'],
      storageKey: officeArchive,
    })
    const platformArchive = await put('backups', newStorageKey('zip'))
    await db.insert(platformBackups).values({
      nome: 'Plataforma',
      tipo: 'manual',
      dbKind: t.handle.kind,
      storageKey: platformArchive,
    })
    const report = await put('backups', newStorageKey('csv'))
    await db.insert(platformReports).values({
      kind: 'usuarios',
      format: 'csv',
      period: '30d',
      periodFrom: new Date(Date.now() - 30 * 86_400_000),
      periodTo: new Date(),
      storageKey: report,
    })
    referenced.push(
      ['documents', oabCard],
      ['avatars', avatar],
      ['backups', officeArchive],
      ['backups', platformArchive],
      ['backups', report],
    )
    const orphans: [StorageArea, string][] = []
    for (const area of STORAGE_AREAS) orphans.push([area, await put(area)])

    // Two days pass; then one more file per area arrives (an upload whose row is not committed yet).
    const twoDaysAgo = new Date(Date.now() - 48 * 60 * 60 * 1000)
    for (const area of STORAGE_AREAS) {
      const folder = path.join(t.env.dataDir, 'files', area)
      for (const name of await fs.readdir(folder))
        await fs.utimes(path.join(folder, name), twoDaysAgo, twoDaysAgo)
    }
    const fresh: [StorageArea, string][] = []
    for (const area of STORAGE_AREAS) fresh.push([area, await put(area)])

    for (const area of STORAGE_AREAS)
      await jobDefinitions
        .find((job) => job.name === storageSweepJobName(area))!
        .handler({ deps: t.deps, data: null })

    for (const [area, key] of referenced) expect(await exists(area, key), `${area}/${key}`).toBe(true)
    for (const [area, key] of fresh) expect(await exists(area, key), `${area}/${key}`).toBe(true)
    for (const [area, key] of orphans) expect(await exists(area, key), `${area}/${key}`).toBe(false)
  })
})
