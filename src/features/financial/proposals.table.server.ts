import { sql } from 'drizzle-orm'
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { users } from '../auth/auth.table.server'
import { cases } from '../cases/cases.table.server'
import { clients } from '../clients/clients.table.server'
import { offices } from '../offices/offices.table.server'
import { PROPOSAL_MODELS, PROPOSAL_STATUSES } from './proposals.constants'

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '))

/**
 * A fee proposal ('Proposta de honorários', issue 11) to a client, optionally for a case. Its model decides
 * which amounts it has: a fixed part (valor_fixo in `parcelas` monthly parcels from primeiro_vencimento) for
 * fixo/parcelado/misto, a success fee (percentual_exito of valor_causa) for exito/misto. Accepting it turns the
 * fixed part into receivables (financial_entries sharing receivables_grupo_id); the success fee stays a
 * condition until the case concludes. client_id/case_id point at rows of the SAME office (composite keys).
 */
export const feeProposals = pgTable(
  'fee_proposals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    officeId: uuid('office_id')
      .notNull()
      .references(() => offices.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').notNull(),
    caseId: uuid('case_id'),
    modelo: text('modelo', { enum: PROPOSAL_MODELS }).notNull(),
    valorFixo: numeric('valor_fixo', { precision: 14, scale: 2 }),
    parcelas: integer('parcelas'),
    primeiroVencimento: date('primeiro_vencimento', { mode: 'string' }),
    percentualExito: numeric('percentual_exito', { precision: 5, scale: 2 }),
    valorCausa: numeric('valor_causa', { precision: 14, scale: 2 }),
    condicoes: text('condicoes'),
    validade: date('validade', { mode: 'string' }).notNull(),
    status: text('status', { enum: PROPOSAL_STATUSES }).notNull().default('rascunho'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** The installments created on acceptance (financial_entries.grupo_id, or the single entry's id). */
    receivablesGrupoId: uuid('receivables_grupo_id'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      name: 'fee_proposals_office_client_fk',
      columns: [table.officeId, table.clientId],
      foreignColumns: [clients.officeId, clients.id],
    }),
    foreignKey({
      name: 'fee_proposals_office_case_fk',
      columns: [table.officeId, table.caseId],
      foreignColumns: [cases.officeId, cases.id],
    }),
    check('fee_proposals_modelo_check', sql`${table.modelo} in (${inList(PROPOSAL_MODELS)})`),
    check('fee_proposals_status_check', sql`${table.status} in (${inList(PROPOSAL_STATUSES)})`),
    // The fixed part exists exactly for the models that have one, with its parcels and first due date.
    check(
      'fee_proposals_fixo_check',
      sql`(${table.modelo} in ('fixo', 'parcelado', 'misto')) = (${table.valorFixo} is not null and ${table.parcelas} is not null and ${table.primeiroVencimento} is not null)`,
    ),
    check('fee_proposals_valor_fixo_check', sql`${table.valorFixo} > 0`),
    check('fee_proposals_parcelas_check', sql`${table.parcelas} between 1 and 60`),
    check(
      'fee_proposals_exito_check',
      sql`(${table.modelo} in ('exito', 'misto')) = (${table.percentualExito} is not null)`,
    ),
    check(
      'fee_proposals_percentual_check',
      sql`${table.percentualExito} > 0 and ${table.percentualExito} <= 100`,
    ),
    check('fee_proposals_valor_causa_check', sql`${table.valorCausa} > 0`),
    check('fee_proposals_condicoes_len', sql`char_length(${table.condicoes}) <= 4000`),
    check(
      'fee_proposals_aceita_check',
      sql`(${table.status} = 'aceita') = (${table.acceptedAt} is not null)`,
    ),
    // The dialog's list: an office's proposals, newest first (ORDER BY must match exactly).
    index('fee_proposals_office_created_idx').on(table.officeId, table.createdAt.desc(), table.id.desc()),
    // The composite keys' lookups and the associado scope (proposals of their cases).
    index('fee_proposals_office_client_idx').on(table.officeId, table.clientId),
    index('fee_proposals_office_case_idx').on(table.officeId, table.caseId),
  ],
)
