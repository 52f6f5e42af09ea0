import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { createTestApp, type TestApp } from '../../test/test-app'
import type { SignUpInput } from '../auth/auth.schema'
import { users } from '../auth/auth.table.server'
import { officeMembers } from '../offices/offices.table.server'
import { caseMembers } from './case-members.table.server'
import { activeCasesByMember } from './cases.public.server'
import type { Case, CaseList, CaseMemberOption, CaseOption, CaseStats } from './cases.schema'

// Issue 10: responsible members on cases, and the estagiário's partial cells (spec §6): they see, find,
// count, export and edit only the cases where they are responsible; they create (becoming responsible)
// and never delete. Members are inserted straight into office_members (as the documents tests do).

let t: TestApp
let officeId: string
const cookie = {} as Record<'socio' | 'associado' | 'estagiario' | 'assistente' | 'outro', string>
const member = {} as Record<'socio' | 'associado' | 'estagiario' | 'assistente' | 'outro', string>

const student = (nomeCompleto: string) =>
  ({
    ...lawyerSignUp({ nomeCompleto }),
    userType: 'estudante',
    oabNumero: undefined,
    oabEstado: undefined,
    universidade: 'USP',
    periodoCurso: 5,
  }) as unknown as SignUpInput

const req = (method: string, path: string, who: string, body?: unknown) =>
  t.app.request(path, jsonRequest(method, body, who))

async function userIdOf(email: string): Promise<string> {
  const [row] = await t.handle.db.select({ id: users.id }).from(users).where(eq(users.email, email))
  if (!row) throw new Error(`no user ${email}`)
  return row.id
}

async function membershipOf(userId: string): Promise<{ id: string; officeId: string }> {
  const [row] = await t.handle.db
    .select({ id: officeMembers.id, officeId: officeMembers.officeId })
    .from(officeMembers)
    .where(eq(officeMembers.userId, userId))
  if (!row) throw new Error('no membership')
  return row
}

async function create(who: string, titulo: string, extra: Record<string, unknown> = {}): Promise<Case> {
  const response = await req('POST', '/api/cases', who, { titulo, areaJuridica: 'Civil', ...extra })
  expect(response.status, titulo).toBe(201)
  return (await response.json()) as Case
}

beforeAll(async () => {
  t = await createTestApp()
  const socio = await signUp(t, lawyerSignUp({ nomeCompleto: 'Sofia Sócia' }))
  cookie.socio = socio.cookie
  const own = await membershipOf(await userIdOf(socio.email))
  officeId = own.officeId
  member.socio = own.id
  for (const nivel of ['associado', 'estagiario', 'assistente'] as const) {
    const account = await signUp(t, student(`Membro ${nivel}`))
    const [row] = await t.handle.db
      .insert(officeMembers)
      .values({ officeId, userId: await userIdOf(account.email), nivelAcesso: nivel })
      .returning({ id: officeMembers.id })
    cookie[nivel] = account.cookie
    member[nivel] = row?.id ?? ''
  }
  const outro = await signUp(t, lawyerSignUp({ nomeCompleto: 'Otávio Outro' }))
  cookie.outro = outro.cookie
  member.outro = (await membershipOf(await userIdOf(outro.email))).id
})
afterAll(() => t.close())

describe('responsible members', () => {
  it('makes the creator responsible by default and lists the names', async () => {
    const kase = await create(cookie.socio, 'Ação de cobrança')
    expect(kase.responsaveis.map((r) => r.memberId)).toEqual([member.socio])
    expect(kase.responsaveis[0]?.nome).toBeTruthy()
  })

  it('sets and replaces the responsible members; refuses another office’s member and writes nothing', async () => {
    const kase = await create(cookie.socio, 'Inventário', {
      responsaveis: [member.associado, member.estagiario],
    })
    expect(kase.responsaveis.map((r) => r.memberId).sort()).toEqual(
      [member.associado, member.estagiario].sort(),
    )
    const bad = await req('POST', '/api/cases', cookie.socio, {
      titulo: 'Não deve existir',
      areaJuridica: 'Civil',
      responsaveis: [member.outro],
    })
    expect(bad.status).toBe(400)
    expect(
      ((await bad.json()) as { error: { fields: Record<string, string> } }).error.fields.responsaveis,
    ).toBe('Responsável inválido.')
    const list = (await (await req('GET', '/api/cases?search=deve', cookie.socio)).json()) as CaseList
    expect(list.total).toBe(0)
    const patched = await req('PATCH', `/api/cases/${kase.id}`, cookie.socio, {
      responsaveis: [member.socio],
    })
    expect(((await patched.json()) as Case).responsaveis.map((r) => r.memberId)).toEqual([member.socio])
    const foreign = await req('PATCH', `/api/cases/${kase.id}`, cookie.socio, {
      responsaveis: [member.outro],
    })
    expect(foreign.status).toBe(400)
    const after = (await (await req('GET', `/api/cases/${kase.id}`, cookie.socio)).json()) as Case
    expect(after.responsaveis.map((r) => r.memberId)).toEqual([member.socio])
  })

  it('offers the active members with system access, and not a deactivated one', async () => {
    const response = await req('GET', '/api/cases/member-options', cookie.socio)
    expect(response.status).toBe(200)
    const { items } = (await response.json()) as { items: CaseMemberOption[] }
    expect(items.map((i) => i.memberId).sort()).toEqual(
      [member.socio, member.associado, member.estagiario, member.assistente].sort(),
    )
    // The caller's own membership is flagged: the form preselects it on a new case.
    expect(items.filter((i) => i.self).map((i) => i.memberId)).toEqual([member.socio])
    expect((await req('GET', '/api/cases/member-options', cookie.assistente)).status).toBe(403)
  })
})

describe('the estagiário sees and edits only their cases (spec §6 partial cells)', () => {
  it('lists, finds, counts, picks and exports only the assigned cases; another case is 404', async () => {
    const mine = await create(cookie.socio, 'Estágio visível', {
      responsaveis: [member.estagiario],
      valorCausa: 1000,
    })
    const notMine = await create(cookie.socio, 'Estágio invisível', { valorCausa: 5000 })
    const list = (await (await req('GET', '/api/cases?search=estagio', cookie.estagiario)).json()) as CaseList
    expect(list.items.map((c) => c.id)).toEqual([mine.id])
    const all = (await (await req('GET', '/api/cases', cookie.estagiario)).json()) as CaseList
    expect(all.items.every((c) => c.id !== notMine.id)).toBe(true)
    const stats = (await (await req('GET', '/api/cases/stats', cookie.estagiario)).json()) as CaseStats
    expect(stats.total).toBe(all.total)
    expect(stats.valorTotal).toBe(1000)
    const options = (await (
      await req('GET', '/api/cases/options?search=estagio', cookie.estagiario)
    ).json()) as {
      items: CaseOption[]
    }
    expect(options.items.map((o) => o.id)).toEqual([mine.id])
    const csv = await (await req('GET', '/api/cases/export.csv?search=estagio', cookie.estagiario)).text()
    expect(csv).toContain('Estágio visível')
    expect(csv).not.toContain('Estágio invisível')
    expect((await req('GET', `/api/cases/${mine.id}`, cookie.estagiario)).status).toBe(200)
    expect((await req('GET', `/api/cases/${notMine.id}`, cookie.estagiario)).status).toBe(404)
    // The associado sees both (full cell).
    const assoc = (await (await req('GET', '/api/cases?search=estagio', cookie.associado)).json()) as CaseList
    expect(assoc.total).toBe(2)
  })

  it('edits their case, not another (404, unchanged); never deletes or restores (403)', async () => {
    const mine = await create(cookie.socio, 'Caso do estagiário', { responsaveis: [member.estagiario] })
    const notMine = await create(cookie.socio, 'Caso da sócia')
    const ok = await req('PATCH', `/api/cases/${mine.id}`, cookie.estagiario, { status: 'andamento' })
    expect(ok.status).toBe(200)
    const denied = await req('PATCH', `/api/cases/${notMine.id}`, cookie.estagiario, { titulo: 'Invadido' })
    expect(denied.status).toBe(404)
    const kept = (await (await req('GET', `/api/cases/${notMine.id}`, cookie.socio)).json()) as Case
    expect(kept.titulo).toBe('Caso da sócia')
    // Removing themselves would lock them out: they stay responsible.
    const self = await req('PATCH', `/api/cases/${mine.id}`, cookie.estagiario, {
      responsaveis: [member.socio],
    })
    expect(((await self.json()) as Case).responsaveis.map((r) => r.memberId).sort()).toEqual(
      [member.socio, member.estagiario].sort(),
    )
    expect((await req('DELETE', `/api/cases/${mine.id}`, cookie.estagiario)).status).toBe(403)
    expect((await req('POST', `/api/cases/${mine.id}/restore`, cookie.estagiario)).status).toBe(403)
    expect((await req('GET', `/api/cases/${mine.id}`, cookie.socio)).status).toBe(200)
  })

  it('creates a case and becomes responsible for it, whatever the form sent', async () => {
    const created = await create(cookie.estagiario, 'Criado pelo estagiário', {
      responsaveis: [member.socio],
    })
    expect(created.responsaveis.map((r) => r.memberId).sort()).toEqual(
      [member.socio, member.estagiario].sort(),
    )
    expect((await req('GET', `/api/cases/${created.id}`, cookie.estagiario)).status).toBe(200)
  })

  it('loses the case at once when removed from it', async () => {
    const kase = await create(cookie.socio, 'Retirado', { responsaveis: [member.estagiario] })
    expect((await req('GET', `/api/cases/${kase.id}`, cookie.estagiario)).status).toBe(200)
    await req('PATCH', `/api/cases/${kase.id}`, cookie.socio, { responsaveis: [member.socio] })
    expect((await req('GET', `/api/cases/${kase.id}`, cookie.estagiario)).status).toBe(404)
  })

  it('the assistente has no case access at all (403)', async () => {
    expect((await req('GET', '/api/cases', cookie.assistente)).status).toBe(403)
    expect(
      (await req('POST', '/api/cases', cookie.assistente, { titulo: 'x', areaJuridica: 'Civil' })).status,
    ).toBe(403)
  })
})

describe('activeCasesByMember', () => {
  it('counts the aberto/andamento, non-deleted cases per member', async () => {
    const counts = await activeCasesByMember(t.handle.db, officeId)
    const [row] = await t.handle.db
      .select({ n: caseMembers.caseId })
      .from(caseMembers)
      .where(and(eq(caseMembers.officeId, officeId), eq(caseMembers.memberId, member.estagiario)))
    expect(row).toBeDefined()
    const before = counts.get(member.estagiario) ?? 0
    const kase = await create(cookie.socio, 'Contado', { responsaveis: [member.estagiario] })
    expect((await activeCasesByMember(t.handle.db, officeId)).get(member.estagiario)).toBe(before + 1)
    await req('PATCH', `/api/cases/${kase.id}`, cookie.socio, { status: 'concluido' })
    expect((await activeCasesByMember(t.handle.db, officeId)).get(member.estagiario)).toBe(before)
    await req('PATCH', `/api/cases/${kase.id}`, cookie.socio, { status: 'aberto' })
    await req('DELETE', `/api/cases/${kase.id}`, cookie.socio)
    expect((await activeCasesByMember(t.handle.db, officeId)).get(member.estagiario)).toBe(before)
    expect(counts.get(member.assistente)).toBeUndefined()
  })
})
