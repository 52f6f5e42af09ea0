import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { createTestApp, type TestApp } from '../../test/test-app'
import type { SignUpInput } from '../auth/auth.schema'
import type { Case } from '../cases/cases.schema'
import type { Client } from '../clients/clients.schema'
import { officeMembers } from '../offices/offices.table.server'
import { officeOf, pdfBytes, upload, uploadRequest, userIdOf } from './documents.fixtures'
import {
  DOCUMENT_MESSAGES,
  type DocumentDetail,
  type DocumentList,
  type DocumentRow,
} from './documents.schema'
import { documents } from './documents.table.server'

// Issue 24 item 5: a document's case and client follow the case scope (spec §6 'cases.view', and
// 'clients.manage' for the estagiário). A público document stays visible to every member, but the labels of
// a case (title, CNJ number) or client they don't reach are not joined in; the caseId/clientId filters on
// such a record give an empty list (like an unknown id); and nobody links a document to a case or client
// outside their reach. Before the fix an estagiário listing ?caseId=<any> got the case's title, CNJ number
// and client name, and could link his uploads to any case.

type Nivel = 'socio' | 'associado' | 'estagiario' | 'assistente'
const LEVELS: readonly Nivel[] = ['socio', 'associado', 'estagiario', 'assistente']
const UNKNOWN = '00000000-0000-4000-8000-000000000000'

let t: TestApp
const cookies = {} as Record<Nivel, string>
const memberIds = {} as Record<Nivel, string>
let estClient: Client
let otherClient: Client
let estCase: Case
let otherCase: Case
/** público documents: on the sigiloso case (and its client), on the estagiário's case, and on a client only. */
let docOther: DocumentRow
let docEst: DocumentRow
let docClient: DocumentRow

const student = (nomeCompleto: string) =>
  ({
    ...lawyerSignUp({ nomeCompleto }),
    userType: 'estudante',
    oabNumero: undefined,
    oabEstado: undefined,
    universidade: 'USP',
    periodoCurso: 5,
  }) as unknown as SignUpInput

const req = (method: string, path: string, cookie: string, body?: unknown) =>
  t.app.request(path, jsonRequest(method, body, cookie))

beforeAll(async () => {
  t = await createTestApp()
  const owner = await signUp(t, lawyerSignUp({ nomeCompleto: 'Sofia Sócia' }))
  cookies.socio = owner.cookie
  const officeId = await officeOf(t, owner.email)
  const [own] = await t.handle.db
    .select({ id: officeMembers.id })
    .from(officeMembers)
    .where(eq(officeMembers.userId, await userIdOf(t, owner.email)))
  memberIds.socio = own!.id
  for (const nivelAcesso of ['associado', 'estagiario', 'assistente'] as const) {
    const account = await signUp(t, student(`Membro ${nivelAcesso}`))
    const [row] = await t.handle.db
      .insert(officeMembers)
      .values({ officeId, userId: await userIdOf(t, account.email), nivelAcesso })
      .returning({ id: officeMembers.id })
    memberIds[nivelAcesso] = row!.id
    cookies[nivelAcesso] = account.cookie
  }
  const post = async <T>(path: string, body: unknown): Promise<T> => {
    const response = await req('POST', path, cookies.socio, body)
    expect(response.status, path).toBe(201)
    return (await response.json()) as T
  }
  estClient = await post<Client>('/api/clients', { nomeCompleto: 'Cliente do Estagiário' })
  otherClient = await post<Client>('/api/clients', { nomeCompleto: 'Cliente Sigiloso' })
  estCase = await post<Case>('/api/cases', {
    titulo: 'Caso do Estagiário',
    areaJuridica: 'Civil',
    clientId: estClient.id,
    responsaveis: [memberIds.socio, memberIds.estagiario],
  })
  otherCase = await post<Case>('/api/cases', {
    titulo: 'Caso Sigiloso',
    areaJuridica: 'Civil',
    numeroProcesso: '0001234-71.2024.8.26.0100',
    clientId: otherClient.id,
  })
  docOther = await upload(t, cookies.socio, pdfBytes('a'), {
    name: 'Petição sigilosa.pdf',
    caseId: otherCase.id,
    clientId: otherClient.id,
  })
  docEst = await upload(t, cookies.socio, pdfBytes('b'), {
    name: 'Petição do estagiário.pdf',
    caseId: estCase.id,
    clientId: estClient.id,
  })
  docClient = await upload(t, cookies.socio, pdfBytes('c'), {
    name: 'Procuração.pdf',
    clientId: otherClient.id,
  })
})
afterAll(() => t.close())

/** Which labels each level gets on each document: [case shown, client shown]. */
const LABELS: Record<Nivel, Record<'docOther' | 'docEst' | 'docClient', [boolean, boolean]>> = {
  socio: { docOther: [true, true], docEst: [true, true], docClient: [false, true] },
  associado: { docOther: [true, true], docEst: [true, true], docClient: [false, true] },
  // The estagiário reaches their case and its client only.
  estagiario: { docOther: [false, false], docEst: [true, true], docClient: [false, false] },
  // The assistente reaches no case, and every client (clients.manage full).
  assistente: { docOther: [false, true], docEst: [false, true], docClient: [false, true] },
}
const docOf = (name: 'docOther' | 'docEst' | 'docClient') => ({ docOther, docEst, docClient })[name]

async function list(nivel: Nivel, query = ''): Promise<DocumentList> {
  const response = await req('GET', `/api/documents${query}`, cookies[nivel])
  expect(response.status).toBe(200)
  return (await response.json()) as DocumentList
}
const ids = (body: DocumentList) => body.items.map((d) => d.id).sort()

describe('documents follow the case scope at every level', () => {
  for (const nivel of LEVELS) {
    it(`${nivel}: sees every público document, with only the case and client labels it reaches`, async () => {
      const all = await list(nivel)
      for (const name of ['docOther', 'docEst', 'docClient'] as const) {
        const [caseShown, clientShown] = LABELS[nivel][name]
        const listed = all.items.find((d) => d.id === docOf(name).id)
        const detail = await req('GET', `/api/documents/${docOf(name).id}`, cookies[nivel])
        expect(detail.status, `${nivel} × ${name}`).toBe(200)
        const { document } = (await detail.json()) as DocumentDetail
        for (const row of [listed, document]) {
          expect(row?.caso !== null, `${nivel} × ${name} caso`).toBe(caseShown)
          expect(row?.cliente !== null, `${nivel} × ${name} cliente`).toBe(clientShown)
        }
      }
      if (!LABELS[nivel].docOther[0]) {
        const text = JSON.stringify(all)
        expect(text).not.toContain('Caso Sigiloso')
        expect(text).not.toContain('0001234')
        expect(text).not.toContain(otherCase.id)
      }
      if (!LABELS[nivel].docOther[1]) expect(JSON.stringify(all)).not.toContain('Cliente Sigiloso')
    })

    it(`${nivel}: a case or client filter outside its reach gives an empty list`, async () => {
      const seesOther = nivel === 'socio' || nivel === 'associado'
      expect(ids(await list(nivel, `?caseId=${otherCase.id}`))).toEqual(seesOther ? [docOther.id] : [])
      expect(ids(await list(nivel, `?caseId=${estCase.id}`))).toEqual(
        nivel === 'assistente' ? [] : [docEst.id],
      )
      const byClient = ids(await list(nivel, `?clientId=${otherClient.id}`))
      expect(byClient).toEqual(nivel === 'estagiario' ? [] : [docOther.id, docClient.id].sort())
      expect(ids(await list(nivel, `?clientId=${estClient.id}`))).toEqual([docEst.id])
    })
  }

  it('links an upload only to a case and client within reach (403 for the assistente, 400 like unknown)', async () => {
    const send = (nivel: Nivel, options: { caseId?: string; clientId?: string }, name: string) =>
      uploadRequest(t, cookies[nivel], pdfBytes(name), { name: `${name}.pdf`, ...options })
    for (const nivel of ['socio', 'associado'] as const) {
      const created = await send(nivel, { caseId: otherCase.id }, `ok-${nivel}`)
      expect(created.status, nivel).toBe(201)
      const { document } = (await created.json()) as { document: DocumentRow }
      expect(document.caso?.id).toBe(otherCase.id)
    }
    // The assistente links no case, whichever id (even an unknown one): 403 with a pt-BR message.
    for (const caseId of [otherCase.id, estCase.id, UNKNOWN]) {
      const refused = await send('assistente', { caseId }, 'intruso-assistente')
      expect(refused.status).toBe(403)
      expect(await refused.json()).toEqual({
        error: {
          code: 'forbidden',
          message: DOCUMENT_MESSAGES.caseForbidden,
          fields: { caseId: DOCUMENT_MESSAGES.caseForbidden },
        },
      })
    }
    expect((await send('assistente', { clientId: otherClient.id }, 'ok-assistente')).status).toBe(201)
    // The estagiário: another case or client is refused exactly like an unknown id.
    for (const [field, value] of [
      ['caseId', otherCase.id],
      ['caseId', UNKNOWN],
      ['clientId', otherClient.id],
      ['clientId', UNKNOWN],
    ] as const) {
      const refused = await send('estagiario', { [field]: value }, 'intruso-estagiario')
      expect(refused.status, `${field} ${value}`).toBe(400)
      const body = (await refused.json()) as { error: { fields: Record<string, string> } }
      expect(body.error.fields[field]).toBe(
        field === 'caseId' ? DOCUMENT_MESSAGES.invalidCase : DOCUMENT_MESSAGES.invalidClient,
      )
    }
    const mine = await send('estagiario', { caseId: estCase.id, clientId: estClient.id }, 'ok-estagiario')
    expect(mine.status).toBe(201)
    const intruders = await t.handle.db
      .select({ id: documents.id })
      .from(documents)
      .where(inArray(documents.nome, ['intruso-assistente.pdf', 'intruso-estagiario.pdf']))
    expect(intruders).toEqual([])
  })

  it('an edit neither links outside reach nor replaces a link the member cannot see', async () => {
    // The estagiário edits the público document of the sigiloso case, but not its links.
    expect(
      (await req('PATCH', `/api/documents/${docOther.id}`, cookies.estagiario, { nome: 'Renomeada' })).status,
    ).toBe(200)
    for (const body of [{ caseId: estCase.id }, { caseId: null }, { clientId: null }]) {
      const refused = await req('PATCH', `/api/documents/${docOther.id}`, cookies.estagiario, body)
      expect(refused.status).toBe(403)
      expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
        DOCUMENT_MESSAGES.linkLocked,
      )
    }
    // Their own case's document can't be moved to a case or client outside their reach.
    expect(
      (await req('PATCH', `/api/documents/${docEst.id}`, cookies.estagiario, { caseId: otherCase.id }))
        .status,
    ).toBe(400)
    expect(
      (await req('PATCH', `/api/documents/${docEst.id}`, cookies.estagiario, { clientId: otherClient.id }))
        .status,
    ).toBe(400)
    // The assistente: no case link, neither added nor removed.
    expect(
      (await req('PATCH', `/api/documents/${docEst.id}`, cookies.assistente, { caseId: null })).status,
    ).toBe(403)
    const add = await req('PATCH', `/api/documents/${docClient.id}`, cookies.assistente, {
      caseId: estCase.id,
    })
    expect(add.status).toBe(403)
    expect(((await add.json()) as { error: { message: string } }).error.message).toBe(
      DOCUMENT_MESSAGES.caseForbidden,
    )
    expect(
      (await req('PATCH', `/api/documents/${docClient.id}`, cookies.assistente, { clientId: estClient.id }))
        .status,
    ).toBe(200)

    const rows = await t.handle.db
      .select({
        id: documents.id,
        nome: documents.nome,
        caseId: documents.caseId,
        clientId: documents.clientId,
      })
      .from(documents)
      .where(inArray(documents.id, [docOther.id, docEst.id, docClient.id]))
    const byId = new Map(rows.map((row) => [row.id, row]))
    expect(byId.get(docOther.id)).toMatchObject({
      nome: 'Renomeada',
      caseId: otherCase.id,
      clientId: otherClient.id,
    })
    expect(byId.get(docEst.id)).toMatchObject({ caseId: estCase.id, clientId: estClient.id })
    expect(byId.get(docClient.id)).toMatchObject({ caseId: null, clientId: estClient.id })
  })
})
