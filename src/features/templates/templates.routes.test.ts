import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { createTestApp, type TestApp } from '../../test/test-app'
import type { SignUpInput } from '../auth/auth.schema'
import { users } from '../auth/auth.table.server'
import { auditLog } from '../audit/audit.table.server'
import { officeMembers } from '../offices/offices.table.server'
import type { TemplateDetail, TemplateList } from './templates.schema'
import { SEED_TEMPLATES } from './templates.seed-content'
import { documentTemplates } from './templates.table.server'

// Issue 25, Modelos: the office's template list (seeded once with the five pieces, even under concurrent first
// requests), reads for every member, writes for sócios and associados only (exact 403 for the others), HTML
// sanitised to the editor's subset on save, and another office's template answering 404.

let t: TestApp
let officeId: string
const who = {} as Record<'socio' | 'associado' | 'estagiario' | 'assistente' | 'outro', string>

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

beforeAll(async () => {
  t = await createTestApp()
  const socio = await signUp(t, lawyerSignUp({ nomeCompleto: 'Sofia Sócia' }))
  who.socio = socio.cookie
  const [membership] = await t.handle.db
    .select({ officeId: officeMembers.officeId })
    .from(officeMembers)
    .where(eq(officeMembers.userId, await userIdOf(socio.email)))
  officeId = membership?.officeId ?? ''
  for (const nivel of ['associado', 'estagiario', 'assistente'] as const) {
    const account = await signUp(t, student(`Membro ${nivel}`))
    await t.handle.db
      .insert(officeMembers)
      .values({ officeId, userId: await userIdOf(account.email), nivelAcesso: nivel })
    who[nivel] = account.cookie
  }
  who.outro = (await signUp(t, lawyerSignUp({ nomeCompleto: 'Otávio Outro' }))).cookie
})
afterAll(() => t.close())

async function countSeeded(office: string): Promise<number> {
  const [row] = await t.handle.db
    .select({ n: sql<number>`count(*)::int` })
    .from(documentTemplates)
    .where(and(eq(documentTemplates.officeId, office), sql`${documentTemplates.seedKey} is not null`))
  return row?.n ?? 0
}

describe('the template list', () => {
  it('seeds the five templates once, even for concurrent first lists', async () => {
    expect(await countSeeded(officeId)).toBe(0)
    const responses = await Promise.all([
      req('GET', '/api/templates', who.socio),
      req('GET', '/api/templates', who.estagiario),
      req('GET', '/api/templates', who.assistente),
    ])
    for (const response of responses) expect(response.status).toBe(200)
    expect(await countSeeded(officeId)).toBe(5)
    const list = (await responses[0]!.json()) as TemplateList
    expect(list.items).toHaveLength(5)
    expect(list.items.map((item) => item.name).sort()).toEqual(SEED_TEMPLATES.map((s) => s.name).sort())
    expect(list.items.every((item) => item.seeded && item.source === 'editor')).toBe(true)
    const names = list.items.map((item) => item.name)
    for (const name of [
      'Procuração ad judicia et extra',
      'Declaração de Hipossuficiência',
      'Recibo de Honorários',
    ])
      expect(names).toContain(name)
    // Listing again seeds nothing more.
    await req('GET', '/api/templates', who.socio)
    expect(await countSeeded(officeId)).toBe(5)
  })

  it("keeps each office's templates to itself", async () => {
    const own = (await (await req('GET', '/api/templates', who.socio)).json()) as TemplateList
    const other = (await (await req('GET', '/api/templates', who.outro)).json()) as TemplateList
    expect(other.items).toHaveLength(5)
    const ownIds = new Set(own.items.map((item) => item.id))
    expect(other.items.some((item) => ownIds.has(item.id))).toBe(false)
    const first = own.items[0]!
    expect((await req('GET', `/api/templates/${first.id}`, who.outro)).status).toBe(404)
    expect((await req('PATCH', `/api/templates/${first.id}`, who.outro, { name: 'Meu' })).status).toBe(404)
    expect((await req('DELETE', `/api/templates/${first.id}`, who.outro)).status).toBe(404)
    expect((await req('GET', `/api/templates/${first.id}`, who.socio)).status).toBe(200)
  })

  it('never seeds a deleted seeded template again', async () => {
    const list = (await (await req('GET', '/api/templates', who.outro)).json()) as TemplateList
    const removed = list.items[0]!
    expect((await req('DELETE', `/api/templates/${removed.id}`, who.outro)).status).toBe(204)
    const after = (await (await req('GET', '/api/templates', who.outro)).json()) as TemplateList
    expect(after.items.map((item) => item.id)).not.toContain(removed.id)
    expect(after.items).toHaveLength(4)
  })
})

describe('writing templates', () => {
  const body = {
    name: 'Notificação extrajudicial',
    kind: 'outro',
    html: '<h1 style="text-align: center; color: red">Notificação</h1><p onclick="x()">Prezado {cliente.nome},</p><script>alert(1)</script><img src="x"><table><tr><td>tabela</td></tr></table>',
  }

  it('lets sócios and associados create, edit and delete; sanitises the HTML to the subset', async () => {
    for (const nivel of ['socio', 'associado'] as const) {
      const created = await req('POST', '/api/templates', who[nivel], {
        ...body,
        name: `${body.name} ${nivel}`,
      })
      expect(created.status).toBe(201)
      const detail = (await created.json()) as TemplateDetail
      expect(detail.html).toBe(
        '<h1 style="text-align:center">Notificação</h1><p>Prezado {cliente.nome},</p>tabela',
      )
      expect(detail.placeholders).toEqual(['cliente.nome'])
      expect(detail.seeded).toBe(false)
      expect(detail.createdBy?.nome).toBeTruthy()

      const patched = await req('PATCH', `/api/templates/${detail.id}`, who[nivel], {
        kind: 'declaracao',
        html: '<p>Eu, {cliente.nome}, CPF {cliente.cpf_cnpj}</p>',
      })
      expect(patched.status).toBe(200)
      const updated = (await patched.json()) as TemplateDetail
      expect(updated.kind).toBe('declaracao')
      expect(updated.placeholders).toEqual(['cliente.cpf_cnpj', 'cliente.nome'])

      expect((await req('DELETE', `/api/templates/${detail.id}`, who[nivel])).status).toBe(204)
      expect((await req('GET', `/api/templates/${detail.id}`, who[nivel])).status).toBe(404)
    }
    const actions = await t.handle.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.officeId, officeId), eq(auditLog.entity, 'template')))
    expect(actions.map((row) => row.action).sort()).toEqual(
      ['create', 'create', 'delete', 'delete', 'update', 'update'].map((a) => `template.${a}`),
    )
  })

  it('refuses estagiários and assistentes with 403 and writes nothing; they still read', async () => {
    const list = (await (await req('GET', '/api/templates', who.socio)).json()) as TemplateList
    const target = list.items[0]!
    for (const nivel of ['estagiario', 'assistente'] as const) {
      const before = await t.handle.db.select({ n: sql<number>`count(*)::int` }).from(documentTemplates)
      for (const response of [
        await req('POST', '/api/templates', who[nivel], body),
        await req('PATCH', `/api/templates/${target.id}`, who[nivel], { name: 'Alterado' }),
        await req('DELETE', `/api/templates/${target.id}`, who[nivel]),
        await t.app.request('/api/templates/upload?name=X&kind=outro', {
          method: 'POST',
          headers: { cookie: who[nivel], 'content-type': 'application/octet-stream' },
          body: new Uint8Array([1, 2, 3]) as BodyInit,
        }),
      ]) {
        expect(response.status).toBe(403)
      }
      const after = await t.handle.db.select({ n: sql<number>`count(*)::int` }).from(documentTemplates)
      expect(after).toEqual(before)
      const read = await req('GET', `/api/templates/${target.id}`, who[nivel])
      expect(read.status).toBe(200)
      expect(((await read.json()) as TemplateDetail).name).toBe(target.name)
    }
  })

  it('validates the body: name ≤ 120, known kind, HTML ≤ 200 000 characters, not empty', async () => {
    const cases = [
      { ...body, name: 'x'.repeat(121) },
      { ...body, kind: 'peticao' },
      { ...body, html: `<p>${'a'.repeat(200_000)}</p>` },
      { ...body, html: '   ' },
    ]
    for (const invalid of cases) {
      const response = await req('POST', '/api/templates', who.socio, invalid)
      expect(response.status).toBe(400)
    }
    const empty = await req('PATCH', `/api/templates/00000000-0000-4000-8000-000000000000`, who.socio, {})
    expect(empty.status).toBe(400)
    expect((await req('GET', '/api/templates/not-a-uuid', who.socio)).status).toBe(404)
  })
})
