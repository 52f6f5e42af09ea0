import { sql, type SQL } from 'drizzle-orm'
import {
  bigint,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core'
import { users } from '../auth/auth.table.server'
import { offices } from '../offices/offices.table.server'
import { cidade, estado } from '../reference/reference.table.server'
import { CLIENT_STATUSES, ESTADOS_CIVIS, TIPOS_PESSOA } from './clients.schema'

/**
 * An office's client (spec §3). Phone, document and CEP are stored normalized (digits; a CNPJ as its
 * 14 uppercase chars) so that searching by digits hits the trigram indexes; the API formats them.
 * Deletion is soft (deleted_at) so a mistaken delete can be undone and cases keep their client.
 */
export const clients = pgTable(
  'clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    officeId: uuid('office_id')
      .notNull()
      .references(() => offices.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    nomeCompleto: text('nome_completo').notNull(),
    /**
     * The name folded for search (lower case, no accents), kept by the database. Searching this stored
     * column spares evaluating unaccent() on every candidate row, which dominated search time at 100k.
     */
    nomeBusca: text('nome_busca')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`f_unaccent(lower(${clients.nomeCompleto}))`),
    email: text('email'),
    telefone: text('telefone'),
    documento: text('documento'),
    tipoPessoa: text('tipo_pessoa', { enum: TIPOS_PESSOA }).notNull().default('fisica'),
    endereco: text('endereco'),
    cidadeId: integer('cidade_id').references(() => cidade.id),
    estadoId: integer('estado_id').references(() => estado.id),
    cep: text('cep'),
    dataNascimento: date('data_nascimento'),
    profissao: text('profissao'),
    // The qualification a procuração or contract needs (issue 25), all optional. RG is kept as typed
    // (its shape varies by state); the representative belongs to a pessoa jurídica.
    nacionalidade: text('nacionalidade'),
    estadoCivil: text('estado_civil', { enum: ESTADOS_CIVIS }),
    rg: text('rg'),
    rgOrgaoEmissor: text('rg_orgao_emissor'),
    representanteNome: text('representante_nome'),
    representanteCpf: text('representante_cpf'),
    representanteCargo: text('representante_cargo'),
    observacoes: text('observacoes'),
    status: text('status', { enum: CLIENT_STATUSES }).notNull().default('ativo'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: text('deleted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    // The target of the composite foreign keys of rows that point at a client (cases first): the
    // database itself refuses a link to another office's client (DESIGN §8).
    unique('clients_office_id_id_uq').on(table.officeId, table.id),
    check('clients_nome_len', sql`char_length(${table.nomeCompleto}) between 1 and 160`),
    check('clients_email_len', sql`char_length(${table.email}) <= 254`),
    check('clients_telefone_digits', sql`${table.telefone} ~ '^[0-9]{10,11}$'`),
    check('clients_documento_shape', sql`${table.documento} ~ '^([0-9]{11}|[0-9A-Z]{12}[0-9]{2})$'`),
    check('clients_tipo_pessoa_check', sql`${table.tipoPessoa} in ('fisica', 'juridica')`),
    check('clients_endereco_len', sql`char_length(${table.endereco}) <= 300`),
    check('clients_cep_digits', sql`${table.cep} ~ '^[0-9]{8}$'`),
    check('clients_profissao_len', sql`char_length(${table.profissao}) <= 120`),
    check('clients_nacionalidade_len', sql`char_length(${table.nacionalidade}) between 1 and 60`),
    check(
      'clients_estado_civil_check',
      sql`${table.estadoCivil} in ('solteiro', 'casado', 'divorciado', 'separado', 'viuvo', 'uniao_estavel')`,
    ),
    check('clients_rg_shape', sql`${table.rg} ~ '^[0-9A-Za-z][0-9A-Za-z./ -]{0,19}$'`),
    check('clients_rg_orgao_len', sql`char_length(${table.rgOrgaoEmissor}) between 1 and 20`),
    check('clients_representante_nome_len', sql`char_length(${table.representanteNome}) between 1 and 160`),
    check('clients_representante_cpf_digits', sql`${table.representanteCpf} ~ '^[0-9]{11}$'`),
    check('clients_representante_cargo_len', sql`char_length(${table.representanteCargo}) between 1 and 120`),
    check('clients_observacoes_len', sql`char_length(${table.observacoes}) <= 5000`),
    check('clients_status_check', sql`${table.status} in ('ativo', 'inativo', 'suspenso')`),
    // First page, newest first, and the total: one index range per office.
    index('clients_office_created_idx')
      .on(table.officeId, table.createdAt.desc(), table.id.desc())
      .where(sql`${table.deletedAt} is null`),
    // Status filter and stats (group by status).
    index('clients_office_status_created_idx')
      .on(table.officeId, table.status, table.createdAt.desc())
      .where(sql`${table.deletedAt} is null`),
    // The case form's picker: active clients by name, the first 20 straight from the index.
    index('clients_office_ativo_nome_idx')
      .on(table.officeId, table.nomeCompleto)
      .where(sql`${table.deletedAt} is null and ${table.status} = 'ativo'`),
    // Accent/case-insensitive fragment search ('joao' finds 'João') and contact searches by digits.
    index('clients_nome_busca_trgm_idx').using('gin', sql`${table.nomeBusca} gin_trgm_ops`),
    index('clients_email_trgm_idx').using('gin', sql`${table.email} gin_trgm_ops`),
    index('clients_telefone_trgm_idx').using('gin', sql`${table.telefone} gin_trgm_ops`),
    index('clients_documento_trgm_idx').using('gin', sql`${table.documento} gin_trgm_ops`),
  ],
)

/**
 * Live counters behind /api/clients/stats and /api/cases/stats, so the dashboard reads a handful of rows
 * instead of aggregating 100k+ rows per page load. Kept by statement-level triggers on clients and cases
 * (migration 0009): only non-deleted rows count; `valor` sums cases' valor_causa. No foreign key on
 * office_id: the triggers also run while an office's rows are being cascade-deleted.
 */
export const crmCounters = pgTable(
  'crm_counters',
  {
    officeId: uuid('office_id').notNull(),
    /** 'client' | 'case' */
    entity: text('entity').notNull(),
    status: text('status').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
    valor: numeric('valor', { precision: 20, scale: 2 }).notNull().default('0'),
  },
  (table) => [primaryKey({ columns: [table.officeId, table.entity, table.status] })],
)
