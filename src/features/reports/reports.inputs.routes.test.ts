import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { createTestApp, type TestApp } from '../../test/test-app'
import { users } from '../auth/auth.table.server'
import { officeMembers } from '../offices/offices.table.server'

// Issue 11, the two inputs of the reports: a case's outcome on conclusion (the success rate) and a member's
// hourly rate (the billable hours' value), through the cases and team APIs; bad values are refused in pt-BR and
// nothing is written; only sócios see the rates.

let t: TestApp
let socio: string
let associado: string
let officeId: string

async function member(email: string) {
  const [row] = await t.handle.db
    .select({ id: officeMembers.id, officeId: officeMembers.officeId })
    .from(officeMembers)
    .innerJoin(users, eq(users.id, officeMembers.userId))
    .where(eq(users.email, email))
  if (!row) throw new Error(`no member ${email}`)
  return row
}

// Five sign-ups (password hashing) and the hand-built office: slow on a busy machine, so a longer hook timeout.
beforeAll(async () => {
  t = await createTestApp()
  const owner = await signUp(t, lawyerSignUp({ nomeCompleto: 'Sofia Sócia' }))
  socio = owner.cookie
  officeId = (await member(owner.email)).officeId
  const other = await signUp(t, lawyerSignUp({ nomeCompleto: 'Artur Associado' }))
  associado = other.cookie
  const { id: ownMember } = await member(other.email)
  // Artur joins Sofia's office as associado and works there (his current office).
  await t.handle.db.execute(
    sql`insert into office_members (office_id, user_id, nivel_acesso, nome_completo, selected_at)
        select ${officeId}, user_id, 'associado', 'Artur Associado', now() from office_members where id = ${ownMember}`,
  )
}, 180_000)
afterAll(() => t.close())

describe('case outcome', () => {
  it('stores the outcome of a concluded case, changes and clears it', async () => {
    const created = await t.app.request(
      '/api/cases',
      jsonRequest(
        'POST',
        {
          titulo: 'Ação de cobrança',
          areaJuridica: 'Civil',
          status: 'concluido',
          dataConclusao: '2026-03-10',
          dataInicio: '2026-01-10',
          resultado: 'acordo',
        },
        socio,
      ),
    )
    expect(created.status).toBe(201)
    const kase = (await created.json()) as { id: string; resultado: string | null }
    expect(kase.resultado).toBe('acordo')
    const changed = await t.app.request(
      `/api/cases/${kase.id}`,
      jsonRequest('PATCH', { resultado: 'parcialmente_procedente' }, socio),
    )
    expect(((await changed.json()) as { resultado: string }).resultado).toBe('parcialmente_procedente')
    const list = await t.app.request('/api/cases', { headers: { cookie: socio } })
    const items = ((await list.json()) as { items: { id: string; resultado: string | null }[] }).items
    expect(items.find((item) => item.id === kase.id)?.resultado).toBe('parcialmente_procedente')
    const cleared = await t.app.request(
      `/api/cases/${kase.id}`,
      jsonRequest('PATCH', { resultado: '' }, socio),
    )
    expect(((await cleared.json()) as { resultado: string | null }).resultado).toBeNull()
  })

  it('refuses an unknown outcome with a pt-BR message and writes nothing', async () => {
    const response = await t.app.request(
      '/api/cases',
      jsonRequest('POST', { titulo: 'Caso inválido', areaJuridica: 'Civil', resultado: 'ganhou' }, socio),
    )
    expect(response.status).toBe(400)
    const body = (await response.json()) as { error: { fields: Record<string, string> } }
    expect(body.error.fields.resultado).toBe('Resultado inválido')
    const rows = await t.handle.db.execute<{ n: number }>(
      sql`select count(*)::int as n from cases where titulo = 'Caso inválido'`,
    )
    expect(Number(rows.rows[0]?.n)).toBe(0)
  })
})

describe("member's hourly rate", () => {
  async function team(cookie: string) {
    const response = await t.app.request('/api/team', { headers: { cookie } })
    expect(response.status).toBe(200)
    return (
      (await response.json()) as { members: { id: string; nomeCompleto: string; valorHora: string | null }[] }
    ).members
  }

  it('is set by the sócio in pt-BR notation, stored exact, and shown to sócios only', async () => {
    const artur = (await team(socio)).find((row) => row.nomeCompleto === 'Artur Associado')
    if (!artur) throw new Error('no Artur')
    const body = {
      nomeCompleto: 'Artur Associado',
      nivelAcesso: 'associado',
      especialidades: [],
      ativo: true,
      valorHora: '1.234,56',
    }
    const saved = await t.app.request(`/api/team/${artur.id}`, jsonRequest('PUT', body, socio))
    expect(saved.status, await saved.clone().text()).toBe(204)
    const [row] = await t.handle.db
      .select({ valorHora: officeMembers.valorHora })
      .from(officeMembers)
      .where(eq(officeMembers.id, artur.id))
    expect(row?.valorHora).toBe('1234.56')
    expect((await team(socio)).find((m) => m.id === artur.id)?.valorHora).toBe('1234.56')
    expect((await team(associado)).every((m) => m.valorHora === null)).toBe(true)

    // Left out of the body: unchanged.
    const { valorHora: _omitted, ...withoutRate } = body
    await t.app.request(`/api/team/${artur.id}`, jsonRequest('PUT', withoutRate, socio))
    expect((await team(socio)).find((m) => m.id === artur.id)?.valorHora).toBe('1234.56')
  })

  it('refuses a negative or unreadable rate in pt-BR and keeps the stored one', async () => {
    const artur = (await team(socio)).find((row) => row.nomeCompleto === 'Artur Associado')
    if (!artur) throw new Error('no Artur')
    for (const valorHora of ['-10', 'cem reais', '1000000']) {
      const response = await t.app.request(
        `/api/team/${artur.id}`,
        jsonRequest(
          'PUT',
          { nomeCompleto: 'Artur Associado', nivelAcesso: 'associado', especialidades: [], valorHora },
          socio,
        ),
      )
      expect(response.status, valorHora).toBe(400)
      const error = ((await response.json()) as { error: { fields: Record<string, string> } }).error
      expect(error.fields.valorHora).toBe('Valor da hora inválido (de R$ 0,00 a R$ 999.999,99)')
    }
    expect((await team(socio)).find((m) => m.id === artur.id)?.valorHora).toBe('1234.56')
  })
})
