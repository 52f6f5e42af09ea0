import { eq } from 'drizzle-orm'
import { todayISO } from '../../lib/br/dates'
import { lawyerSignUp, signUp } from '../../test/accounts'
import type { TestApp } from '../../test/test-app'
import type { SignUpInput } from '../auth/auth.schema'
import { users } from '../auth/auth.table.server'
import { events } from '../agenda/agenda.table.server'
import { caseMembers } from '../cases/case-members.table.server'
import { cases } from '../cases/cases.table.server'
import { clients } from '../clients/clients.table.server'
import { financialEntries } from '../financial/financial.table.server'
import { officeMembers } from '../offices/offices.table.server'
import { timeEntries } from '../timesheet/timesheet.table.server'

// The small hand-built office of the reports' API tests: every number the tests expect is computed by hand
// from the rows below (see the comments next to them), and a second office with rows in the same period
// proves nothing of another office is ever counted.

export const MARCH = { from: '2026-03-01', to: '2026-03-31' }

const student = (nomeCompleto: string) =>
  ({
    ...lawyerSignUp({ nomeCompleto }),
    userType: 'estudante',
    oabNumero: undefined,
    oabEstado: undefined,
    universidade: 'USP',
    periodoCurso: 5,
  }) as unknown as SignUpInput

async function userIdOf(t: TestApp, email: string): Promise<string> {
  const [row] = await t.handle.db.select({ id: users.id }).from(users).where(eq(users.email, email))
  if (!row) throw new Error(`no user ${email}`)
  return row.id
}

async function membershipOf(t: TestApp, userId: string) {
  const [row] = await t.handle.db
    .select({ officeId: officeMembers.officeId, memberId: officeMembers.id })
    .from(officeMembers)
    .where(eq(officeMembers.userId, userId))
  if (!row) throw new Error('no office')
  return row
}

type CaseRow = typeof cases.$inferInsert

export interface ReportsOffice {
  officeId: string
  cookies: { socio: string; associado: string; estagiario: string; assistente: string; other: string }
  members: { socio: string; associado: string; estagiario: string }
  cases: Record<'c1' | 'c2' | 'c3' | 'c4' | 'c5' | 'c6' | 'c7' | 'c8', string>
}

/** Builds both offices; `today` places the analytics rows (this month's revenue, the next 30 days' hearings). */
export async function buildReportsOffice(t: TestApp, now: Date): Promise<ReportsOffice> {
  const db = t.handle.db
  const socio = await signUp(t, lawyerSignUp({ nomeCompleto: 'Sofia Sócia' }))
  const { officeId, memberId: socioMember } = await membershipOf(t, await userIdOf(t, socio.email))
  await db.update(officeMembers).set({ valorHora: '300.00' }).where(eq(officeMembers.id, socioMember))
  const extra = {} as Record<'associado' | 'estagiario' | 'assistente', { cookie: string; memberId: string }>
  const rates = { associado: '200.00', estagiario: null, assistente: null }
  for (const nivel of ['associado', 'estagiario', 'assistente'] as const) {
    const account = await signUp(t, student(`Membro ${nivel}`))
    const [row] = await db
      .insert(officeMembers)
      .values({
        officeId,
        userId: await userIdOf(t, account.email),
        nivelAcesso: nivel,
        nomeCompleto: `Membro ${nivel}`,
        valorHora: rates[nivel],
      })
      .returning({ id: officeMembers.id })
    extra[nivel] = { cookie: account.cookie, memberId: row?.id ?? '' }
  }

  const kase = async (
    values: Omit<CaseRow, 'officeId' | 'titulo'> & { titulo: string },
    office = officeId,
  ) => {
    const [row] = await db
      .insert(cases)
      .values({ officeId: office, ...values })
      .returning({ id: cases.id })
    return row?.id ?? ''
  }
  // Civil: opened c1, c3 (c8 is in the trash); concluded c1 (procedente), c2 (improcedente), c3 (acordo) →
  // success 2/3. Trabalhista: opened c4; concluded c6 without outcome (c5 concludes in April). Penal: opened c7.
  const ids = {
    c1: await kase({
      titulo: 'C1 Cobrança',
      areaJuridica: 'Civil',
      status: 'concluido',
      dataInicio: '2026-03-01',
      dataConclusao: '2026-03-31',
      resultado: 'procedente',
    }),
    c2: await kase({
      titulo: 'C2 Indenização',
      areaJuridica: 'Civil',
      status: 'concluido',
      dataInicio: '2026-02-10',
      dataConclusao: '2026-03-15',
      resultado: 'improcedente',
    }),
    c3: await kase({
      titulo: 'C3 Despejo',
      areaJuridica: 'Civil',
      status: 'concluido',
      dataInicio: '2026-03-10',
      dataConclusao: '2026-03-20',
      resultado: 'acordo',
    }),
    c4: await kase({
      titulo: 'C4 Reclamação',
      areaJuridica: 'Trabalhista',
      status: 'andamento',
      dataInicio: '2026-03-05',
    }),
    c5: await kase({
      titulo: 'C5 Horas extras',
      areaJuridica: 'Trabalhista',
      status: 'concluido',
      dataInicio: '2026-02-28',
      dataConclusao: '2026-04-01',
      resultado: 'procedente',
    }),
    c6: await kase({
      titulo: 'C6 Verbas',
      areaJuridica: 'Trabalhista',
      status: 'concluido',
      dataInicio: '2026-01-01',
      dataConclusao: '2026-03-02',
    }),
    c7: await kase({
      titulo: 'C7 Defesa',
      areaJuridica: 'Penal',
      status: 'aberto',
      dataInicio: '2026-03-31',
    }),
    c8: await kase({
      titulo: 'C8 Apagado',
      areaJuridica: 'Civil',
      status: 'concluido',
      dataInicio: '2026-03-05',
      dataConclusao: '2026-03-06',
      resultado: 'procedente',
      deletedAt: new Date(),
    }),
  }
  // The associado works c1 and c4 (their scope); the sócio c1, c4 and c7.
  await db.insert(caseMembers).values([
    { officeId, caseId: ids.c1, memberId: socioMember },
    { officeId, caseId: ids.c4, memberId: socioMember },
    { officeId, caseId: ids.c7, memberId: socioMember },
    { officeId, caseId: ids.c1, memberId: extra.associado.memberId },
    { officeId, caseId: ids.c4, memberId: extra.associado.memberId },
  ])

  // Paid revenue in March: Civil 1000.10 (c1), Trabalhista 0.20 (c4), no case 250.00; the rest is not counted.
  const entry = (values: Partial<typeof financialEntries.$inferInsert>, office = officeId) => ({
    officeId: office,
    tipo: 'receita' as const,
    categoria: 'honorarios' as const,
    descricao: 'Honorários',
    valor: '1.00',
    dataVencimento: '2026-03-01',
    ...values,
  })
  const today = todayISO({ now })
  await db.insert(financialEntries).values([
    entry({ caseId: ids.c1, valor: '1000.10', status: 'pago', dataPagamento: '2026-03-01' }),
    entry({ caseId: ids.c4, valor: '0.20', status: 'pago', dataPagamento: '2026-03-31' }),
    entry({ valor: '250.00', status: 'pago', dataPagamento: '2026-03-10' }),
    entry({ caseId: ids.c1, valor: '500.00' }),
    entry({ caseId: ids.c1, valor: '70.00', status: 'pago', dataPagamento: '2026-04-01' }),
    entry({ caseId: ids.c1, valor: '300.00', status: 'pago', dataPagamento: '2026-03-10', tipo: 'despesa' }),
    entry({
      caseId: ids.c1,
      valor: '40.00',
      status: 'pago',
      dataPagamento: '2026-03-10',
      deletedAt: new Date(),
    }),
    // The previous period of March (2026-01-29 to 2026-02-28): Civil 500.05 → growth 100 %.
    entry({ caseId: ids.c2, valor: '500.05', status: 'pago', dataPagamento: '2026-02-15' }),
    // This month's revenue card (no case, so the associado does not see it).
    entry({ valor: '99.99', status: 'pago', dataPagamento: today, dataVencimento: today }),
  ])

  // March hours: sócio (R$ 300/h) 90 + 30 (not billable) + 45 min; associado (R$ 200/h) 100 min; estagiário
  // (no rate) 60 min. An April entry and a running timer are not counted.
  const time = (memberId: string, caseId: string, data: string, minutos: number, faturavel = true) => ({
    officeId,
    memberId,
    caseId,
    data,
    minutos,
    faturavel,
  })
  await db
    .insert(timeEntries)
    .values([
      time(socioMember, ids.c1, '2026-03-01', 90),
      time(socioMember, ids.c1, '2026-03-31', 30, false),
      time(socioMember, ids.c4, '2026-03-15', 45),
      time(socioMember, ids.c1, '2026-04-01', 60),
      time(extra.associado.memberId, ids.c1, '2026-03-10', 100),
      time(extra.estagiario.memberId, ids.c1, '2026-03-11', 60),
    ])
  await db.insert(timeEntries).values({
    officeId,
    memberId: extra.estagiario.memberId,
    caseId: ids.c1,
    data: '2026-03-12',
    inicio: new Date('2026-03-12T12:00:00Z'),
  })

  // Two clients ativos, one inativo. Hearings: 1 day and 29 days ahead count; 31 days ahead, a cancelled one
  // and a meeting do not.
  await db.insert(clients).values([
    { officeId, nomeCompleto: 'Cliente Um' },
    { officeId, nomeCompleto: 'Cliente Dois' },
    { officeId, nomeCompleto: 'Cliente Três', status: 'inativo' },
  ])
  const inDays = (n: number) => new Date(now.getTime() + n * 86_400_000)
  await db.insert(events).values([
    { officeId, titulo: 'Audiência 1', tipo: 'audiencia', inicio: inDays(1), caseId: ids.c4 },
    { officeId, titulo: 'Audiência 2', tipo: 'audiencia', inicio: inDays(29) },
    { officeId, titulo: 'Audiência 3', tipo: 'audiencia', inicio: inDays(31) },
    { officeId, titulo: 'Audiência 4', tipo: 'audiencia', inicio: inDays(2), status: 'cancelado' },
    { officeId, titulo: 'Reunião', tipo: 'reuniao', inicio: inDays(3) },
    { officeId, titulo: 'Audiência 5', tipo: 'audiencia', inicio: inDays(4), caseId: ids.c7 },
  ])

  // Another office with rows in the same period: never counted.
  const other = await signUp(t, lawyerSignUp({ nomeCompleto: 'Otávio Outro' }))
  const otherOffice = await membershipOf(t, await userIdOf(t, other.email))
  const otherCase = await kase(
    {
      titulo: 'Caso do Outro',
      areaJuridica: 'Civil',
      status: 'concluido',
      dataInicio: '2026-03-02',
      dataConclusao: '2026-03-03',
      resultado: 'procedente',
    },
    otherOffice.officeId,
  )
  await db
    .insert(financialEntries)
    .values(
      entry(
        { caseId: otherCase, valor: '9999.00', status: 'pago', dataPagamento: '2026-03-05' },
        otherOffice.officeId,
      ),
    )
  await db.insert(timeEntries).values({
    officeId: otherOffice.officeId,
    memberId: otherOffice.memberId,
    caseId: otherCase,
    data: '2026-03-05',
    minutos: 600,
  })
  await db.insert(clients).values({ officeId: otherOffice.officeId, nomeCompleto: 'Cliente do Outro' })

  return {
    officeId,
    cookies: {
      socio: socio.cookie,
      associado: extra.associado.cookie,
      estagiario: extra.estagiario.cookie,
      assistente: extra.assistente.cookie,
      other: other.cookie,
    },
    members: {
      socio: socioMember,
      associado: extra.associado.memberId,
      estagiario: extra.estagiario.memberId,
    },
    cases: ids,
  }
}
