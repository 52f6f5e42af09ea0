import { sql } from 'drizzle-orm'
import { expect } from 'vitest'
import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import type { TestApp } from '../../test/test-app'
import type { SignUpInput } from '../auth/auth.schema'
import type { NivelAcesso } from '../offices/offices.schema'
import type { EntryCreateInput, FinancialEntryDto } from './financial.schema'

// Shared by the financial API tests: accounts, a case, an entry, a raw count.

export async function me(t: TestApp, cookie: string) {
  const response = await t.app.request('/api/me', { headers: { cookie } })
  return (await response.json()) as { user: { id: string }; office: { id: string } }
}

export async function lawyer(t: TestApp, nomeCompleto = 'Ana Advogada') {
  const { cookie } = await signUp(t, lawyerSignUp({ nomeCompleto }))
  const who = await me(t, cookie)
  return { cookie, userId: who.user.id, officeId: who.office.id }
}

/** A member of `officeId` at `nivel` (a student account added to the office), with their member id. */
export async function member(t: TestApp, officeId: string, nivel: NivelAcesso) {
  const data = {
    ...lawyerSignUp({ nomeCompleto: `Membro ${nivel}` }),
    userType: 'estudante',
    oabNumero: undefined,
    oabEstado: undefined,
    universidade: 'USP',
    periodoCurso: 5,
  } as unknown as SignUpInput
  const { cookie } = await signUp(t, data)
  const who = await me(t, cookie)
  const rows = await t.handle.db.execute<{ id: string }>(
    sql`insert into office_members (office_id, user_id, nivel_acesso) values (${officeId}::uuid, ${who.user.id}, ${nivel}) returning id`,
  )
  return { cookie, memberId: String(rows.rows[0]?.id) }
}

export async function newClient(t: TestApp, cookie: string, nomeCompleto = 'João da Silva'): Promise<string> {
  const response = await t.app.request('/api/clients', jsonRequest('POST', { nomeCompleto }, cookie))
  expect(response.status).toBe(201)
  return ((await response.json()) as { id: string }).id
}

export async function newCase(t: TestApp, cookie: string, clientId?: string, titulo = 'Ação de cobrança') {
  const response = await t.app.request(
    '/api/cases',
    jsonRequest('POST', { titulo, areaJuridica: 'Civil', clientId }, cookie),
  )
  expect(response.status).toBe(201)
  return ((await response.json()) as { id: string }).id
}

export const entryInput = (overrides: Partial<EntryCreateInput> = {}): EntryCreateInput => ({
  tipo: 'receita',
  categoria: 'honorarios',
  descricao: 'Honorários iniciais',
  valor: '1500.00',
  dataVencimento: '2030-05-10',
  ...overrides,
})

export async function createEntries(t: TestApp, cookie: string, input: EntryCreateInput) {
  const response = await t.app.request('/api/financial/entries', jsonRequest('POST', input, cookie))
  expect(response.status, await response.clone().text()).toBe(201)
  return ((await response.json()) as { items: FinancialEntryDto[] }).items
}

export async function createEntry(t: TestApp, cookie: string, overrides: Partial<EntryCreateInput> = {}) {
  const [entry] = await createEntries(t, cookie, entryInput(overrides))
  if (!entry) throw new Error('no entry')
  return entry
}

export async function countEntries(t: TestApp): Promise<number> {
  const rows = await t.handle.db.execute<{ n: number }>(sql`select count(*)::int as n from financial_entries`)
  return Number(rows.rows[0]?.n)
}

export async function errorOf(response: Response) {
  return ((await response.json()) as { error: { message: string; fields?: Record<string, string> } }).error
}
