import { and, sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import { courtOf, formatCnj } from '../../lib/br/cnj'
import { formatDateBR } from '../../lib/br/dates'
import { formatBRL } from '../../lib/br/money'
import type { CsvCell } from '../../lib/csv'
import { CASE_STATUS_LABELS } from './cases.schema'
import { listWhere, newestFirst, summaryColumns, type CaseFilter } from './cases.service.server'
import { cases } from './cases.table.server'

export const CASE_CSV_HEADER = [
  'Título',
  'Número do processo',
  'Tribunal (CNJ)',
  'Área jurídica',
  'Status',
  'Valor da causa',
  'Data de início',
  'Data de conclusão',
  'Cliente',
  'Tribunal',
  'Vara',
  'Descrição',
  'Observações',
  'Cadastrado em',
] as const

const EXPORT_BATCH = 2000

/** Every case matching the list filter, newest first, as CSV rows in keyset batches. */
export async function* exportCaseRows(
  db: Database,
  officeId: string,
  filter: CaseFilter,
): AsyncGenerator<CsvCell[][]> {
  const where = listWhere(officeId, filter)
  // The cursor keeps created_at as the database's text: a JS Date would drop its microseconds.
  let after: { createdAt: string; id: string } | null = null
  for (;;) {
    const page: SQL = after
      ? sql`(${cases.createdAt}, ${cases.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
      : sql`true`
    const rows = await db
      .select({
        ...summaryColumns,
        descricao: cases.descricao,
        tribunal: cases.tribunal,
        vara: cases.vara,
        observacoes: cases.observacoes,
        cursor: sql<string>`${cases.createdAt}::text`,
      })
      .from(cases)
      .where(and(where, page))
      .orderBy(...newestFirst)
      .limit(EXPORT_BATCH)
    if (rows.length === 0) return
    yield rows.map((row) => [
      row.titulo,
      row.numeroProcesso === null ? null : formatCnj(row.numeroProcesso),
      row.numeroProcesso === null ? null : (courtOf(row.numeroProcesso)?.sigla ?? null),
      row.areaJuridica,
      CASE_STATUS_LABELS[row.status],
      row.valorCausa === null ? null : formatBRL(row.valorCausa),
      formatDateBR(row.dataInicio),
      row.dataConclusao === null ? null : formatDateBR(row.dataConclusao),
      row.clientNome,
      row.tribunal,
      row.vara,
      row.descricao,
      row.observacoes,
      formatDateBR(row.createdAt),
    ])
    const last = rows[rows.length - 1]
    if (!last || rows.length < EXPORT_BATCH) return
    after = { createdAt: last.cursor, id: last.id }
  }
}
