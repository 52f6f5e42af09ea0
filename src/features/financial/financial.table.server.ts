import { sql, type SQL } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { users } from '../auth/auth.table.server'
import { cases } from '../cases/cases.table.server'
import { clients } from '../clients/clients.table.server'
import { offices } from '../offices/offices.table.server'
import {
  FINANCIAL_CATEGORIES,
  FINANCIAL_TYPES,
  PAYMENT_METHODS,
  STORED_FINANCIAL_STATUSES,
} from './financial.constants'

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '))

/**
 * An office's financial entry (spec §3 "Financial entry", issue 11): a receita or despesa with its due date and,
 * once paid, its payment date and method. valor is numeric(14,2): exact decimals, never floats.
 * status stores pendente | pago | cancelado; 'vencido' is derived (see financial.constants.ts).
 * client_id / case_id point at rows of the SAME office (composite keys, DESIGN §8); clients and cases are
 * soft-deleted, so the link survives and a hard delete of a linked row is refused (NO ACTION) except through the
 * office cascade.
 * Installments: N rows sharing grupo_id, parcela_numero 1..N of parcela_total N.
 * Recurrence (despesas): the first entry of a series has recorrente = true and recorrencia_origem_id null; every
 * later month points at that first entry, and the unique (recorrencia_origem_id, data_vencimento) makes each
 * month exist once however many times the job or a payment tries to create it.
 */
export const financialEntries = pgTable(
  'financial_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    officeId: uuid('office_id')
      .notNull()
      .references(() => offices.id, { onDelete: 'cascade' }),
    tipo: text('tipo', { enum: FINANCIAL_TYPES }).notNull(),
    categoria: text('categoria', { enum: FINANCIAL_CATEGORIES }).notNull(),
    descricao: text('descricao').notNull(),
    /** The description folded for search (lower case, no accents), kept by the database. */
    descricaoBusca: text('descricao_busca')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`f_unaccent(lower(${financialEntries.descricao}))`),
    valor: numeric('valor', { precision: 14, scale: 2 }).notNull(),
    dataVencimento: date('data_vencimento', { mode: 'string' }).notNull(),
    dataPagamento: date('data_pagamento', { mode: 'string' }),
    status: text('status', { enum: STORED_FINANCIAL_STATUSES }).notNull().default('pendente'),
    formaPagamento: text('forma_pagamento', { enum: PAYMENT_METHODS }),
    clientId: uuid('client_id'),
    caseId: uuid('case_id'),
    observacoes: text('observacoes'),
    parcelaNumero: integer('parcela_numero'),
    parcelaTotal: integer('parcela_total'),
    grupoId: uuid('grupo_id'),
    recorrente: boolean('recorrente').notNull().default(false),
    recorrenciaOrigemId: uuid('recorrencia_origem_id'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: text('deleted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    // Target of composite keys of rows that point at an entry (Pix charges).
    unique('financial_entries_office_id_id_uq').on(table.officeId, table.id),
    foreignKey({
      name: 'financial_entries_office_client_fk',
      columns: [table.officeId, table.clientId],
      foreignColumns: [clients.officeId, clients.id],
    }),
    foreignKey({
      name: 'financial_entries_office_case_fk',
      columns: [table.officeId, table.caseId],
      foreignColumns: [cases.officeId, cases.id],
    }),
    check('financial_entries_tipo_check', sql`${table.tipo} in (${inList(FINANCIAL_TYPES)})`),
    check('financial_entries_categoria_check', sql`${table.categoria} in (${inList(FINANCIAL_CATEGORIES)})`),
    check('financial_entries_status_check', sql`${table.status} in (${inList(STORED_FINANCIAL_STATUSES)})`),
    check(
      'financial_entries_forma_pagamento_check',
      sql`${table.formaPagamento} in (${inList(PAYMENT_METHODS)})`,
    ),
    check('financial_entries_valor_check', sql`${table.valor} > 0`),
    check('financial_entries_descricao_len', sql`char_length(${table.descricao}) between 1 and 200`),
    check('financial_entries_observacoes_len', sql`char_length(${table.observacoes}) <= 2000`),
    // A paid entry has its payment date; nothing else has one.
    check(
      'financial_entries_pagamento_check',
      sql`(${table.status} = 'pago') = (${table.dataPagamento} is not null)`,
    ),
    check(
      'financial_entries_parcela_check',
      sql`((${table.parcelaNumero} is null) = (${table.parcelaTotal} is null)) and ((${table.parcelaTotal} is null) = (${table.grupoId} is null)) and ${table.parcelaNumero} between 1 and ${table.parcelaTotal} and ${table.parcelaTotal} between 1 and 60`,
    ),
    // Recurrence is offered for despesas only (issue 11) and never mixed with installments.
    check(
      'financial_entries_recorrente_check',
      sql`not ${table.recorrente} or (${table.tipo} = 'despesa' and ${table.parcelaTotal} is null)`,
    ),
    uniqueIndex('financial_entries_recorrencia_mes_uq').on(table.recorrenciaOrigemId, table.dataVencimento),
    // The list: an office's entries by due date, newest first (ORDER BY must match exactly).
    index('financial_entries_office_vencimento_idx')
      .on(table.officeId, table.dataVencimento.desc().nullsLast(), table.id.desc())
      .where(sql`${table.deletedAt} is null`),
    // The list filtered by type and status (e.g. despesas pagas), in the list's own order: a page is a range of
    // it instead of a walk down the whole office's due dates skipping every other type and status.
    index('financial_entries_office_tipo_status_list_idx')
      .on(
        table.officeId,
        table.tipo,
        table.status,
        table.dataVencimento.desc().nullsLast(),
        table.id.desc().nullsLast(),
      )
      .where(sql`${table.deletedAt} is null`),
    // Period aggregates of paid entries (cards, 12-month chart): valor in the key allows index-only sums.
    index('financial_entries_office_pagamento_idx')
      .on(table.officeId, table.tipo, table.status, table.dataPagamento, table.valor)
      .where(sql`${table.deletedAt} is null`),
    // Reports (issue 11): a period's paid revenue per linked case (area), from the index alone.
    index('financial_entries_office_pagamento_case_idx')
      .on(table.officeId, table.tipo, table.status, table.dataPagamento, table.caseId, table.valor)
      .where(sql`${table.deletedAt} is null`),
    // Pending amounts by due date ('A receber', the vencido filter).
    index('financial_entries_office_status_vencimento_idx')
      .on(table.officeId, table.tipo, table.status, table.dataVencimento, table.valor)
      .where(sql`${table.deletedAt} is null`),
    // The composite foreign keys' own lookups, and the associado scope (entries of their cases).
    index('financial_entries_office_client_idx').on(table.officeId, table.clientId),
    index('financial_entries_office_case_idx').on(table.officeId, table.caseId),
    index('financial_entries_grupo_idx')
      .on(table.grupoId)
      .where(sql`${table.grupoId} is not null`),
    index('financial_entries_descricao_busca_trgm_idx').using(
      'gin',
      sql`${table.descricaoBusca} gin_trgm_ops`,
    ),
    // The purge job's sweep.
    index('financial_entries_deleted_idx')
      .on(table.deletedAt)
      .where(sql`${table.deletedAt} is not null`),
  ],
)
