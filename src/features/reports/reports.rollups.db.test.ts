import { sql, type SQL } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../db/client.server'
import { createTestDatabase } from '../../test/test-app'
import { signUpSchema } from '../auth/auth.schema'
import { createAccount } from '../auth/signup.service.server'

// Decision 019: the rollups the triggers keep must equal, after every kind of change, the same totals
// recomputed from the source rows — and one office's changes never touch another office's rollups.

let db: Database
let drop: () => Promise<void>
const office: Record<'a' | 'b', string> = { a: '', b: '' }
const member: Record<'a1' | 'a2' | 'b1', string> = { a1: '', a2: '', b1: '' }
const kase: Record<'civil' | 'penal' | 'b', string> = { civil: '', penal: '', b: '' }

const rows = async (query: SQL) => (await db.execute<Record<string, string>>(query)).rows

/** What the rollups must hold: recomputed from time_entries and financial_entries (every value as text). */
const expected = () =>
  Promise.all([
    rows(sql`select office_id::text, date_trunc('month', data::timestamp)::date::text as mes, member_id::text,
               count(*)::text as n, sum(minutos)::text as minutos,
               coalesce(sum(minutos) filter (where faturavel), 0)::text as faturaveis
             from time_entries where deleted_at is null and minutos is not null group by 1, 2, 3 order by 1, 2, 3`),
    rows(sql`select office_id::text, extract(year from data)::int::text as ano, case_id::text, count(*)::text as n,
               sum(minutos)::text as minutos, coalesce(sum(minutos) filter (where faturavel), 0)::text as faturaveis
             from time_entries where deleted_at is null and minutos is not null group by 1, 2, 3 order by 1, 2, 3`),
    rows(sql`select office_id::text, date_trunc('month', data::timestamp)::date::text as mes, case_id::text,
               count(*)::text as n, sum(minutos)::text as minutos,
               coalesce(sum(minutos) filter (where faturavel), 0)::text as faturaveis
             from time_entries where deleted_at is null and minutos is not null group by 1, 2, 3 order by 1, 2, 3`),
    rows(sql`select office_id::text, mes::text, count(*)::text as casos from (
               select distinct office_id, date_trunc('month', data::timestamp)::date as mes, case_id from time_entries
               where deleted_at is null and minutos is not null) k group by 1, 2 order by 1, 2`),
    rows(sql`select office_id::text, ano::text, count(*)::text as casos from (
               select distinct office_id, extract(year from data)::int as ano, case_id from time_entries
               where deleted_at is null and minutos is not null) k group by 1, 2 order by 1, 2`),
    rows(sql`select x.office_id::text, date_trunc('month', x.data_pagamento::timestamp)::date::text as mes, x.tipo,
               coalesce(c.area_juridica, '') as area, count(*)::text as n, sum(x.valor)::text as total
             from financial_entries x left join cases c on c.office_id = x.office_id and c.id = x.case_id
             where x.deleted_at is null and x.status = 'pago' group by 1, 2, 3, 4 order by 1, 2, 3, 4`),
    rows(sql`select m.office_id::text, m.member_id::text, count(*)::text as casos from case_members m
             join cases c on c.office_id = m.office_id and c.id = m.case_id
             where c.deleted_at is null and c.status in ('aberto', 'andamento') group by 1, 2 order by 1, 2`),
  ])

const actual = () =>
  Promise.all([
    rows(sql`select office_id::text, mes::text, member_id::text, n::text, minutos::text, faturaveis::text
             from report_hours_months order by 1, 2, 3`),
    rows(sql`select office_id::text, ano::text, case_id::text, n::text, minutos::text, faturaveis::text
             from report_case_hours_years order by 1, 2, 3`),
    rows(sql`select office_id::text, mes::text, case_id::text, n::text, minutos::text, faturaveis::text
             from report_case_hours_months order by 1, 2, 3`),
    rows(
      sql`select office_id::text, mes::text, casos::text from report_case_months where casos <> 0 order by 1, 2`,
    ),
    rows(
      sql`select office_id::text, ano::text, casos::text from report_case_years where casos <> 0 order by 1, 2`,
    ),
    rows(sql`select office_id::text, mes::text, tipo, area, n::text, total::text from report_paid_months
             order by 1, 2, 3, 4`),
    rows(sql`select office_id::text, member_id::text, casos::text from report_member_cases where casos <> 0
             order by 1, 2`),
  ])

async function expectExact() {
  const want = await expected()
  expect(await actual()).toEqual(want)
  return want
}

const account = (email: string, userType: 'advogado' | 'estudante') =>
  signUpSchema.parse({
    userType,
    email,
    password: 'senha-teste-123',
    confirmPassword: 'senha-teste-123',
    nomeCompleto: 'Pessoa Teste',
    telefone: '(11) 98765-4321',
    estadoId: 35,
    cidadeId: 3550308,
    ...(userType === 'advogado'
      ? { oabNumero: '123456', oabEstado: 'SP' }
      : { universidade: 'USP', periodoCurso: 5 }),
  })

async function newOffice(email: string): Promise<{ officeId: string; memberId: string }> {
  const created = await createAccount(db, account(email, 'advogado'))
  const [row] = await rows(
    sql`select office_id::text, id::text from office_members where user_id = ${created.userId}`,
  )
  return { officeId: row!.office_id!, memberId: row!.id! }
}

async function newCase(officeId: string, area: string): Promise<string> {
  const [row] = await rows(sql`insert into cases (office_id, titulo, area_juridica, status)
    values (${officeId}, 'Caso', ${area}, 'andamento') returning id::text`)
  return row!.id!
}

beforeAll(async () => {
  const database = await createTestDatabase()
  db = database.handle.db
  drop = database.drop
  const a = await newOffice('rollup-a@jusconecta.test')
  const b = await newOffice('rollup-b@jusconecta.test')
  office.a = a.officeId
  office.b = b.officeId
  member.a1 = a.memberId
  member.b1 = b.memberId
  const [second] = await rows(sql`insert into office_members (office_id, nivel_acesso, nome_completo)
    values (${office.a}, 'associado', 'Segundo Membro') returning id::text`)
  member.a2 = second!.id!
  kase.civil = await newCase(office.a, 'Civil')
  kase.penal = await newCase(office.a, 'Penal')
  kase.b = await newCase(office.b, 'Civil')
}, 120_000)

afterAll(async () => {
  await drop()
})

describe('report rollups (decision 019)', () => {
  it('stay exact through inserts, updates, a running timer, soft delete, undo and delete of hours', async () => {
    await db.execute(sql`insert into time_entries (office_id, member_id, case_id, data, minutos, faturavel) values
      (${office.a}, ${member.a1}, ${kase.civil}, '2025-12-31', 60, true),
      (${office.a}, ${member.a1}, ${kase.civil}, '2026-01-02', 30, false),
      (${office.a}, ${member.a2}, ${kase.civil}, '2026-01-20', 45, true),
      (${office.a}, ${member.a2}, ${kase.penal}, '2026-02-03', 15, true),
      (${office.b}, ${member.b1}, ${kase.b}, '2026-01-05', 90, true)`)
    // A running timer has no minutes: counted only once stopped.
    await db.execute(sql`insert into time_entries (office_id, member_id, case_id, data, inicio)
      values (${office.a}, ${member.a1}, ${kase.penal}, '2026-02-10', now() - interval '1 hour')`)
    const [hours] = await expectExact()
    expect(hours).toHaveLength(5)
    await db.execute(sql`update time_entries set fim = now(), minutos = 60 where minutos is null`)
    await expectExact()
    // Minutes, billable flag, day (to another month and year), member and case changed.
    await db.execute(
      sql`update time_entries set minutos = 50, faturavel = not faturavel where data = '2026-01-02'`,
    )
    await db.execute(sql`update time_entries set data = '2026-03-01' where data = '2025-12-31'`)
    await db.execute(
      sql`update time_entries set member_id = ${member.a1}, case_id = ${kase.penal} where data = '2026-01-20'`,
    )
    await expectExact()
    // The trash and its undo, then a real delete: the emptied rows disappear (no zero rows left behind).
    await db.execute(sql`update time_entries set deleted_at = now() where office_id = ${office.a}`)
    const [emptyHours, emptyCases, , , emptyCounts] = await expectExact()
    expect(emptyHours!.filter((row) => row.office_id === office.a)).toEqual([])
    expect(emptyCases!.filter((row) => row.office_id === office.a)).toEqual([])
    expect(emptyCounts!.filter((row) => row.office_id === office.a)).toEqual([])
    expect(
      await rows(sql`select 1 from report_case_years where office_id = ${office.a} and casos <> 0`),
    ).toEqual([])
    await db.execute(sql`update time_entries set deleted_at = null where office_id = ${office.a}`)
    await expectExact()
    await db.execute(sql`delete from time_entries where data = '2026-02-03'`)
    await expectExact()
  })

  it('stay exact through paid entries, payments, edits, a case area change, trash, undo and delete', async () => {
    await db.execute(sql`insert into financial_entries
      (office_id, tipo, categoria, descricao, valor, data_vencimento, data_pagamento, status, case_id) values
      (${office.a}, 'receita', 'honorarios', 'R1', 1000.10, '2026-01-05', '2026-01-06', 'pago', ${kase.civil}),
      (${office.a}, 'receita', 'honorarios', 'R2', 250.25, '2026-01-10', null, 'pendente', ${kase.penal}),
      (${office.a}, 'receita', 'honorarios', 'R3', 99.99, '2026-02-10', '2026-02-11', 'pago', null),
      (${office.a}, 'despesa', 'despesas_escritorio', 'D1', 10.01, '2026-01-15', '2026-01-15', 'pago', null),
      (${office.b}, 'receita', 'honorarios', 'B1', 500.00, '2026-01-05', '2026-01-05', 'pago', ${kase.b})`)
    await expectExact()
    await db.execute(
      sql`update financial_entries set status = 'pago', data_pagamento = '2026-03-31' where descricao = 'R2'`,
    )
    await db.execute(
      sql`update financial_entries set valor = 1000.11, case_id = ${kase.penal} where descricao = 'R1'`,
    )
    await db.execute(sql`update financial_entries set data_pagamento = '2025-12-31' where descricao = 'R3'`)
    await expectExact()
    // The case's area changes: its paid entries move to the new area.
    await db.execute(sql`update cases set area_juridica = 'Trabalhista' where id = ${kase.penal}`)
    const [, , , , , paid] = await expectExact()
    expect(paid!.some((row) => row.area === 'Trabalhista')).toBe(true)
    expect(paid!.some((row) => row.office_id === office.a && row.area === 'Penal')).toBe(false)
    await db.execute(sql`update financial_entries set deleted_at = now() where descricao in ('R1', 'D1')`)
    await expectExact()
    await db.execute(sql`update financial_entries set deleted_at = null where descricao = 'R1'`)
    await db.execute(
      sql`update financial_entries set status = 'cancelado', data_pagamento = null where descricao = 'R3'`,
    )
    await expectExact()
    await db.execute(sql`delete from financial_entries where descricao = 'D1'`)
    await expectExact()
  })

  it("count each member's active cases through memberships, status, trash, undo and deletes", async () => {
    const extra = await newCase(office.a, 'Civil')
    await db.execute(sql`insert into case_members (office_id, case_id, member_id) values
      (${office.a}, ${kase.civil}, ${member.a1}), (${office.a}, ${kase.civil}, ${member.a2}),
      (${office.a}, ${kase.penal}, ${member.a1}), (${office.a}, ${extra}, ${member.a2}),
      (${office.b}, ${kase.b}, ${member.b1})`)
    const [, , , , , , counts] = await expectExact()
    expect(counts).toHaveLength(3)
    await db.execute(sql`update cases set status = 'concluido' where id = ${kase.penal}`)
    await expectExact()
    await db.execute(sql`update cases set status = 'aberto' where id = ${kase.penal}`)
    await db.execute(sql`update cases set deleted_at = now() where id = ${kase.civil}`)
    await expectExact()
    await db.execute(sql`update cases set deleted_at = null where id = ${kase.civil}`)
    await db.execute(sql`delete from case_members where case_id = ${kase.civil} and member_id = ${member.a2}`)
    await expectExact()
    // An active case deleted outright: its memberships go with it (cascade) and so do its counts.
    await db.execute(sql`delete from cases where id = ${extra}`)
    await expectExact()
  })

  it('keeps each office apart: deleting an office removes its rollups and leaves the other office exact', async () => {
    const before = await rows(
      sql`select count(*)::int as n from report_paid_months where office_id = ${office.a}`,
    )
    await db.execute(sql`delete from offices where id = ${office.b}`)
    for (const table of [
      'report_hours_months',
      'report_case_hours_years',
      'report_case_years',
      'report_case_hours_months',
      'report_case_months',
      'report_paid_months',
    ])
      expect(await rows(sql`select 1 from ${sql.identifier(table)} where office_id = ${office.b}`)).toEqual(
        [],
      )
    expect(
      await rows(sql`select count(*)::int as n from report_paid_months where office_id = ${office.a}`),
    ).toEqual(before)
    await expectExact()
  })
})
