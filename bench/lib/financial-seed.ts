import { sql } from 'drizzle-orm'
import type { Database } from '../../src/db/client.server'

// Set-based seed of one office for the financial benchmarks (generate_series: half a million rows in seconds).
// Exported for other benchmarks that need an office's entries (e.g. Relatórios).

const SURNAMES = [
  'Silva',
  'Souza',
  'Araújo',
  'Oliveira',
  'Pereira',
  'Costa',
  'Rodrigues',
  'Almeida',
  'Nascimento',
  'Lima',
]
const DESCRIPTIONS = [
  'Honorários',
  'Parecer jurídico',
  'Custas processuais',
  'Aluguel do escritório',
  'Consultoria',
  'Diligência',
]

const list = (values: readonly string[]) => sql.raw(`array[${values.map((v) => `'${v}'`).join(',')}]`)

/** `clients` clients with varied surnames and `cases` cases (a client each), created over three years. */
export async function seedClientsAndCases(
  db: Database,
  officeId: string,
  sizes: { clients: number; cases: number },
): Promise<void> {
  await db.execute(sql`
    insert into clients (office_id, nome_completo, status, created_at)
    select ${officeId}, 'Cliente ' || g || ' ' || (${list(SURNAMES)})[1 + g % ${SURNAMES.length}], 'ativo',
           now() - (g % 1095) * interval '1 day'
    from generate_series(1, ${sizes.clients}) g`)
  await db.execute(sql`
    with numbered as (select id, row_number() over (order by id) as n from clients where office_id = ${officeId})
    insert into cases (office_id, client_id, titulo, area_juridica, status, created_at)
    select ${officeId}, numbered.id, 'Caso ' || g, 'Civil', 'andamento', now() - (g % 1095) * interval '1 day'
    from generate_series(1, ${sizes.cases}) g
    join numbered on numbered.n = 1 + (g::bigint * 7919) % ${sizes.clients}`)
}

/**
 * `entries` financial entries over three years back and one ahead: 4 in 5 receitas; past ones mostly paid
 * (payment a few days after the due date), some pending (overdue) or cancelled; 70 % on a case (with its client).
 */
export async function seedFinancialEntries(db: Database, officeId: string, entries: number): Promise<void> {
  await db.execute(sql`
    with numbered as (
      select id, client_id, row_number() over (order by id) as n from cases where office_id = ${officeId}
    ), total as (select count(*) as n from numbered)
    insert into financial_entries (office_id, tipo, categoria, descricao, valor, data_vencimento, data_pagamento,
                                   status, forma_pagamento, client_id, case_id)
    select ${officeId}, s.tipo,
           case when s.tipo = 'despesa' then 'despesas_escritorio' else 'honorarios' end,
           (${list(DESCRIPTIONS)})[1 + g % ${DESCRIPTIONS.length}] || ' ' || g,
           (100 + (g % 5000) + (g % 100) / 100.0)::numeric(14, 2), s.venc,
           case when s.status = 'pago' then least(s.venc + (g % 10), current_date) end,
           s.status, case when s.status = 'pago' then 'pix' end,
           case when g % 10 < 7 then numbered.client_id end,
           case when g % 10 < 7 then numbered.id end
    from generate_series(1, ${entries}) g
    cross join total
    join numbered on numbered.n = 1 + (g::bigint * 104729) % total.n
    cross join lateral (
      select case when g % 5 = 0 then 'despesa' else 'receita' end as tipo,
             current_date + 365 - (g % 1460) as venc
    ) v
    cross join lateral (
      select v.tipo, v.venc,
             case when v.venc > current_date then 'pendente'
                  when g % 17 = 0 then 'cancelado'
                  when g % 6 = 0 then 'pendente'
                  else 'pago' end as status
    ) s`)
}
