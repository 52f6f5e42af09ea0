import { Document, Packer, Paragraph, TextRun } from 'docx'
import { eq } from 'drizzle-orm'
import PizZip from 'pizzip'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { pdfText } from '../../test/pdf-text'
import { createTestApp, type TestApp } from '../../test/test-app'
import type { SignUpInput } from '../auth/auth.schema'
import { users } from '../auth/auth.table.server'
import type { DocumentDetail } from '../documents/documents.schema'
import { officeMembers } from '../offices/offices.table.server'
import { MERGE_FIELDS } from './merge-fields'
import type { TemplateDetail, TemplateGenerated, TemplateList, TemplatePreview } from './templates.schema'

// Issue 25, 'Gerar documento': the preview lists the missing fields; generating (proceeding, or with the
// user's values) saves a PDF and a DOCX into Documents, in the kind's folder, linked to the client and case;
// another office's template, client or case is a 404; the estagiário reaches only his cases' clients; an
// uploaded Word template with unknown fields is refused listing them, a valid one generates.

let t: TestApp
let socio: string
let estagiario: string
let assistente: string
let outro: string
const ids = {} as Record<
  'maria' | 'teresa' | 'mariaCase' | 'teresaCase' | 'otherClient' | 'otherCase',
  string
>
let procuracao: TemplateDetail
let declaracao: TemplateDetail
let otherTemplate: string

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

async function userIdOf(email: string): Promise<string> {
  const [row] = await t.handle.db.select({ id: users.id }).from(users).where(eq(users.email, email))
  if (!row) throw new Error(`no user ${email}`)
  return row.id
}

async function created<T>(response: Response): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(201)
  return (await response.json()) as T
}

const labelOf = (key: string) => MERGE_FIELDS.find((field) => field.key === key)?.label ?? key

async function docx(lines: string[]): Promise<Buffer> {
  const document = new Document({
    sections: [{ children: lines.map((line) => new Paragraph({ children: [new TextRun(line)] })) }],
  })
  return Packer.toBuffer(document)
}

const docxText = (bytes: ArrayBuffer) =>
  new PizZip(Buffer.from(bytes))
    .file('word/document.xml')!
    .asText()
    .replace(/<[^>]+>/g, '')

function upload(cookie: string, name: string, bytes: Uint8Array) {
  const query = new URLSearchParams({ name, kind: 'procuracao' })
  return t.app.request(`/api/templates/upload?${query}`, {
    method: 'POST',
    headers: {
      cookie,
      'content-type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    },
    body: bytes as BodyInit,
  })
}

async function documentOf(id: string, cookie = socio) {
  const response = await req('GET', `/api/documents/${id}`, cookie)
  expect(response.status).toBe(200)
  const { document } = (await response.json()) as DocumentDetail
  const file = await t.app.request(`/api/documents/${id}/file`, { headers: { cookie } })
  expect(file.status).toBe(200)
  return { document, bytes: await file.arrayBuffer() }
}

beforeAll(async () => {
  t = await createTestApp()
  const owner = await signUp(t, lawyerSignUp({ nomeCompleto: 'Sofia Sócia' }))
  socio = owner.cookie
  const [membership] = await t.handle.db
    .select({ id: officeMembers.id, officeId: officeMembers.officeId })
    .from(officeMembers)
    .where(eq(officeMembers.userId, await userIdOf(owner.email)))
  if (!membership) throw new Error('no office')
  const members: Record<string, string> = {}
  for (const nivel of ['estagiario', 'assistente'] as const) {
    const account = await signUp(t, student(`Membro ${nivel}`))
    const [row] = await t.handle.db
      .insert(officeMembers)
      .values({ officeId: membership.officeId, userId: await userIdOf(account.email), nivelAcesso: nivel })
      .returning({ id: officeMembers.id })
    members[nivel] = row?.id ?? ''
    if (nivel === 'estagiario') estagiario = account.cookie
    else assistente = account.cookie
  }
  const client = async (cookie: string, body: Record<string, unknown>) =>
    created<{ id: string }>(await req('POST', '/api/clients', cookie, body))
  const kase = async (cookie: string, body: Record<string, unknown>) =>
    created<{ id: string }>(await req('POST', '/api/cases', cookie, { areaJuridica: 'Civil', ...body }))

  ids.maria = (
    await client(socio, {
      nomeCompleto: 'Maria Silva',
      tipoPessoa: 'fisica',
      documento: '529.982.247-25',
      nacionalidade: 'brasileira',
      estadoCivil: 'casado',
      profissao: 'Professora',
      email: 'maria@example.com',
    })
  ).id
  ids.teresa = (await client(socio, { nomeCompleto: 'Teresa Terceira' })).id
  ids.mariaCase = (
    await kase(socio, {
      titulo: 'Ação da Maria',
      clientId: ids.maria,
      numeroProcesso: '0001234-71.2024.8.26.0100',
      valorCausa: '1500.00',
      responsaveis: [membership.id, members.estagiario],
    })
  ).id
  ids.teresaCase = (await kase(socio, { titulo: 'Ação da Teresa', clientId: ids.teresa })).id

  outro = (await signUp(t, lawyerSignUp({ nomeCompleto: 'Otávio Outro' }))).cookie
  ids.otherClient = (await client(outro, { nomeCompleto: 'Cliente do Outro' })).id
  ids.otherCase = (await kase(outro, { titulo: 'Caso do Outro', clientId: ids.otherClient })).id
  otherTemplate = ((await (await req('GET', '/api/templates', outro)).json()) as TemplateList).items[0]!.id

  procuracao = await created<TemplateDetail>(
    await req('POST', '/api/templates', socio, {
      name: 'Procuração ad judicia et extra',
      kind: 'procuracao',
      html: '<h1 style="text-align: center">PROCURAÇÃO</h1><p>OUTORGANTE: {cliente.nome}, RG {cliente.rg}, processo {caso.numero_cnj}.</p><p>OUTORGADO: {advogado.nome}, {escritorio.nome}.</p>',
    }),
  )
  declaracao = await created<TemplateDetail>(
    await req('POST', '/api/templates', socio, {
      name: 'Declaração de Hipossuficiência',
      kind: 'declaracao',
      html: '<p>Eu, {cliente.nome}, declaro que não posso arcar com as custas.</p>',
    }),
  )
})
afterAll(() => t.close())

const preview = (cookie: string, template: string, body: Record<string, unknown>) =>
  req('POST', `/api/templates/${template}/preview`, cookie, body)
const generate = (cookie: string, template: string, body: Record<string, unknown>) =>
  req('POST', `/api/templates/${template}/generate`, cookie, { nivelAcesso: 'restrito', ...body })

describe('preview', () => {
  it('fills the fields and marks each missing one', async () => {
    const response = await preview(socio, procuracao.id, { clientId: ids.maria, caseId: ids.mariaCase })
    expect(response.status).toBe(200)
    const result = (await response.json()) as TemplatePreview
    expect(result.html).toContain('Maria Silva')
    expect(result.html).toContain('0001234-71.2024.8.26.0100')
    expect(result.missing).toContainEqual({ key: 'cliente.rg', label: labelOf('cliente.rg') })
    expect(result.html).toContain(
      `<mark data-missing="cliente.rg">Campo sem valor: ${labelOf('cliente.rg')}</mark>`,
    )
    expect(result.missing.map((m) => m.key)).not.toContain('cliente.nome')
  })
})

describe('generate', () => {
  it('saves a PDF and a DOCX in Contratos, linked to the client and case, with the values typed', async () => {
    const response = await generate(socio, procuracao.id, {
      clientId: ids.maria,
      caseId: ids.mariaCase,
      overrides: { 'cliente.rg': '12.345.678-9' },
    })
    const result = await created<TemplateGenerated>(response)
    // The dialog offers 'Enviar para assinatura' for the PDF under the name Documentos shows.
    expect(result.pdfName).toBe('Procuração ad judicia et extra — Maria Silva.pdf')
    const pdf = await documentOf(result.pdfDocumentId)
    expect(pdf.document).toMatchObject({
      nome: 'Procuração ad judicia et extra — Maria Silva.pdf',
      tipo: 'PDF',
      pasta: 'contratos',
      nivelAcesso: 'restrito',
      cliente: { id: ids.maria },
      caso: { id: ids.mariaCase },
    })
    const text = await pdfText(new Uint8Array(pdf.bytes))
    expect(text).toContain('Maria Silva')
    expect(text).toContain('12.345.678-9')
    expect(text).toContain('0001234-71.2024.8.26.0100')
    expect(text).not.toContain('{cliente')

    const word = await documentOf(result.docxDocumentId)
    expect(word.document).toMatchObject({
      nome: 'Procuração ad judicia et extra — Maria Silva.docx',
      tipo: 'DOCX',
      pasta: 'contratos',
      cliente: { id: ids.maria },
      caso: { id: ids.mariaCase },
    })
    expect(docxText(word.bytes)).toContain('OUTORGANTE: Maria Silva, RG 12.345.678-9')
  })

  it('proceeds with missing fields as blank lines; a declaração goes to Documentos Pessoais', async () => {
    const result = await created<TemplateGenerated>(
      await generate(socio, procuracao.id, { clientId: ids.maria, nivelAcesso: 'confidencial' }),
    )
    const pdf = await documentOf(result.pdfDocumentId)
    expect(pdf.document.caso).toBeNull()
    expect(pdf.document.nivelAcesso).toBe('confidencial')
    expect(await pdfText(new Uint8Array(pdf.bytes))).toMatch(/RG _{5,}/)

    const declared = await created<TemplateGenerated>(
      await generate(socio, declaracao.id, { clientId: ids.maria }),
    )
    expect((await documentOf(declared.pdfDocumentId)).document.pasta).toBe('documentos_pessoais')
  })

  it("answers 404 for another office's template, client or case, and for a case of another client", async () => {
    const bodies = [
      [otherTemplate, { clientId: ids.maria }],
      [procuracao.id, { clientId: ids.otherClient }],
      [procuracao.id, { clientId: ids.maria, caseId: ids.otherCase }],
      [procuracao.id, { clientId: ids.maria, caseId: ids.teresaCase }],
    ] as const
    for (const [template, body] of bodies) {
      expect((await preview(socio, template, body)).status).toBe(404)
      expect((await generate(socio, template, body)).status).toBe(404)
    }
  })

  it('limits the estagiário to the clients and cases of his cases; the assistente to no case', async () => {
    expect(
      (await preview(estagiario, procuracao.id, { clientId: ids.maria, caseId: ids.mariaCase })).status,
    ).toBe(200)
    expect((await preview(estagiario, procuracao.id, { clientId: ids.teresa })).status).toBe(404)
    expect(
      (await preview(estagiario, procuracao.id, { clientId: ids.teresa, caseId: ids.teresaCase })).status,
    ).toBe(404)
    const mine = await created<TemplateGenerated>(
      await generate(estagiario, procuracao.id, { clientId: ids.maria, caseId: ids.mariaCase }),
    )
    expect((await documentOf(mine.pdfDocumentId, estagiario)).document.caso?.id).toBe(ids.mariaCase)
    expect((await generate(estagiario, procuracao.id, { clientId: ids.teresa })).status).toBe(404)

    expect((await preview(assistente, procuracao.id, { clientId: ids.teresa })).status).toBe(200)
    expect(
      (await preview(assistente, procuracao.id, { clientId: ids.maria, caseId: ids.mariaCase })).status,
    ).toBe(404)
  })

  it('refuses a value typed for a field that does not exist', async () => {
    const response = await generate(socio, procuracao.id, {
      clientId: ids.maria,
      overrides: { 'cliente.apelido': 'Mari' },
    })
    expect(response.status).toBe(400)
  })
})

describe('Word templates', () => {
  it('refuses an upload with unknown fields, listing them in pt-BR', async () => {
    const bytes = await docx(['Eu, {cliente.nome}, apelido {cliente.apelido}, time {cliente.time}.'])
    const response = await upload(socio, 'Procuração do escritório', bytes)
    expect(response.status).toBe(400)
    const { error } = (await response.json()) as { error: { message: string } }
    expect(error.message).toBe('Campos desconhecidos no modelo: {cliente.apelido}, {cliente.time}.')
  })

  it('refuses a file that is not a .docx', async () => {
    const response = await upload(socio, 'Qualquer', new TextEncoder().encode('não sou um docx'))
    expect(response.status).toBe(400)
  })

  it('stores a valid one and generates from it, keeping the Word file', async () => {
    const bytes = await docx(['PROCURAÇÃO', 'Outorgante: {cliente.nome}, processo {caso.numero_cnj}.'])
    const template = await created<TemplateDetail>(await upload(socio, 'Procuração do escritório', bytes))
    expect(template).toMatchObject({ source: 'docx', kind: 'procuracao' })
    expect(template.placeholders).toEqual(['caso.numero_cnj', 'cliente.nome'])
    expect(template.html).toContain('{cliente.nome}')

    const filled = (await (
      await preview(socio, template.id, { clientId: ids.maria, caseId: ids.mariaCase })
    ).json()) as TemplatePreview
    expect(filled.html).toContain('Outorgante: Maria Silva')

    const result = await created<TemplateGenerated>(
      await generate(socio, template.id, { clientId: ids.maria, caseId: ids.mariaCase }),
    )
    const word = await documentOf(result.docxDocumentId)
    expect(docxText(word.bytes)).toContain('Outorgante: Maria Silva, processo 0001234-71.2024.8.26.0100.')
    const pdf = await documentOf(result.pdfDocumentId)
    expect(await pdfText(new Uint8Array(pdf.bytes))).toContain('Outorgante: Maria Silva')
    // A Word template's text is its file's: the editor may not rewrite it.
    expect((await req('PATCH', `/api/templates/${template.id}`, socio, { html: '<p>x</p>' })).status).toBe(
      400,
    )
  })
})
