import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jsonRequest, lawyerSignUp, SAO_PAULO, signUp } from '../../test/accounts'
import { pdfText } from '../../test/pdf-text'
import { createTestApp, type TestApp } from '../../test/test-app'
import { users } from '../auth/auth.table.server'
import type { DocumentDetail } from '../documents/documents.schema'
import { officeSettings } from '../office-settings/office-settings.table.server'
import { officeMembers } from '../offices/offices.table.server'
import type { TemplateGenerated, TemplateList, TemplateListItem, TemplatePreview } from './templates.schema'

// Issue 25, 'Done when': the five seeded templates produce complete documents for a pessoa física and a pessoa
// jurídica client — every field filled from the records (and the honorários typed), none left as `{…}`, the
// qualification of each kind of client, money in R$ and por extenso — as PDF and DOCX in Documents.

let t: TestApp
let socio: string
let seeds: Map<string, TemplateListItem>
const ids = {} as Record<'pf' | 'pj' | 'pfCase' | 'pjCase', string>

const req = (method: string, path: string, body?: unknown) =>
  t.app.request(path, jsonRequest(method, body, socio))

async function created(response: Response): Promise<{ id: string }> {
  expect(response.status, await response.clone().text()).toBe(201)
  return (await response.json()) as { id: string }
}

/** The PDF's words on one line (a justified line may split a phrase into several text items). */
async function generatedText(result: TemplateGenerated): Promise<string> {
  const file = await t.app.request(`/api/documents/${result.pdfDocumentId}/file`, {
    headers: { cookie: socio },
  })
  expect(file.status).toBe(200)
  return (await pdfText(new Uint8Array(await file.arrayBuffer()))).replace(/\s+/g, ' ')
}

beforeAll(async () => {
  t = await createTestApp()
  const owner = await signUp(t, lawyerSignUp({ nomeCompleto: 'Ana Advogada' }))
  socio = owner.cookie
  const [member] = await t.handle.db
    .select({ officeId: officeMembers.officeId })
    .from(officeMembers)
    .innerJoin(users, eq(users.id, officeMembers.userId))
    .where(eq(users.email, owner.email))
  await t.handle.db.insert(officeSettings).values({
    officeId: member!.officeId,
    nomeEscritorio: 'Advocacia Exemplo',
    endereco: 'Av. Paulista, 1000, São Paulo/SP',
  })
  ids.pf = (
    await created(
      await req('POST', '/api/clients', {
        nomeCompleto: 'Maria Aparecida da Silva',
        tipoPessoa: 'fisica',
        documento: '529.982.247-25',
        nacionalidade: 'brasileira',
        estadoCivil: 'casado',
        profissao: 'professora',
        rg: '12.345.678-9',
        rgOrgaoEmissor: 'SSP/SP',
        email: 'maria@example.com',
        endereco: 'Rua das Flores, 123',
        cep: '01310-100',
        ...SAO_PAULO,
      }),
    )
  ).id
  ids.pj = (
    await created(
      await req('POST', '/api/clients', {
        nomeCompleto: 'Padaria Pão Quente Ltda.',
        tipoPessoa: 'juridica',
        documento: '11.222.333/0001-81',
        representanteNome: 'João Pereira',
        representanteCpf: '529.982.247-25',
        representanteCargo: 'sócio-administrador',
        email: 'contato@paoquente.example.com',
        endereco: 'Rua do Comércio, 45',
        cep: '01001-000',
        ...SAO_PAULO,
      }),
    )
  ).id
  for (const key of ['pf', 'pj'] as const) {
    ids[`${key}Case`] = (
      await created(
        await req('POST', '/api/cases', {
          titulo: `Ação de cobrança ${key}`,
          areaJuridica: 'Civil',
          clientId: ids[key],
          numeroProcesso: '0001234-71.2024.8.26.0100',
          tribunal: 'TJSP',
          vara: '1ª Vara Cível',
          valorCausa: '1500.00',
        }),
      )
    ).id
  }
  const list = (await (await req('GET', '/api/templates')).json()) as TemplateList
  seeds = new Map(list.items.map((item) => [item.kind, item]))
})
afterAll(() => t.close())

const honorarios = { tipo: 'parcelado', valor: '15000.00', parcelas: 10 }
const substabelecido = {
  'advogado.substabelecido_nome': 'Beatriz Souza',
  'advogado.substabelecido_oab': 'OAB/SP 654.321',
  'advogado.substabelecimento_reserva': 'com reserva',
}

describe('the seeded templates', () => {
  for (const client of ['pf', 'pj'] as const) {
    it(`fill every field of the five pieces for a pessoa ${client === 'pf' ? 'física' : 'jurídica'}`, async () => {
      for (const kind of ['procuracao', 'contrato', 'declaracao', 'substabelecimento', 'recibo'] as const) {
        const template = seeds.get(kind)
        if (!template) throw new Error(`no seeded ${kind}`)
        const body = {
          clientId: ids[client],
          caseId: ids[`${client}Case`],
          honorarios,
          ...(kind === 'substabelecimento' && { overrides: substabelecido }),
        }
        const preview = (await (
          await req('POST', `/api/templates/${template.id}/preview`, body)
        ).json()) as TemplatePreview
        const missing = preview.missing.map((m) => m.key)
        // Only what no record holds is asked for (the substabelecido is typed at generation).
        expect(
          missing.filter((key) => !key.startsWith('advogado.substabelec')),
          kind,
        ).toEqual([])

        const response = await req('POST', `/api/templates/${template.id}/generate`, {
          ...body,
          nivelAcesso: 'publico',
        })
        expect(response.status, kind).toBe(201)
        const result = (await response.json()) as TemplateGenerated
        const text = await generatedText(result)
        expect(text, kind).not.toMatch(/\{[a-z_]+\.[a-z_0-9]+\}/)
        expect(text, kind).not.toContain('__________ de')
        expect(text, kind).toContain(
          client === 'pf' ? 'Maria Aparecida da Silva' : 'Padaria Pão Quente Ltda.',
        )
        expect(text, kind).toContain('Advocacia Exemplo')
        if (kind === 'procuracao' || kind === 'contrato' || kind === 'declaracao') {
          if (client === 'pf') {
            expect(text, kind).toContain('529.982.247-25')
            expect(text, kind).toContain('12.345.678-9')
          } else {
            expect(text, kind).toContain('11.222.333/0001-81')
            expect(text, kind).toContain('João Pereira')
          }
        }
        if (kind === 'contrato') expect(text).toContain('quinze mil reais')
        if (kind === 'recibo') expect(text).toMatch(/R\$\s?15\.000,00/)
        if (kind === 'substabelecimento') expect(text).toContain('Beatriz Souza')
        const docx = await req('GET', `/api/documents/${result.docxDocumentId}`)
        expect(((await docx.json()) as DocumentDetail).document.tipo).toBe('DOCX')
      }
    })
  }
})
