import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateCnj, parseCnj } from '../../lib/br/cnj'
import { parsePixPayload } from '../../lib/br/pix'
import { pdfText } from '../../test/pdf-text'
import { createTestApp, type TestApp } from '../../test/test-app'
import { pdfBytes, upload } from '../documents/documents.fixtures'
import { lawyer, newCase, newClient } from '../financial/financial.fixtures'
import { saveSettings } from '../office-settings/office-settings.fixtures'
import { clientAccount, grantAccess, insertEntry, insertEvent, shareDocument } from './portal.data.fixtures'
import {
  PORTAL_DATA_MESSAGES,
  portalAccessListSchema,
  portalCaseDetailSchema,
  portalHomeSchema,
  portalPixChargeSchema,
} from './portal.data.schema'
import { PORTAL_MESSAGES } from './portal.schema'

// Issue 26, the client's side of the portal: a client reaches only their own cases, the documents and events
// the office shared, their receivables (never an expense, an internal note or another client's row), and every
// visit, download and export lands in the office's audit log. A revoked access is refused on the next request.

let t: TestApp
const ids = {} as Record<
  | 'office'
  | 'clientA'
  | 'clientB'
  | 'caseA'
  | 'caseB'
  | 'docA'
  | 'docAPrivate'
  | 'docB'
  | 'eventA'
  | 'eventHidden'
  | 'eventB'
  | 'chargeA'
  | 'paidA'
  | 'expenseA'
  | 'chargeB'
  | 'accessA',
  string
>
let office: { cookie: string }
let userA: { cookie: string; userId: string }
let userB: { cookie: string; userId: string }
const docBytes = pdfBytes('Contrato de honorários do cliente A')

const get = (cookie: string, path: string) => t.app.request(`/api/portal${path}`, { headers: { cookie } })
const o = (path: string) => `/o/${ids.office}${path}`

async function errorOf(response: Response) {
  return ((await response.json()) as { error: { code: string; message: string } }).error
}

async function auditRows(action: string) {
  const rows = await t.handle.db.execute<{ actor_user_id: string; entity: string; entity_id: string }>(
    sql`select actor_user_id, entity, entity_id from audit_log where office_id = ${ids.office} and action = ${action}
        order by created_at`,
  )
  return rows.rows
}

beforeAll(async () => {
  t = await createTestApp()
  const lawyerAccount = await lawyer(t, 'Sofia Sócia')
  office = lawyerAccount
  ids.office = lawyerAccount.officeId
  ids.clientA = await newClient(t, office.cookie, 'Alice Cliente')
  ids.clientB = await newClient(t, office.cookie, 'Bruno Cliente')
  ids.caseA = await newCase(t, office.cookie, ids.clientA, 'Ação de alimentos')
  ids.caseB = await newCase(t, office.cookie, ids.clientB, 'Reclamação trabalhista')
  const numero = parseCnj(generateCnj({ ano: 2024 }))?.digits ?? ''
  await t.handle.db
    .execute(sql`update cases set numero_processo = ${numero}, tribunal = 'TJSP', status = 'andamento'
    where id = ${ids.caseA}`)
  // The DataJud timeline the office fetched (newest first), one name with markup to be stripped.
  await t.handle.db.execute(sql`
    insert into case_andamentos (office_id, case_id, numero_processo, alias, state, movimentos, graus)
    values (${ids.office}, ${ids.caseA}, ${numero}, 'tjsp', 'ok', ${JSON.stringify([
      {
        codigo: 51,
        nome: 'Conclusão <b>para despacho</b>',
        dataHora: '2026-02-01T12:00:00.000Z',
        grau: 'G1',
        complementos: [],
      },
      {
        codigo: 26,
        nome: 'Distribuição',
        dataHora: '2026-01-10T12:00:00.000Z',
        grau: 'G1',
        complementos: ['sorteio'],
      },
    ])}::jsonb, '["G1"]'::jsonb)`)

  ids.docA = (await upload(t, office.cookie, docBytes, { name: 'Contrato A.pdf', caseId: ids.caseA })).id
  ids.docAPrivate = (
    await upload(t, office.cookie, pdfBytes('Parecer interno'), {
      name: 'Parecer interno.pdf',
      clientId: ids.clientA,
    })
  ).id
  ids.docB = (
    await upload(t, office.cookie, pdfBytes('Contrato B'), { name: 'Contrato B.pdf', clientId: ids.clientB })
  ).id
  await shareDocument(t, ids.docA)
  await shareDocument(t, ids.docB)

  ids.eventA = await insertEvent(t, ids.office, {
    titulo: 'Audiência de conciliação',
    caseId: ids.caseA,
    visivel: true,
  })
  ids.eventHidden = await insertEvent(t, ids.office, {
    titulo: 'Reunião interna da equipe',
    tipo: 'reuniao',
    caseId: ids.caseA,
    visivel: false,
  })
  ids.eventB = await insertEvent(t, ids.office, {
    titulo: 'Audiência do Bruno',
    caseId: ids.caseB,
    visivel: true,
  })

  ids.chargeA = await insertEntry(t, ids.office, { descricao: 'Honorários iniciais', clientId: ids.clientA })
  ids.paidA = await insertEntry(t, ids.office, { descricao: 'Entrada paga', caseId: ids.caseA, paid: true })
  ids.expenseA = await insertEntry(t, ids.office, {
    descricao: 'Custas adiantadas',
    tipo: 'despesa',
    clientId: ids.clientA,
  })
  ids.chargeB = await insertEntry(t, ids.office, { descricao: 'Honorários do Bruno', clientId: ids.clientB })

  const a = await clientAccount(t, 'Alice Cliente')
  const b = await clientAccount(t, 'Bruno Cliente')
  userA = a
  userB = b
  ids.accessA = await grantAccess(t, { officeId: ids.office, clientId: ids.clientA, ...a })
  await grantAccess(t, { officeId: ids.office, clientId: ids.clientB, ...b })
  // Three sign-ups and three uploads on a shared 2-core machine.
}, 180_000)
afterAll(() => t.close())

describe('GET /api/portal/accesses', () => {
  it("lists the signed-in user's active accesses only", async () => {
    const response = await get(userA.cookie, '/accesses')
    expect(response.status).toBe(200)
    const body = portalAccessListSchema.parse(await response.json())
    expect(body.items).toEqual([
      { officeId: ids.office, officeName: expect.any(String), clientName: 'Alice Cliente' },
    ])
    const lawyerOwn = portalAccessListSchema.parse(await (await get(office.cookie, '/accesses')).json())
    expect(lawyerOwn.items).toEqual([])
    expect((await t.app.request('/api/portal/accesses')).status).toBe(401)
  })
})

describe('GET /api/portal/o/:officeId/home', () => {
  it("shows the client's own case, shared document, visible event and receivables — nothing else", async () => {
    const response = await get(userA.cookie, o('/home'))
    expect(response.status).toBe(200)
    const raw = await response.text()
    const home = portalHomeSchema.parse(JSON.parse(raw))
    expect(home.client.nome).toBe('Alice Cliente')
    expect(home.cases.map((c) => c.id)).toEqual([ids.caseA])
    expect(home.cases[0]).toMatchObject({
      titulo: 'Ação de alimentos',
      status: 'andamento',
      statusLabel: 'Em andamento',
      areaLabel: 'Civil',
      tribunal: 'TJSP',
      nextHearing: { titulo: 'Audiência de conciliação', local: 'Fórum Central' },
      lastMovement: { data: '2026-02-01T12:00:00.000Z', texto: 'Conclusão para despacho' },
    })
    expect(home.cases[0]?.numeroProcesso).toMatch(/^\d{7}-\d{2}\.\d{4}\.\d\.\d{2}\.\d{4}$/)
    expect(home.events.map((e) => e.id)).toEqual([ids.eventA])
    expect(home.events[0]).toMatchObject({ tipoLabel: 'Audiência', caseId: ids.caseA })
    expect(home.documents.map((d) => d.id)).toEqual([ids.docA])
    expect(home.documents[0]).toMatchObject({ nome: 'Contrato A.pdf', tipo: 'PDF', size: docBytes.length })
    // Open first, then paid; the expense and Bruno's receivable never.
    expect(home.charges.map((c) => c.id)).toEqual([ids.chargeA, ids.paidA])
    expect(home.charges.map((c) => c.status)).toEqual(['pendente', 'pago'])
    expect(home.charges[0]).toMatchObject({
      valor: '1500.50',
      dataVencimento: '2099-12-10',
      dataPagamento: null,
    })
    expect(raw).not.toContain(ids.expenseA)
    expect(raw).not.toContain('Nota interna')
    expect(raw).not.toContain('Reunião interna')
    expect(raw).not.toContain('Bruno')
    expect(home.signatures).toEqual([])
  })

  it("gives Bruno his own rows, not Alice's", async () => {
    const home = portalHomeSchema.parse(await (await get(userB.cookie, o('/home'))).json())
    expect(home.cases.map((c) => c.id)).toEqual([ids.caseB])
    expect(home.documents.map((d) => d.id)).toEqual([ids.docB])
    expect(home.events.map((e) => e.id)).toEqual([ids.eventB])
    expect(home.charges.map((c) => c.id)).toEqual([ids.chargeB])
  })

  it('records one portal.access per visit in the office audit log', async () => {
    await get(userA.cookie, o('/home'))
    await get(userA.cookie, o('/home'))
    const rows = (await auditRows('portal.access')).filter((row) => row.actor_user_id === userA.userId)
    expect(rows).toEqual([{ actor_user_id: userA.userId, entity: 'client', entity_id: ids.clientA }])
  })

  it('refuses an office member without an access, and an office that never invited the user', async () => {
    const asLawyer = await get(office.cookie, o('/home'))
    expect(asLawyer.status).toBe(403)
    expect(await errorOf(asLawyer)).toMatchObject({
      code: 'portal_forbidden',
      message: PORTAL_MESSAGES.forbidden,
    })
    const other = await lawyer(t, 'Outro Escritório')
    expect((await get(userA.cookie, `/o/${other.officeId}/home`)).status).toBe(403)
  })
})

describe('GET /api/portal/o/:officeId/cases/:caseId', () => {
  it("shows the client's case with its shared documents, visible events and plain-text movements", async () => {
    const response = await get(userA.cookie, o(`/cases/${ids.caseA}`))
    expect(response.status).toBe(200)
    const detail = portalCaseDetailSchema.parse(await response.json())
    expect(detail).toMatchObject({ id: ids.caseA, statusLabel: 'Em andamento', tribunal: 'TJSP', vara: null })
    expect(detail.documents.map((d) => d.id)).toEqual([ids.docA])
    expect(detail.events.map((e) => e.id)).toEqual([ids.eventA])
    expect(detail.movements).toEqual([
      { data: '2026-02-01T12:00:00.000Z', texto: 'Conclusão para despacho' },
      { data: '2026-01-10T12:00:00.000Z', texto: 'Distribuição (sorteio)' },
    ])
  })

  it("answers 404 for another client's case, and 400 for a malformed id", async () => {
    const response = await get(userA.cookie, o(`/cases/${ids.caseB}`))
    expect(response.status).toBe(404)
    expect((await errorOf(response)).message).toBe(PORTAL_DATA_MESSAGES.caseNotFound)
    expect((await get(userA.cookie, o('/cases/nao-e-um-id'))).status).toBe(400)
  })
})

describe('GET /api/portal/o/:officeId/documents/:documentId/file', () => {
  it('streams a shared document as an attachment and audits the download', async () => {
    const response = await get(userA.cookie, o(`/documents/${ids.docA}/file`))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="Contrato A.pdf"/)
    expect(Buffer.from(await response.arrayBuffer()).equals(docBytes)).toBe(true)
    expect(await auditRows('portal.download')).toEqual([
      { actor_user_id: userA.userId, entity: 'document', entity_id: ids.docA },
    ])
  })

  it("answers 404 for an unshared document and another client's shared one", async () => {
    expect((await get(userA.cookie, o(`/documents/${ids.docAPrivate}/file`))).status).toBe(404)
    expect((await get(userA.cookie, o(`/documents/${ids.docB}/file`))).status).toBe(404)
    expect(await auditRows('portal.download')).toHaveLength(1)
  })
})

describe('GET /api/portal/o/:officeId/charges/:entryId/pix and /receipt', () => {
  it("answers 409 while the office has no Pix key, then the office's BR Code", async () => {
    const before = await get(userA.cookie, o(`/charges/${ids.chargeA}/pix`))
    expect(before.status).toBe(409)
    expect((await errorOf(before)).message).toBe(PORTAL_DATA_MESSAGES.pixNotConfigured)

    await saveSettings(t, office.cookie, {
      pixTipo: 'email',
      pixChave: 'financeiro@escritorio.adv.br',
      pixNome: 'Sofia Advocacia',
      pixCidade: 'São Paulo',
    })
    const response = await get(userA.cookie, o(`/charges/${ids.chargeA}/pix`))
    expect(response.status).toBe(200)
    const charge = portalPixChargeSchema.parse(await response.json())
    expect(charge).toMatchObject({ entryId: ids.chargeA, valor: '1500.50', descricao: 'Honorários iniciais' })
    const parsed = parsePixPayload(charge.payload)
    expect(parsed).toMatchObject({ chave: 'financeiro@escritorio.adv.br', txid: charge.txid })
  })

  it("answers 404 for a paid entry, an expense and another client's charge", async () => {
    for (const id of [ids.paidA, ids.expenseA, ids.chargeB]) {
      const response = await get(userA.cookie, o(`/charges/${id}/pix`))
      expect(response.status, id).toBe(404)
      expect((await errorOf(response)).message).toBe(PORTAL_DATA_MESSAGES.chargeNotFound)
    }
  })

  it('gives the receipt of a paid receivable only, audited', async () => {
    const response = await get(userA.cookie, o(`/charges/${ids.paidA}/receipt`))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/pdf')
    const text = await pdfText(new Uint8Array(await response.arrayBuffer()))
    expect(text).toContain('Entrada paga')
    const downloads = await auditRows('portal.download')
    expect(downloads.at(-1)).toEqual({
      actor_user_id: userA.userId,
      entity: 'financial_entry',
      entity_id: ids.paidA,
    })

    const open = await get(userA.cookie, o(`/charges/${ids.chargeA}/receipt`))
    expect(open.status).toBe(409)
    expect((await get(userA.cookie, o(`/charges/${ids.chargeB}/receipt`))).status).toBe(404)
    expect((await get(userA.cookie, o(`/charges/${ids.expenseA}/receipt`))).status).toBe(404)
  })
})

describe('GET /api/portal/o/:officeId/export', () => {
  it("downloads the client's data as the portal shows it, audited", async () => {
    await t.handle.db.execute(sql`
      insert into portal_messages (office_id, client_id, case_id, author, author_user_id, body)
      values (${ids.office}, ${ids.clientA}, ${ids.caseA}, 'cliente', ${userA.userId}, 'Como está meu processo?'),
             (${ids.office}, ${ids.clientB}, null, 'cliente', ${userB.userId}, 'Mensagem do Bruno')`)
    const response = await get(userA.cookie, o('/export'))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="meus-dados-/)
    const raw = await response.text()
    const data = JSON.parse(raw) as {
      cliente: { nomeCompleto: string }
      processos: { id: string }[]
      compromissos: { id: string }[]
      documentos: { id: string }[]
      cobrancas: { id: string }[]
      mensagens: { texto: string }[]
    }
    expect(data.cliente.nomeCompleto).toBe('Alice Cliente')
    expect(data.processos.map((c) => c.id)).toEqual([ids.caseA])
    expect(data.compromissos.map((e) => e.id)).toEqual([ids.eventA])
    expect(data.documentos.map((d) => d.id)).toEqual([ids.docA])
    expect(data.cobrancas.map((c) => c.id).sort()).toEqual([ids.chargeA, ids.paidA].sort())
    expect(data.mensagens.map((m) => m.texto)).toEqual(['Como está meu processo?'])
    for (const hidden of [
      ids.expenseA,
      ids.docAPrivate,
      ids.eventHidden,
      'Bruno',
      'Nota interna',
      'observacoes',
    ])
      expect(raw).not.toContain(hidden)
    expect(await auditRows('portal.export')).toEqual([
      { actor_user_id: userA.userId, entity: 'client', entity_id: ids.clientA },
    ])
  })
})

describe('a revoked access', () => {
  it('is refused on the very next request', async () => {
    expect((await get(userA.cookie, o('/home'))).status).toBe(200)
    await t.handle.db.execute(
      sql`update portal_access set status = 'revogado', revoked_at = now() where id = ${ids.accessA}`,
    )
    for (const path of ['/home', `/cases/${ids.caseA}`, `/documents/${ids.docA}/file`, '/export']) {
      const response = await get(userA.cookie, o(path))
      expect(response.status, path).toBe(403)
    }
    const accesses = portalAccessListSchema.parse(await (await get(userA.cookie, '/accesses')).json())
    expect(accesses.items).toEqual([])
    // Bruno's access is untouched.
    expect((await get(userB.cookie, o('/home'))).status).toBe(200)
  })
})
