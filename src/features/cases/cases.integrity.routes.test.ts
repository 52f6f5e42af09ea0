import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { createTestApp, type TestApp } from '../../test/test-app'
import { withFailingAudit } from '../../test/failing-audit'
import { auditLog } from '../audit/audit.table.server'
import type { Client } from '../clients/clients.schema'
import type { Case } from './cases.schema'
import { cases } from './cases.table.server'

// Issue 7, item 9: the database keeps office data apart by itself (a case's client is of the same
// office: cases_office_client_fk), and a change commits with its audit row or not at all. Item 4 for
// cases: an empty PATCH is a 400; every change is audited.

let t: TestApp
let ana: string
let bruno: string
let anaOffice: string
let anaClient: Client
let brunoClient: Client

function call(method: string, path: string, cookie?: string, body?: unknown) {
  return t.app.request(`/api/cases${path}`, jsonRequest(method, body, cookie))
}

async function json<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text()
  expect(response.status, text).toBe(status)
  return JSON.parse(text) as T
}

async function officeOf(cookie: string): Promise<string> {
  const me = await (await t.app.request('/api/me', { headers: { cookie } })).json()
  return me.office.id as string
}

/** The database error behind a failed statement (Drizzle wraps it in `cause`). */
async function dbError(run: () => Promise<unknown>): Promise<{ code?: string; constraint?: string }> {
  try {
    await run()
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause ?? error
    return cause as { code?: string; constraint?: string }
  }
  throw new Error('the statement was expected to fail')
}

async function expect500(response: Response) {
  const body = await json<{ error: { code: string; message: string } }>(response, 500)
  expect(body.error).toEqual({ code: 'internal', message: 'Erro inesperado. Tente novamente mais tarde.' })
}

async function newCase(cookie: string, body: Record<string, unknown> = {}): Promise<Case> {
  return json<Case>(
    await call('POST', '', cookie, { titulo: 'Caso de teste', areaJuridica: 'Civil', ...body }),
    201,
  )
}

async function newClient(cookie: string, nomeCompleto: string): Promise<Client> {
  return json<Client>(await t.app.request('/api/clients', jsonRequest('POST', { nomeCompleto }, cookie)), 201)
}

beforeAll(async () => {
  t = await createTestApp()
  ana = (await signUp(t, lawyerSignUp({ nomeCompleto: 'Ana Advogada' }))).cookie
  bruno = (await signUp(t, lawyerSignUp({ nomeCompleto: 'Bruno Advogado' }))).cookie
  anaOffice = await officeOf(ana)
  anaClient = await newClient(ana, 'Cliente da Ana')
  brunoClient = await newClient(bruno, 'Cliente do Bruno')
})
afterAll(() => t.close())

describe("cases_office_client_fk: a case can't point at another office's client, whatever the code", () => {
  it('refuses a direct SQL insert of a case linked to a client of another office', async () => {
    const error = await dbError(() =>
      t.handle.db.execute(sql`
        insert into cases (office_id, titulo, area_juridica, client_id)
        values (${anaOffice}::uuid, 'Caso cruzado', 'Civil', ${brunoClient.id}::uuid)`),
    )
    expect(error).toMatchObject({ code: '23503', constraint: 'cases_office_client_fk' })
    // The same insert with the office's own client (or none) is fine.
    await t.handle.db.execute(sql`
      insert into cases (office_id, titulo, area_juridica, client_id)
      values (${anaOffice}::uuid, 'Caso certo', 'Civil', ${anaClient.id}::uuid),
             (${anaOffice}::uuid, 'Caso sem cliente', 'Civil', null)`)
  })

  it('refuses a direct SQL update that moves the link to another office', async () => {
    const legalCase = await newCase(ana, { clientId: anaClient.id })
    const error = await dbError(() =>
      t.handle.db.execute(
        sql`update cases set client_id = ${brunoClient.id}::uuid where id = ${legalCase.id}::uuid`,
      ),
    )
    expect(error).toMatchObject({ code: '23503', constraint: 'cases_office_client_fk' })
    const [row] = await t.handle.db.select().from(cases).where(eq(cases.id, legalCase.id))
    expect(row?.clientId).toBe(anaClient.id)
  })

  it("the API answers another office's client with a 400 message (the service check stays first)", async () => {
    const response = await call('POST', '', ana, {
      titulo: 'X',
      areaJuridica: 'Civil',
      clientId: brunoClient.id,
    })
    expect(response.status).toBe(400)
  })

  it('soft-deleting a client keeps its cases linked; a hard delete of a client with cases is refused', async () => {
    const client = await newClient(ana, 'Com Histórico')
    const legalCase = await newCase(ana, { clientId: client.id })
    await json(await t.app.request(`/api/clients/${client.id}`, jsonRequest('DELETE', undefined, ana)))
    const kept = await json<Case>(await call('GET', `/${legalCase.id}`, ana))
    expect(kept).toMatchObject({ clientId: client.id, clientNome: 'Com Histórico' })
    const error = await dbError(() =>
      t.handle.db.execute(sql`delete from clients where id = ${client.id}::uuid`),
    )
    expect(error).toMatchObject({ code: '23503', constraint: 'cases_office_client_fk' })
  })
})

describe('PATCH /api/cases/:id with no field', () => {
  it('is a 400 with a pt-BR message and writes nothing', async () => {
    const legalCase = await newCase(ana)
    const [before] = await t.handle.db.select().from(cases).where(eq(cases.id, legalCase.id))
    const error = await json<{ error: { message: string } }>(
      await call('PATCH', `/${legalCase.id}`, ana, {}),
      400,
    )
    expect(error.error.message).toBe('Nenhum campo para atualizar.')
    const [after] = await t.handle.db.select().from(cases).where(eq(cases.id, legalCase.id))
    expect(after).toEqual(before)
    const rows = await t.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, legalCase.id), eq(auditLog.action, 'case.update')))
    expect(rows).toHaveLength(0)
  })
})

describe('case changes and their audit rows', () => {
  it('create, update, delete and restore each write a row; a read does not (a case names its client only)', async () => {
    const legalCase = await newCase(ana, { clientId: anaClient.id })
    await json<Case>(await call('GET', `/${legalCase.id}`, ana))
    await json<Case>(await call('PATCH', `/${legalCase.id}`, ana, { status: 'andamento', valorCausa: 10 }))
    await json(await call('DELETE', `/${legalCase.id}`, ana))
    await json<Case>(await call('POST', `/${legalCase.id}/restore`, ana))
    const rows = await t.handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, legalCase.id))
      .orderBy(auditLog.createdAt)
    expect(rows.map((row) => row.action)).toEqual([
      'case.create',
      'case.update',
      'case.delete',
      'case.restore',
    ])
    expect(rows[1]?.details).toEqual({ fields: ['status', 'valorCausa'] })
    expect(rows.every((row) => row.officeId === anaOffice)).toBe(true)
  })

  it('a delete whose audit row fails is rolled back: 500 pt-BR, the case is still there', async () => {
    const legalCase = await newCase(ana)
    await withFailingAudit(t.handle.db, ['case.delete'], async () =>
      expect500(await call('DELETE', `/${legalCase.id}`, ana)),
    )
    const [row] = await t.handle.db.select().from(cases).where(eq(cases.id, legalCase.id))
    expect(row?.deletedAt).toBeNull()
    await json<Case>(await call('GET', `/${legalCase.id}`, ana))
  })

  it('a restore whose audit row fails is rolled back: 500 pt-BR, the case stays deleted', async () => {
    const legalCase = await newCase(ana)
    await json(await call('DELETE', `/${legalCase.id}`, ana))
    await withFailingAudit(t.handle.db, ['case.restore'], async () =>
      expect500(await call('POST', `/${legalCase.id}/restore`, ana)),
    )
    const [row] = await t.handle.db.select().from(cases).where(eq(cases.id, legalCase.id))
    expect(row?.deletedAt).toBeInstanceOf(Date)
    expect((await call('GET', `/${legalCase.id}`, ana)).status).toBe(404)
  })
})
