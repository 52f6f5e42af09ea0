import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SAO_PAULO } from '../../test/accounts'
import { createTestApp, type TestApp } from '../../test/test-app'
import { auditLog } from '../audit/audit.table.server'
import type { Case, CaseList } from '../cases/cases.schema'
import type { ClientList } from '../clients/clients.schema'
import { clients } from '../clients/clients.table.server'
import { call, join, person, type Person } from './privacy.fixtures'
import { ANONYMIZED_CLIENT_NAME, type AnonymizedClient } from './privacy.schema'

// LGPD art. 18, IV/VI for an office's client: POST /api/clients/:id/anonymize erases every personal
// field in one transaction with its audit row; cases and amounts stay, under 'Cliente anonimizado'.

let t: TestApp
let socia: Person
let estagiario: Person
let outsider: Person
let clientId: string
let legalCase: Case

const CPF = '529.982.247-25'
const anonymize = (id: string, cookie: string | undefined, body: unknown = { confirmacao: 'ANONIMIZAR' }) =>
  call(t, 'POST', `/api/clients/${id}/anonymize`, cookie, body)

async function row() {
  const [client] = await t.handle.db.select().from(clients).where(eq(clients.id, clientId))
  return client!
}

beforeAll(async () => {
  t = await createTestApp()
  socia = await person(t, 'Sofia Sócia')
  outsider = await person(t, 'Otto Outro')
  estagiario = await person(t, 'Estela Estagiária', 'estudante')
  await join(t, socia.officeId!, estagiario, 'estagiario')
  const created = await call(t, 'POST', '/api/clients', socia.cookie, {
    nomeCompleto: 'Joaquina Pereira da Silva',
    email: 'joaquina@example.com',
    telefone: '(11) 98888-7777',
    tipoPessoa: 'fisica',
    documento: CPF,
    endereco: 'Rua das Flores, 10',
    ...SAO_PAULO,
    cep: '01001-000',
    dataNascimento: '1980-05-17',
    profissao: 'Engenheira',
    nacionalidade: 'portuguesa',
    estadoCivil: 'casado',
    rg: '12.345.678-9',
    rgOrgaoEmissor: 'SSP/SP',
    observacoes: 'Prefere contato à tarde',
  })
  expect(created.status).toBe(201)
  clientId = ((await created.json()) as { id: string }).id
  const caseResponse = await call(t, 'POST', '/api/cases', socia.cookie, {
    titulo: 'Indenização',
    areaJuridica: 'Civil',
    clientId,
    valorCausa: '12345.67',
  })
  expect(caseResponse.status).toBe(201)
  legalCase = (await caseResponse.json()) as Case
})
afterAll(() => t.close())

describe('POST /api/clients/:id/anonymize — refusals', () => {
  it('answers 401 without a session and 403 to a level without clients.delete', async () => {
    expect((await anonymize(clientId, undefined)).status).toBe(401)
    expect((await anonymize(clientId, estagiario.cookie)).status).toBe(403)
    expect((await row()).nomeCompleto).toBe('Joaquina Pereira da Silva')
  })

  it("answers 404 for another office's client, a missing id and a malformed id", async () => {
    expect((await anonymize(clientId, outsider.cookie)).status).toBe(404)
    expect((await anonymize('7b0c1a56-1c9e-4b8e-9a53-1f0a2d3c4b5e', socia.cookie)).status).toBe(404)
    expect((await anonymize('nao-e-um-id', socia.cookie)).status).toBe(404)
    expect((await row()).documento).toBe('52998224725')
  })

  it('answers 400 in pt-BR without the typed confirmation, and erases nothing', async () => {
    for (const body of [{}, { confirmacao: 'anonimizar' }, { confirmacao: 'sim' }]) {
      const response = await anonymize(clientId, socia.cookie, body)
      expect(response.status).toBe(400)
      expect(((await response.json()) as { error: { message: string } }).error.message).toContain(
        'Digite ANONIMIZAR',
      )
    }
    expect((await row()).email).toBe('joaquina@example.com')
    const audits = await t.handle.db.select().from(auditLog).where(eq(auditLog.action, 'client.anonymize'))
    expect(audits).toHaveLength(0)
  })
})

describe('POST /api/clients/:id/anonymize — erasure', () => {
  it('erases every personal field and keeps the row', async () => {
    const response = await anonymize(clientId, socia.cookie)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual<AnonymizedClient>({
      id: clientId,
      nomeCompleto: ANONYMIZED_CLIENT_NAME,
      casesCount: 1,
    })
    const client = await row()
    expect(client).toMatchObject({
      nomeCompleto: ANONYMIZED_CLIENT_NAME,
      nomeBusca: 'cliente anonimizado',
      email: null,
      telefone: null,
      documento: null,
      endereco: null,
      cidadeId: null,
      estadoId: null,
      cep: null,
      dataNascimento: null,
      profissao: null,
      nacionalidade: null,
      estadoCivil: null,
      rg: null,
      rgOrgaoEmissor: null,
      observacoes: null,
      deletedAt: null,
    })
    expect(JSON.stringify(client)).not.toMatch(
      /Joaquina|joaquina|52998224725|98888|Engenheira|Flores|portuguesa|345\.678|SSP/,
    )
  })

  it('records one audit row, without personal data', async () => {
    const audits = await t.handle.db.select().from(auditLog).where(eq(auditLog.action, 'client.anonymize'))
    expect(audits).toHaveLength(1)
    expect(audits[0]).toMatchObject({
      officeId: socia.officeId,
      actorUserId: socia.userId,
      entityId: clientId,
    })
  })

  it('keeps the case, its amount and its link, shown as "Cliente anonimizado"', async () => {
    const response = await call(t, 'GET', `/api/cases/${legalCase.id}`, socia.cookie)
    expect(response.status).toBe(200)
    const kept = (await response.json()) as Case
    expect(kept.clientId).toBe(clientId)
    expect(String(kept.valorCausa)).toBe('12345.67')
    expect(kept.clientNome).toBe(ANONYMIZED_CLIENT_NAME)
    const list = (await (await call(t, 'GET', '/api/cases', socia.cookie)).json()) as CaseList
    expect(list.items.find((item) => item.id === legalCase.id)?.clientNome).toBe(ANONYMIZED_CLIENT_NAME)
  })

  it('is no longer found by the old name, e-mail or CPF, in the list nor in the CSV export', async () => {
    for (const search of ['Joaquina', 'joaquina@example', '52998224725']) {
      const list = (await (
        await call(t, 'GET', `/api/clients?search=${encodeURIComponent(search)}`, socia.cookie)
      ).json()) as ClientList
      expect(list.items, search).toHaveLength(0)
    }
    const found = (await (
      await call(t, 'GET', '/api/clients?search=anonimizado', socia.cookie)
    ).json()) as ClientList
    expect(found.items.map((item) => item.id)).toEqual([clientId])
    const csv = await (await call(t, 'GET', '/api/clients/export.csv', socia.cookie)).text()
    expect(csv).toContain(ANONYMIZED_CLIENT_NAME)
    expect(csv).not.toMatch(/Joaquina|joaquina|529\.?982|98888/)
  })
})
