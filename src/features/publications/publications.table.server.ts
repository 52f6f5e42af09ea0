import { sql, type SQL } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { users } from '../auth/auth.table.server'
import { events } from '../agenda/agenda.table.server'
import { cases } from '../cases/cases.table.server'
import { offices } from '../offices/offices.table.server'
import {
  CAPTURE_RUN_STATUSES,
  OAB_ORIGINS,
  PUBLICATION_STATUSES,
  type Andamento,
  type AndamentosState,
  type PublicationLawyer,
  type PublicationRecipient,
} from './publications.schema'

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '))

/**
 * The OABs an office monitors in the DJEN (issue 27). Rows of origin 'perfil' mirror the OAB of an active
 * member's profile and are kept in sync at every capture and every read of the list (publications.oabs);
 * 'manual' rows are added by a sócio. Each row also keeps its capture state: the end of the last window
 * captured completely (the next run starts one day before it), and the last attempt's outcome.
 */
export const publicationOabs = pgTable(
  'publication_oabs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    officeId: uuid('office_id')
      .notNull()
      .references(() => offices.id, { onDelete: 'cascade' }),
    /** Plain digits, no leading zeros: the DJEN is queried by it; suffixed forms (123456A) match it. */
    numero: text('numero').notNull(),
    uf: text('uf').notNull(),
    origin: text('origin', { enum: OAB_ORIGINS }).notNull(),
    /** The member whose profile holds this OAB: sees the unmatched items it finds. */
    ownerUserId: text('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last day of the last window captured completely ('YYYY-MM-DD', São Paulo). */
    lastWindowEnd: date('last_window_end'),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    /** pt-BR reason of the last failure (cleared by a success). */
    lastError: text('last_error'),
    nextRetryAt: timestamp('next_retry_at', { withTimezone: true }),
  },
  (table) => [
    unique('publication_oabs_office_numero_uf_uq').on(table.officeId, table.numero, table.uf),
    unique('publication_oabs_office_id_uq').on(table.officeId, table.id),
    check('publication_oabs_numero_check', sql`${table.numero} ~ '^[1-9][0-9]{0,5}$'`),
    check('publication_oabs_uf_check', sql`${table.uf} ~ '^[A-Z]{2}$'`),
    check('publication_oabs_origin_check', sql`${table.origin} in (${inList(OAB_ORIGINS)})`),
  ],
)

/**
 * One communication of the DJEN as the office received it. `djen_id` is the DJEN's stable key: a repeated
 * window upserts on (office_id, djen_id), so it adds nothing, and an item that comes back cancelled
 * (ativo = false) is updated, never deleted. texto_html is sanitised at ingestion (formatting tags only).
 * case_id is the office's case with the same CNJ number (or the one a user linked); it follows the case's
 * visibility. Composite keys keep every link inside the office (DESIGN §8).
 */
export const publications = pgTable(
  'publications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    officeId: uuid('office_id')
      .notNull()
      .references(() => offices.id, { onDelete: 'cascade' }),
    djenId: bigint('djen_id', { mode: 'number' }).notNull(),
    hash: text('hash').notNull(),
    dataDisponibilizacao: date('data_disponibilizacao').notNull(),
    siglaTribunal: text('sigla_tribunal').notNull(),
    tipoComunicacao: text('tipo_comunicacao'),
    tipoDocumento: text('tipo_documento'),
    nomeOrgao: text('nome_orgao'),
    textoHtml: text('texto_html').notNull(),
    /** The text without tags (the prazo's suggestion and description read it). */
    textoPlain: text('texto_plain').notNull(),
    /**
     * The text folded for search (lower case, no accents), kept by the database like cases.titulo_busca: a
     * search then compares plain strings row by row instead of unaccenting every text it walks past.
     */
    textoBusca: text('texto_busca')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`f_unaccent(lower(${publications.textoPlain}))`),
    numeroProcesso: text('numero_processo'),
    numeroMascara: text('numero_mascara'),
    codigoClasse: text('codigo_classe'),
    link: text('link'),
    ativo: boolean('ativo').notNull().default(true),
    motivoCancelamento: text('motivo_cancelamento'),
    destinatarios: jsonb('destinatarios').$type<PublicationRecipient[]>().notNull().default([]),
    advogados: jsonb('advogados').$type<PublicationLawyer[]>().notNull().default([]),
    foundByOabId: uuid('found_by_oab_id').references(() => publicationOabs.id, { onDelete: 'set null' }),
    caseId: uuid('case_id'),
    status: text('status', { enum: PUBLICATION_STATUSES }).notNull().default('nao_tratada'),
    treatedBy: text('treated_by').references(() => users.id, { onDelete: 'set null' }),
    treatedAt: timestamp('treated_at', { withTimezone: true }),
    prazoEventId: uuid('prazo_event_id').references(() => events.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('publications_office_djen_uq').on(table.officeId, table.djenId),
    // A purged case leaves its items unmatched: the migration writes ON DELETE SET NULL ("case_id") so the
    // office_id of the composite key stays (PostgreSQL 15+).
    foreignKey({
      name: 'publications_office_case_fk',
      columns: [table.officeId, table.caseId],
      foreignColumns: [cases.officeId, cases.id],
    }).onDelete('set null'),
    check('publications_status_check', sql`${table.status} in (${inList(PUBLICATION_STATUSES)})`),
    check('publications_numero_processo_check', sql`${table.numeroProcesso} ~ '^[0-9]{20}$'`),
    check('publications_sigla_len', sql`char_length(${table.siglaTribunal}) between 1 and 30`),
    // The inbox's first page and its keyset pages: newest disponibilização, then DJEN id.
    index('publications_office_data_idx').on(
      table.officeId,
      sql`${table.dataDisponibilizacao} desc`,
      sql`${table.djenId} desc`,
    ),
    // The status filter ('Não tratadas' is the default view) in the same order.
    index('publications_office_status_data_idx').on(
      table.officeId,
      table.status,
      sql`${table.dataDisponibilizacao} desc`,
      sql`${table.djenId} desc`,
    ),
    index('publications_office_tribunal_data_idx').on(
      table.officeId,
      table.siglaTribunal,
      sql`${table.dataDisponibilizacao} desc`,
      sql`${table.djenId} desc`,
    ),
    index('publications_office_oab_data_idx').on(
      table.officeId,
      table.foundByOabId,
      sql`${table.dataDisponibilizacao} desc`,
      sql`${table.djenId} desc`,
    ),
    index('publications_office_case_idx').on(table.officeId, table.caseId),
    index('publications_office_numero_idx').on(table.officeId, table.numeroProcesso),
    index('publications_office_created_idx').on(table.officeId, table.createdAt),
    index('publications_busca_trgm_idx').using('gin', sql`${table.textoBusca} gin_trgm_ops`),
  ],
)

/**
 * One capture of an office (scheduled or 'Buscar agora'). At most one runs per office at a time: the
 * partial unique index refuses a second 'running' row, whatever node inserts it. `heartbeat_at` moves with
 * the progress, so a run whose node died is recognised (stale) and closed by the next attempt.
 */
export const publicationCaptureRuns = pgTable(
  'publication_capture_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    officeId: uuid('office_id')
      .notNull()
      .references(() => offices.id, { onDelete: 'cascade' }),
    status: text('status', { enum: CAPTURE_RUN_STATUSES }).notNull().default('running'),
    trigger: text('trigger', { enum: ['agendada', 'manual'] }).notNull(),
    requestedBy: text('requested_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    received: integer('received').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    error: text('error'),
    nextRetryAt: timestamp('next_retry_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('publication_capture_runs_one_running_uq')
      .on(table.officeId)
      .where(sql`${table.status} = 'running'`),
    index('publication_capture_runs_office_started_idx').on(table.officeId, sql`${table.startedAt} desc`),
    check('publication_capture_runs_status_check', sql`${table.status} in (${inList(CAPTURE_RUN_STATUSES)})`),
    check('publication_capture_runs_trigger_check', sql`${table.trigger} in ('agendada', 'manual')`),
  ],
)

/** The DataJud timeline of a case as last fetched ('Atualizar andamentos'), one row per case. */
export const caseAndamentos = pgTable(
  'case_andamentos',
  {
    officeId: uuid('office_id')
      .notNull()
      .references(() => offices.id, { onDelete: 'cascade' }),
    caseId: uuid('case_id').notNull(),
    numeroProcesso: text('numero_processo'),
    alias: text('alias'),
    state: text('state').$type<AndamentosState>().notNull(),
    movimentos: jsonb('movimentos').$type<Andamento[]>().notNull().default([]),
    graus: jsonb('graus').$type<string[]>().notNull().default([]),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'case_andamentos_pk', columns: [table.officeId, table.caseId] }),
    foreignKey({
      name: 'case_andamentos_office_case_fk',
      columns: [table.officeId, table.caseId],
      foreignColumns: [cases.officeId, cases.id],
    }).onDelete('cascade'),
    check(
      'case_andamentos_state_check',
      sql`${table.state} in ('nunca', 'ok', 'nao_encontrado', 'nao_coberto', 'sem_numero')`,
    ),
  ],
)
