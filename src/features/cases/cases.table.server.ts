import { sql, type SQL } from 'drizzle-orm'
import {
  check,
  date,
  foreignKey,
  index,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core'
import { users } from '../auth/auth.table.server'
import { clients } from '../clients/clients.table.server'
import { offices } from '../offices/offices.table.server'
import { CASE_AREAS, CASE_RESULTADOS, CASE_STATUSES } from './cases.schema'

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '))

/**
 * An office's case (spec §3). numero_processo holds the 20 CNJ digits (formatted by the API).
 * client_id points at a client of the SAME office: the composite key (office_id, client_id) →
 * clients (office_id, id) makes the database refuse any other (DESIGN §8), whatever the code checked.
 * No cascade and no SET NULL: clients are soft-deleted and their cases keep the link and history; a
 * hard delete of a client that still has cases is refused (NO ACTION, checked at the end of the
 * statement, so deleting a whole office — which cascades to both tables — still works).
 */
export const cases = pgTable(
  'cases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    officeId: uuid('office_id')
      .notNull()
      .references(() => offices.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    clientId: uuid('client_id'),
    titulo: text('titulo').notNull(),
    /** The title folded for search (lower case, no accents), kept by the database (see clients.nome_busca). */
    tituloBusca: text('titulo_busca')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`f_unaccent(lower(${cases.titulo}))`),
    numeroProcesso: text('numero_processo'),
    descricao: text('descricao'),
    areaJuridica: text('area_juridica', { enum: CASE_AREAS }).notNull(),
    status: text('status', { enum: CASE_STATUSES }).notNull().default('aberto'),
    valorCausa: numeric('valor_causa', { precision: 14, scale: 2 }),
    dataInicio: date('data_inicio')
      .notNull()
      .default(sql`(now() at time zone 'America/Sao_Paulo')::date`),
    dataConclusao: date('data_conclusao'),
    /** How a concluded case ended (issue 11's success rate); kept if the case is reopened. */
    resultado: text('resultado', { enum: CASE_RESULTADOS }),
    tribunal: text('tribunal'),
    vara: text('vara'),
    observacoes: text('observacoes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: text('deleted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    // The target of the composite foreign keys of rows that point at a case (documents first).
    unique('cases_office_id_id_uq').on(table.officeId, table.id),
    // MATCH SIMPLE (the default): a case without a client (client_id null) is not checked.
    foreignKey({
      name: 'cases_office_client_fk',
      columns: [table.officeId, table.clientId],
      foreignColumns: [clients.officeId, clients.id],
    }),
    check('cases_titulo_len', sql`char_length(${table.titulo}) between 1 and 200`),
    check('cases_numero_processo_digits', sql`${table.numeroProcesso} ~ '^[0-9]{20}$'`),
    check('cases_descricao_len', sql`char_length(${table.descricao}) <= 5000`),
    check('cases_area_check', sql`${table.areaJuridica} in (${inList(CASE_AREAS)})`),
    check('cases_status_check', sql`${table.status} in (${inList(CASE_STATUSES)})`),
    check('cases_resultado_check', sql`${table.resultado} in (${inList(CASE_RESULTADOS)})`),
    check('cases_valor_causa_check', sql`${table.valorCausa} >= 0`),
    check('cases_datas_check', sql`${table.dataConclusao} >= ${table.dataInicio}`),
    check('cases_tribunal_len', sql`char_length(${table.tribunal}) <= 120`),
    check('cases_vara_len', sql`char_length(${table.vara}) <= 120`),
    check('cases_observacoes_len', sql`char_length(${table.observacoes}) <= 5000`),
    index('cases_office_created_idx')
      .on(table.officeId, table.createdAt.desc(), table.id.desc())
      .where(sql`${table.deletedAt} is null`),
    index('cases_office_status_created_idx')
      .on(table.officeId, table.status, table.createdAt.desc())
      .where(sql`${table.deletedAt} is null`),
    index('cases_office_area_created_idx')
      .on(table.officeId, table.areaJuridica, table.createdAt.desc())
      .where(sql`${table.deletedAt} is null`),
    // The foreign key's own lookup: a hard delete of clients (an office's cascade) finds their cases
    // through it instead of scanning cases once per deleted client.
    index('cases_office_client_idx').on(table.officeId, table.clientId),
    // casesCount of a client (list column, delete answer).
    index('cases_client_idx')
      .on(table.clientId)
      .where(sql`${table.deletedAt} is null`),
    // Reports (issue 11): cases opened / concluded in a period, by area, read from the index alone.
    index('cases_office_inicio_report_idx')
      .on(table.officeId, table.dataInicio, table.areaJuridica, table.status)
      .where(sql`${table.deletedAt} is null`),
    index('cases_office_conclusao_report_idx')
      .on(table.officeId, table.dataConclusao, table.areaJuridica, table.resultado, table.dataInicio)
      .where(sql`${table.deletedAt} is null and ${table.status} = 'concluido'`),
    // Analytics and the pipeline: active cases by status and area (their days open, and the ids the team's
    // load joins on), and a case's area by id for the revenue of its entries, without reading the table.
    index('cases_office_status_area_idx')
      .on(table.officeId, table.status, table.areaJuridica, table.id, table.dataInicio)
      .where(sql`${table.deletedAt} is null`),
    index('cases_office_id_area_idx').on(table.officeId, table.id, table.areaJuridica),
    index('cases_titulo_busca_trgm_idx').using('gin', sql`${table.tituloBusca} gin_trgm_ops`),
    // Fragment of the process number (digits), prefix or middle.
    index('cases_numero_processo_trgm_idx').using('gin', sql`${table.numeroProcesso} gin_trgm_ops`),
  ],
)
