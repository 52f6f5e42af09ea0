import fs from 'node:fs/promises'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, type TestApp } from '../../test/test-app'
import { signUp } from '../../test/accounts'
import { jobDefinitions } from '../../server/jobs.server'
import { getStorage, newStorageKey, type StorageArea } from '../../platform/storage.server'
import { users } from '../auth/auth.table.server'
import { officeBackups } from '../backups/backups.table.server'
import { pdfBytes, upload } from '../documents/documents.fixtures'
import { documentVersions } from '../documents/documents.table.server'
import { applyRequest, entitySignUp, publishJob } from '../jobs/jobs.fixtures'
import { jobApplications } from '../jobs/jobs.table.server'
import { oabVerifications } from '../network/network.table.server'
import { profiles } from '../profiles/profiles.table.server'
import { processDueDeletions } from './privacy.deletion.server'
import { call, person, userIdOf, type Person } from './privacy.fixtures'
import { accountDeletions } from './privacy.table.server'

// Issue 24, item 4 (LGPD art. 18, VI): deleting an account removes every stored file of the rows that go
// with it, directly or by cascade — the closed office's documents and backup archives, the OAB card, the
// avatar, the user's CVs and, for an entity, every candidate's CV sent to its jobs. A file whose delete
// fails is left to the daily orphan sweeper, and the deletion stands.

let t: TestApp & Awaited<ReturnType<typeof createTestApp>>
let lara: Person // lawyer: her one-person office (a document, a backup), an OAB card, an avatar, a CV
let eva: Person // entity: publishes a job
let fabio: Person // entity that stays
let bruna: Person // student: applies to Eva's and Fábio's jobs
let caio: Person // student that stays: applies to both jobs too
let evaJob: string
let fabioJob: string

const storage = () => getStorage(t.env)
const exists = async (area: StorageArea, key: string) => (await storage().get(area, key)) !== null
const OAB_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
)

async function entity(nome: string): Promise<Person> {
  const data = entitySignUp(nome)
  const { cookie, email } = await signUp(t, data)
  return { cookie, email, password: data.password, userId: await userIdOf(t, email), officeId: null }
}

/** Applies with a PDF and returns the CV's storage key. */
async function apply(who: Person, jobId: string): Promise<string> {
  const response = await t.app.request(
    `/api/jobs/${jobId}/applications?nome=curriculo.pdf`,
    applyRequest(who.cookie, pdfBytes(`CV de ${who.email}`)),
  )
  expect(response.status).toBe(201)
  const { id } = (await response.json()) as { id: string }
  const [row] = await t.handle.db
    .select({ key: jobApplications.cvStorageKey })
    .from(jobApplications)
    .where(eq(jobApplications.id, id))
  return row!.key
}

/** Requests the deletion with the password, ends the grace period and runs the job. */
async function deleteAccount(who: Person) {
  const response = await call(t, 'POST', '/api/privacy/deletion', who.cookie, { password: who.password })
  expect(response.status).toBe(201)
  await t.handle.db
    .update(accountDeletions)
    .set({ scheduledFor: new Date(Date.now() - 60_000) })
    .where(eq(accountDeletions.userId, who.userId))
  expect(await processDueDeletions(t.deps)).toBe(1)
  expect(await t.handle.db.select().from(users).where(eq(users.id, who.userId))).toHaveLength(0)
}

const keys: Record<string, string> = {}

beforeAll(async () => {
  t = await createTestApp()
  lara = await person(t, 'Lara Advogada')
  eva = await entity('Entidade Eva')
  fabio = await entity('Entidade Fábio')
  bruna = await person(t, 'Bruna Estudante', 'estudante')
  caio = await person(t, 'Caio Candidato', 'estudante')
  evaJob = await publishJob(t, eva.cookie, { titulo: 'Estágio na Entidade Eva' })
  fabioJob = await publishJob(t, fabio.cookie, { titulo: 'Estágio na Entidade Fábio' })
  keys.brunaAtEva = await apply(bruna, evaJob)
  keys.caioAtEva = await apply(caio, evaJob)
  keys.brunaAtFabio = await apply(bruna, fabioJob)
  keys.caioAtFabio = await apply(caio, fabioJob)
  keys.laraAtFabio = await apply(lara, fabioJob)

  // Lara's office: a document and a backup archive (every client's data, in the 'backups' area).
  const document = await upload(t, lara.cookie, pdfBytes('Procuração'), { name: 'procuracao.pdf' })
  const [version] = await t.handle.db
    .select({ key: documentVersions.storageKey })
    .from(documentVersions)
    .where(eq(documentVersions.documentId, document.id))
  keys.document = version!.key
  keys.backup = newStorageKey('zip')
  const archive = await storage().put('backups', keys.backup, Buffer.from('PK zip com CPFs dos clientes'))
  await t.handle.db.insert(officeBackups).values({
    officeId: lara.officeId!,
    nome: 'Backup manual',
    tipo: 'manual',
    status: 'success',
    scope: ['clientes', 'documentos'],
    progress: 100,
    size: archive.size,
    sha256: archive.sha256,
    storageKey: keys.backup,
  })
  // Her OAB card, through the real route; and an avatar.
  const card = await t.app.request('/api/network/verification', {
    method: 'POST',
    headers: { cookie: lara.cookie, 'content-type': 'application/pdf' },
    body: new Uint8Array(OAB_PDF),
  })
  expect(card.status).toBe(201)
  const [verification] = await t.handle.db
    .select({ key: oabVerifications.storageKey })
    .from(oabVerifications)
    .where(eq(oabVerifications.userId, lara.userId))
  keys.oabCard = verification!.key
  keys.avatar = newStorageKey('webp')
  await storage().put('avatars', keys.avatar, Buffer.from('RIFF avatar'))
  await t.handle.db
    .update(profiles)
    .set({ avatarUrl: `/api/files/avatars/${keys.avatar}` })
    .where(eq(profiles.userId, lara.userId))
}, 60_000)
afterAll(() => t.close())

describe('deleting an account leaves none of its files in storage', () => {
  it("a lawyer: her office's documents and backup archive, her OAB card, avatar and CV", async () => {
    for (const [area, key] of [
      ['documents', keys.document],
      ['backups', keys.backup],
      ['documents', keys.oabCard],
      ['avatars', keys.avatar],
      ['documents', keys.laraAtFabio],
    ] as const)
      expect(await exists(area, key!)).toBe(true)
    await deleteAccount(lara)
    expect(await exists('documents', keys.document!)).toBe(false)
    expect(await exists('backups', keys.backup!)).toBe(false)
    expect(await exists('documents', keys.oabCard!)).toBe(false)
    expect(await exists('avatars', keys.avatar!)).toBe(false)
    expect(await exists('documents', keys.laraAtFabio!)).toBe(false)
    // Other people's files are untouched.
    expect(await exists('documents', keys.caioAtFabio!)).toBe(true)
  })

  it("an entity: every candidate's CV sent to its jobs (the jobs cascade)", async () => {
    await deleteAccount(eva)
    expect(await exists('documents', keys.brunaAtEva!)).toBe(false)
    expect(await exists('documents', keys.caioAtEva!)).toBe(false)
    expect(await exists('documents', keys.brunaAtFabio!)).toBe(true)
    expect(await exists('documents', keys.caioAtFabio!)).toBe(true)
  })

  it("a candidate: her CVs at other entities' jobs", async () => {
    await deleteAccount(bruna)
    expect(await exists('documents', keys.brunaAtFabio!)).toBe(false)
    expect(await exists('documents', keys.caioAtFabio!)).toBe(true)
    expect(
      await t.handle.db.select().from(jobApplications).where(eq(jobApplications.jobId, fabioJob)),
    ).toEqual([expect.objectContaining({ cvStorageKey: keys.caioAtFabio })])
  })
})

describe('a file delete that fails after the commit', () => {
  it('never undoes the deletion, is logged without personal data, and the sweeper removes the file later', async () => {
    const dora = await person(t, 'Dora Disco Cheio', 'estudante')
    const doraCv = await apply(dora, fabioJob)
    const failing = vi
      .spyOn(storage(), 'delete')
      .mockRejectedValue(Object.assign(new Error('disk gone'), { code: 'EIO' }))
    const lines: string[] = []
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      lines.push(String(chunk))
      return true
    })
    try {
      await deleteAccount(dora)
    } finally {
      failing.mockRestore()
      stderr.mockRestore()
    }
    expect(await exists('documents', doraCv)).toBe(true)
    const logged = lines.filter((line) => line.includes('privacy file delete failed'))
    expect(logged).toHaveLength(1)
    expect(logged[0]).toContain('"code":"EIO"')
    expect(logged[0]).not.toContain(dora.email)
    expect(logged[0]).not.toContain(doraCv)

    // A day later: every stored file is past the grace period; one more arrives just now (an upload whose
    // row is not committed yet). The daily sweep removes only what no row points at, old enough.
    const folder = path.join(t.env.dataDir, 'files', 'documents')
    const dayAndAHalfAgo = new Date(Date.now() - 36 * 60 * 60 * 1000)
    for (const name of await fs.readdir(folder))
      await fs.utimes(path.join(folder, name), dayAndAHalfAgo, dayAndAHalfAgo)
    const inFlight = newStorageKey('pdf')
    await storage().put('documents', inFlight, pdfBytes('ainda sem linha'))
    const sweep = jobDefinitions.find((job) => job.name === 'storage.sweep-documents')
    expect(sweep?.schedule).toMatch(/^\d+ 4 \* \* \*$/)
    await sweep!.handler({ deps: t.deps, data: null })
    expect(await exists('documents', doraCv)).toBe(false)
    expect(await exists('documents', keys.caioAtFabio!)).toBe(true)
    expect(await exists('documents', inFlight)).toBe(true)
  })
})
