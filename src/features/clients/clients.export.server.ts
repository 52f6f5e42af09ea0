import { and, eq, sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import { formatCep } from '../../lib/br/cep'
import { formatCpf } from '../../lib/br/cpf'
import { formatDateBR } from '../../lib/br/dates'
import { formatPhone } from '../../lib/br/phone'
import { type CsvCell } from '../../lib/csv'
import { cidade, estado } from '../reference/reference.table.server'
import { CLIENT_STATUS_LABELS, ESTADO_CIVIL_LABELS, TIPO_PESSOA_LABELS } from './clients.schema'
import { casesCount } from './client-case-links.server'
import { formatDocumento, listWhere, newestFirst, type ClientFilter } from './clients.service.server'
import { clients } from './clients.table.server'

export const CLIENT_CSV_HEADER = [
  'Nome completo',
  'Tipo de pessoa',
  'CPF/CNPJ',
  'E-mail',
  'Telefone',
  'Endereço',
  'Cidade',
  'UF',
  'CEP',
  'Data de nascimento',
  'Profissão',
  'Nacionalidade',
  'Estado civil',
  'RG',
  'Órgão emissor',
  'Representante',
  'CPF do representante',
  'Cargo do representante',
  'Status',
  'Casos',
  'Observações',
  'Cadastrado em',
] as const

const EXPORT_BATCH = 2000

/**
 * Every client matching the list filter, newest first, as CSV rows, read in keyset batches so a
 * 100k-client export never holds the whole table in memory.
 */
export async function* exportClientRows(
  db: Database,
  officeId: string,
  filter: ClientFilter,
): AsyncGenerator<CsvCell[][]> {
  const where = listWhere(officeId, filter)
  // The cursor keeps created_at as the database's text: a JS Date would drop its microseconds.
  let after: { createdAt: string; id: string } | null = null
  for (;;) {
    const page: SQL = after
      ? sql`(${clients.createdAt}, ${clients.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
      : sql`true`
    const rows = await db
      .select({
        client: clients,
        cidadeNome: cidade.nome,
        estadoSigla: estado.sigla,
        casesCount: casesCount(),
        cursor: sql<string>`${clients.createdAt}::text`,
      })
      .from(clients)
      .leftJoin(cidade, eq(cidade.id, clients.cidadeId))
      .leftJoin(estado, eq(estado.id, clients.estadoId))
      .where(and(where, page))
      .orderBy(...newestFirst)
      .limit(EXPORT_BATCH)
    if (rows.length === 0) return
    yield rows.map(({ client: c, cidadeNome, estadoSigla, casesCount: count }) => [
      c.nomeCompleto,
      TIPO_PESSOA_LABELS[c.tipoPessoa],
      formatDocumento(c.documento),
      c.email,
      c.telefone === null ? null : formatPhone(c.telefone),
      c.endereco,
      cidadeNome,
      estadoSigla,
      c.cep === null ? null : formatCep(c.cep),
      c.dataNascimento === null ? null : formatDateBR(c.dataNascimento),
      c.profissao,
      c.nacionalidade,
      c.estadoCivil === null ? null : ESTADO_CIVIL_LABELS[c.estadoCivil],
      c.rg,
      c.rgOrgaoEmissor,
      c.representanteNome,
      c.representanteCpf === null ? null : formatCpf(c.representanteCpf),
      c.representanteCargo,
      CLIENT_STATUS_LABELS[c.status],
      Number(count),
      c.observacoes,
      formatDateBR(c.createdAt),
    ])
    const last = rows[rows.length - 1]
    if (!last || rows.length < EXPORT_BATCH) return
    after = { createdAt: last.cursor, id: last.client.id }
  }
}
