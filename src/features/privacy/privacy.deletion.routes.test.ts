import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/test-app'
import { jobDefinitions } from '../../server/jobs.server'
import { auditLog } from '../audit/audit.table.server'
import { accounts, sessions, twoFactors, users } from '../auth/auth.table.server'
import { cases } from '../cases/cases.table.server'
import { clients } from '../clients/clients.table.server'
import { notifications } from '../notifications/notifications.table.server'
import { officeMembers, offices } from '../offices/offices.table.server'
import { profiles } from '../profiles/profiles.table.server'
import { timeEntries } from '../timesheet/timesheet.table.server'
import { pdfBytes, upload } from '../documents/documents.fixtures'
import type { DocumentDetail } from '../documents/documents.schema'
import { documentVersions } from '../documents/documents.table.server'
import { getStorage } from '../../platform/storage.server'
import { processDueDeletions } from './privacy.deletion.server'
import { call, join, person, type Person } from './privacy.fixtures'
import { ACCOUNT_DELETION_JOB } from './privacy.public.server'
import { REMOVED_USER_NAME, type DeletionStatus } from './privacy.schema'
import { accountDeletions } from './privacy.table.server'

// LGPD art. 18, VI: account deletion with a 7-day grace period, the last-sócio rule, and the content a
// deleted member leaves in an office that stays (kept, shown as 'Usuário removido').

let t: TestApp & Awaited<ReturnType<typeof createTestApp>>
let sofia: Person // sócia of office A
let uriel: Person // associado in office A; also sócio of his own one-person office
let clientId: string
let caseId: string
let documentId: string

const DAY_MS = 24 * 60 * 60 * 1000

async function ageRequest(userId: string) {
  await t.handle.db
    .update(accountDeletions)
    .set({ scheduledFor: new Date(Date.now() - 60_000) })
    .where(eq(accountDeletions.userId, userId))
}

beforeAll(async () => {
  t = await createTestApp()
  sofia = await person(t, 'Sofia Sócia')
  uriel = await person(t, 'Uriel Usuário')
  await join(t, sofia.officeId!, uriel, 'associado')
  // Uriel works in Sofia's office: a client, a case and an hour of work that must outlive his account.
  const client = await call(t, 'POST', '/api/clients', uriel.cookie, { nomeCompleto: 'Cliente do Uriel' })
  expect(client.status).toBe(201)
  clientId = ((await client.json()) as { id: string }).id
  const legalCase = await call(t, 'POST', '/api/cases', uriel.cookie, {
    titulo: 'Ação do Uriel',
    areaJuridica: 'Civil',
    clientId,
    valorCausa: '1500.00',
  })
  expect(legalCase.status).toBe(201)
  caseId = ((await legalCase.json()) as { id: string }).id
  const entry = await call(t, 'POST', '/api/timesheet', uriel.cookie, {
    caseId,
    data: '2026-11-20',
    minutos: 60,
    descricao: 'Petição inicial',
  })
  expect(entry.status).toBe(201)
  documentId = (await upload(t, uriel.cookie, pdfBytes(), { name: 'procuracao.pdf', caseId })).id
})
afterAll(() => t.close())

describe('the routes', () => {
  it('answer 401 without a session', async () => {
    expect((await call(t, 'GET', '/api/privacy/deletion')).status).toBe(401)
    expect((await call(t, 'POST', '/api/privacy/deletion', undefined, { password: 'x' })).status).toBe(401)
    expect((await call(t, 'DELETE', '/api/privacy/deletion')).status).toBe(401)
  })

  it('refuse a wrong or missing password in pt-BR and schedule nothing', async () => {
    const wrong = await call(t, 'POST', '/api/privacy/deletion', uriel.cookie, { password: 'nao-e-essa' })
    expect(wrong.status).toBe(400)
    expect(await wrong.json()).toMatchObject({ error: { code: 'validation', message: 'Senha incorreta.' } })
    const missing = await call(t, 'POST', '/api/privacy/deletion', uriel.cookie, {})
    expect(missing.status).toBe(400)
    expect(((await missing.json()) as { error: { message: string } }).error.message).toMatch(/senha/i)
    expect(await t.handle.db.select().from(accountDeletions)).toHaveLength(0)
  })

  it('registers the hourly job', () => {
    expect(jobDefinitions.find((job) => job.name === ACCOUNT_DELETION_JOB)?.schedule).toBe('20 * * * *')
  })
})

describe('the last sócio of an office with other members', () => {
  it('is refused with 409 and told how to hand over', async () => {
    const response = await call(t, 'POST', '/api/privacy/deletion', sofia.cookie, {
      password: sofia.password,
    })
    expect(response.status).toBe(409)
    const body = (await response.json()) as { error: { code: string; message: string } }
    expect(body.error.code).toBe('last_socio')
    expect(body.error.message).toContain('Escritório Sofia Sócia')
    expect(body.error.message).toContain('Gestão de Equipe')
    const status = (await (
      await call(t, 'GET', '/api/privacy/deletion', sofia.cookie)
    ).json()) as DeletionStatus
    expect(status.blockedBy).toBe(body.error.message)
    expect(status.scheduledFor).toBeNull()
    expect(await t.handle.db.select().from(accountDeletions)).toHaveLength(0)
  })
})

describe('request → cancel → request → executed after 7 days', () => {
  it('schedules in 7 days, notifies and e-mails the date and how to cancel', async () => {
    const before = Date.now()
    const response = await call(t, 'POST', '/api/privacy/deletion', uriel.cookie, {
      password: uriel.password,
    })
    expect(response.status).toBe(201)
    const status = (await response.json()) as DeletionStatus
    const scheduled = new Date(status.scheduledFor!).getTime()
    expect(scheduled - before).toBeGreaterThanOrEqual(7 * DAY_MS - 1000)
    expect(scheduled - before).toBeLessThan(7 * DAY_MS + 60_000)
    // His own one-person office closes with him; Sofia's stays.
    expect(status.officesToClose.map((office) => office.id)).toEqual([uriel.officeId])
    expect(status.blockedBy).toBeNull()

    const mail = t.mailer.sent.find((message) => message.to === uriel.email)
    expect(mail?.subject).toContain('exclusão')
    expect(mail?.text).toContain('Cancelar exclusão')
    const [notice] = await t.handle.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, uriel.userId), eq(notifications.title, 'Exclusão de conta agendada')),
      )
    expect(notice?.message).toMatch(/\d{2}\/\d{2}\/\d{4}/)

    const again = await call(t, 'POST', '/api/privacy/deletion', uriel.cookie, { password: uriel.password })
    expect(again.status).toBe(409)
  })

  it('lets the user sign in during the grace period', async () => {
    const response = await call(t, 'POST', '/api/auth/sign-in/email', undefined, {
      email: uriel.email,
      password: uriel.password,
    })
    expect(response.status).toBe(200)
  })

  it('cancels (nothing deleted), and a second cancel is a 404', async () => {
    const response = await call(t, 'DELETE', '/api/privacy/deletion', uriel.cookie)
    expect(response.status).toBe(200)
    expect(((await response.json()) as DeletionStatus).scheduledFor).toBeNull()
    expect(await t.handle.db.select().from(accountDeletions)).toHaveLength(0)
    expect((await call(t, 'DELETE', '/api/privacy/deletion', uriel.cookie)).status).toBe(404)
    const trail = await t.handle.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.actorUserId, uriel.userId))
    expect(trail.map((row) => row.action)).toEqual(
      expect.arrayContaining(['account.delete_request', 'account.delete_cancel']),
    )
  })

  it('does nothing before the date, then deletes the account when the job runs after it', async () => {
    expect(
      (await call(t, 'POST', '/api/privacy/deletion', uriel.cookie, { password: uriel.password })).status,
    ).toBe(201)
    expect(await processDueDeletions(t.deps)).toBe(0)
    expect(await t.handle.db.select().from(users).where(eq(users.id, uriel.userId))).toHaveLength(1)

    await ageRequest(uriel.userId)
    expect(await processDueDeletions(t.deps)).toBe(1)
    // Idempotent: a second run finds nothing.
    expect(await processDueDeletions(t.deps)).toBe(0)

    const db = t.handle.db
    expect(await db.select().from(users).where(eq(users.id, uriel.userId))).toHaveLength(0)
    for (const table of [sessions, accounts, twoFactors, profiles, notifications, accountDeletions])
      expect(await db.select().from(table).where(eq(table.userId, uriel.userId))).toHaveLength(0)
    // His one-person office is closed, with its data.
    expect(await db.select().from(offices).where(eq(offices.id, uriel.officeId!))).toHaveLength(0)
    expect(t.mailer.sent.at(-1)?.subject).toContain('foi excluída')
  })

  it('rejects the old session and a new sign-in with the generic message', async () => {
    expect((await call(t, 'GET', '/api/me', uriel.cookie)).status).toBe(401)
    const response = await call(t, 'POST', '/api/auth/sign-in/email', undefined, {
      email: uriel.email,
      password: uriel.password,
    })
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({ message: 'Email ou senha inválidos' })
  })
})

describe("the deleted member's content in the office that stays", () => {
  it('keeps the client, the case with its amount and the time entry', async () => {
    const db = t.handle.db
    const [client] = await db.select().from(clients).where(eq(clients.id, clientId))
    expect(client?.nomeCompleto).toBe('Cliente do Uriel')
    expect(client?.createdBy).toBeNull()
    const [legalCase] = await db.select().from(cases).where(eq(cases.id, caseId))
    expect(legalCase?.valorCausa).toBe('1500.00')
    expect(await db.select().from(timeEntries).where(eq(timeEntries.caseId, caseId))).toHaveLength(1)
  })

  it('keeps the membership as an inactive "Usuário removido" with no personal data', async () => {
    const [member] = await t.handle.db
      .select()
      .from(officeMembers)
      .where(
        and(eq(officeMembers.officeId, sofia.officeId!), eq(officeMembers.nomeCompleto, REMOVED_USER_NAME)),
      )
    expect(member).toMatchObject({ userId: null, ativo: false, email: null, telefone: null, oabNumero: null })
  })

  it('shows his audit rows to the office as "Usuário removido" (no name)', async () => {
    const response = await call(t, 'GET', '/api/audit?action=client.create', sofia.cookie)
    expect(response.status).toBe(200)
    const { items } = (await response.json()) as { items: { entityId: string; actorNome: string | null }[] }
    const created = items.find((item) => item.entityId === clientId)
    expect(created).toBeDefined()
    // The viewer renders a null actor as 'Usuário removido' (audit.json "unknownMember").
    expect(created?.actorNome).toBeNull()
  })

  it('keeps his document, its uploader shown as removed (no name)', async () => {
    const response = await call(t, 'GET', `/api/documents/${documentId}`, sofia.cookie)
    expect(response.status).toBe(200)
    const detail = (await response.json()) as DocumentDetail
    expect(detail.versions).toHaveLength(1)
    // The versions dialog renders a null uploader as 'por Usuário removido' (documents.json "byUnknown").
    expect(detail.versions[0]?.enviadoPor).toBeNull()
    expect(JSON.stringify(detail)).not.toContain('Uriel Usuário')
  })
})

describe('the sócio left alone', () => {
  it('may now delete the account, which closes the office', async () => {
    const response = await call(t, 'POST', '/api/privacy/deletion', sofia.cookie, {
      password: sofia.password,
    })
    expect(response.status).toBe(201)
    const status = (await response.json()) as DeletionStatus
    expect(status.officesToClose).toEqual([{ id: sofia.officeId, nome: 'Escritório Sofia Sócia' }])
    const [version] = await t.handle.db
      .select({ key: documentVersions.storageKey })
      .from(documentVersions)
      .where(eq(documentVersions.documentId, documentId))
    const storage = getStorage(t.env)
    expect(await storage.get('documents', version!.key)).not.toBeNull()
    await ageRequest(sofia.userId)
    expect(await processDueDeletions(t.deps)).toBe(1)
    // The closed office's files go too.
    expect(await storage.get('documents', version!.key)).toBeNull()
    expect(await t.handle.db.select().from(offices).where(eq(offices.id, sofia.officeId!))).toHaveLength(0)
    expect(await t.handle.db.select().from(clients).where(eq(clients.id, clientId))).toHaveLength(0)
  })
})

describe('a request that became blocked during the grace period', () => {
  it('waits, keeps the account and says so once', async () => {
    const vera = await person(t, 'Vera Veterana')
    const response = await call(t, 'POST', '/api/privacy/deletion', vera.cookie, { password: vera.password })
    expect(response.status).toBe(201)
    // Someone joins her office before the date: she is now its last sócio with a member.
    await join(t, vera.officeId!, await person(t, 'Nina Nova', 'estudante'), 'associado')
    await ageRequest(vera.userId)
    expect(await processDueDeletions(t.deps)).toBe(0)
    expect(await processDueDeletions(t.deps)).toBe(0)
    expect(await t.handle.db.select().from(users).where(eq(users.id, vera.userId))).toHaveLength(1)
    expect(
      await t.handle.db.select().from(accountDeletions).where(eq(accountDeletions.userId, vera.userId)),
    ).toHaveLength(1)
    const notices = await t.handle.db
      .select({ message: notifications.message })
      .from(notifications)
      .where(
        and(eq(notifications.userId, vera.userId), eq(notifications.title, 'Exclusão de conta pendente')),
      )
    expect(notices).toHaveLength(1)
    expect(notices[0]?.message).toContain('Gestão de Equipe')
  })
})
