import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { createTestApp, type TestApp } from '../../test/test-app'
import { withFailingAudit } from '../../test/failing-audit'
import { auditLog } from '../audit/audit.table.server'
import type { Client } from './clients.schema'
import { clients } from './clients.table.server'

// Issue 7, items 4 and 9: every answer that carries a client's full record is audited, an empty PATCH
// is a 400 that writes nothing, and a change commits with its audit row or not at all.

let t: TestApp
let ana: string

function call(method: string, path: string, cookie?: string, body?: unknown) {
  return t.app.request(`/api/clients${path}`, jsonRequest(method, body, cookie))
}

async function json<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text()
  expect(response.status, text).toBe(status)
  return JSON.parse(text) as T
}

const auditRows = (entityId: string, action?: string) =>
  t.handle.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, entityId), action ? eq(auditLog.action, action) : undefined))
    .orderBy(auditLog.createdAt)

async function expect500(response: Response) {
  const body = await json<{ error: { code: string; message: string } }>(response, 500)
  expect(body.error).toEqual({ code: 'internal', message: 'Erro inesperado. Tente novamente mais tarde.' })
}

beforeAll(async () => {
  t = await createTestApp()
  ana = (await signUp(t, lawyerSignUp({ nomeCompleto: 'Ana Advogada' }))).cookie
})
afterAll(() => t.close())

describe('an empty PATCH', () => {
  it('is a 400 with a pt-BR message, changes nothing and writes no audit row', async () => {
    const c = await json<Client>(await call('POST', '', ana, { nomeCompleto: 'Sem Mudança' }), 201)
    const [before] = await t.handle.db.select().from(clients).where(eq(clients.id, c.id))
    // `{}`, and a body whose keys are all unknown (stripped by the schema), name no field.
    for (const body of [{}, { naoExiste: 'x' }]) {
      const error = await json<{ error: { code: string; message: string } }>(
        await call('PATCH', `/${c.id}`, ana, body),
        400,
      )
      expect(error.error).toMatchObject({ code: 'validation', message: 'Nenhum campo para atualizar.' })
    }
    const [after] = await t.handle.db.select().from(clients).where(eq(clients.id, c.id))
    expect(after).toEqual(before)
    expect(await auditRows(c.id, 'client.update')).toHaveLength(0)
  })
})

describe('every answer with the full record is audited', () => {
  it('create, read, update and restore each write their row (actor, office, field names only)', async () => {
    const c = await json<Client>(
      await call('POST', '', ana, { nomeCompleto: 'Auditado Souza', documento: '529.982.247-25' }),
      201,
    )
    await json<Client>(await call('GET', `/${c.id}`, ana))
    await json<Client>(
      await call('PATCH', `/${c.id}`, ana, { email: 'auditado@example.com', status: 'inativo' }),
    )
    await json(await call('DELETE', `/${c.id}`, ana))
    await json<Client>(await call('POST', `/${c.id}/restore`, ana))
    const rows = await auditRows(c.id)
    expect(rows.map((row) => row.action)).toEqual([
      'client.create',
      'client.read',
      'client.update',
      'client.delete',
      'client.restore',
    ])
    for (const row of rows) {
      expect(row.officeId).toBeTruthy()
      expect(row.actorUserId).toBeTruthy()
    }
    expect(rows[2]?.details).toEqual({ fields: ['email', 'status'] })
    // The log names fields, never their values.
    const text = JSON.stringify(rows.map((row) => row.details))
    expect(text).not.toContain('auditado@example.com')
    expect(text).not.toContain('52998224725')
  })
})

describe('a change and its audit row commit together or not at all', () => {
  it('a delete whose audit row fails is rolled back: 500 pt-BR, the client is still there', async () => {
    const c = await json<Client>(await call('POST', '', ana, { nomeCompleto: 'Quase Apagado' }), 201)
    await withFailingAudit(t.handle.db, ['client.delete'], async () =>
      expect500(await call('DELETE', `/${c.id}`, ana)),
    )
    const [row] = await t.handle.db.select().from(clients).where(eq(clients.id, c.id))
    expect(row?.deletedAt).toBeNull()
    expect(row?.deletedBy).toBeNull()
    expect(await auditRows(c.id, 'client.delete')).toHaveLength(0)
    // Once the audit works again, the same delete goes through.
    await json(await call('DELETE', `/${c.id}`, ana))
  })

  it('a restore whose audit row fails is rolled back: 500 pt-BR, the client stays deleted', async () => {
    const c = await json<Client>(await call('POST', '', ana, { nomeCompleto: 'Continua Apagado' }), 201)
    await json(await call('DELETE', `/${c.id}`, ana))
    await withFailingAudit(t.handle.db, ['client.restore'], async () =>
      expect500(await call('POST', `/${c.id}/restore`, ana)),
    )
    const [row] = await t.handle.db.select().from(clients).where(eq(clients.id, c.id))
    expect(row?.deletedAt).toBeInstanceOf(Date)
    expect((await call('GET', `/${c.id}`, ana)).status).toBe(404)
  })

  it('a create or an update whose audit row fails keeps nothing', async () => {
    const c = await json<Client>(await call('POST', '', ana, { nomeCompleto: 'Nome Original' }), 201)
    await withFailingAudit(t.handle.db, ['client.create', 'client.update'], async () => {
      await expect500(await call('POST', '', ana, { nomeCompleto: 'Nunca Criado' }))
      await expect500(await call('PATCH', `/${c.id}`, ana, { nomeCompleto: 'Nunca Renomeado' }))
    })
    const names = await t.handle.db.select({ nome: clients.nomeCompleto }).from(clients)
    expect(names.map((row) => row.nome)).not.toContain('Nunca Criado')
    const [row] = await t.handle.db.select().from(clients).where(eq(clients.id, c.id))
    expect(row?.nomeCompleto).toBe('Nome Original')
  })

  it('a read whose audit row fails answers 500 and never the record', async () => {
    const c = await json<Client>(
      await call('POST', '', ana, { nomeCompleto: 'Leitura Sigilosa', email: 'sigilo@example.com' }),
      201,
    )
    await withFailingAudit(t.handle.db, ['client.read'], async () => {
      const response = await call('GET', `/${c.id}`, ana)
      expect(response.status).toBe(500)
      expect(await response.text()).not.toContain('sigilo@example.com')
    })
  })
})
