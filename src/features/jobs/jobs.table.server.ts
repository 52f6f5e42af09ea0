import { sql, type SQL } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core'
import { users } from '../auth/auth.table.server'
import { cidade, estado } from '../reference/reference.table.server'
import { APPLICATION_STATUSES, JOB_MODALIDADES, JOB_NIVEIS, JOB_STATUSES, JOB_TIPOS } from './jobs.constants'

/**
 * A job published by an entidade (issue 13). Platform-wide, not office data. A job past encerra_em is
 * treated as closed by every query (status stays 'aberta' so reopening is just moving the date).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entityUserId: text('entity_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    titulo: text('titulo').notNull(),
    empresa: text('empresa').notNull(),
    estadoId: integer('estado_id').references(() => estado.id),
    cidadeId: integer('cidade_id').references(() => cidade.id),
    remoto: boolean('remoto').notNull().default(false),
    tipo: text('tipo', { enum: JOB_TIPOS }).notNull(),
    nivel: text('nivel', { enum: JOB_NIVEIS }).notNull(),
    modalidade: text('modalidade', { enum: JOB_MODALIDADES }).notNull(),
    salario: text('salario'),
    descricao: text('descricao').notNull(),
    requisitos: text('requisitos'),
    encerraEm: date('encerra_em'),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('aberta'),
    views: integer('views').notNull().default(0),
    /** Title + company folded (lower case, no accents) by the database, for the trigram text search. */
    busca: text('busca')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`f_unaccent(lower(${jobs.titulo} || ' ' || ${jobs.empresa}))`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('jobs_titulo_len', sql`char_length(${table.titulo}) between 3 and 160`),
    check('jobs_empresa_len', sql`char_length(${table.empresa}) between 1 and 160`),
    check('jobs_salario_len', sql`char_length(${table.salario}) <= 120`),
    check('jobs_descricao_len', sql`char_length(${table.descricao}) between 1 and 10000`),
    check('jobs_requisitos_len', sql`char_length(${table.requisitos}) <= 10000`),
    check('jobs_tipo_check', sql`${table.tipo} in ('Emprego', 'Estágio', 'Trainee')`),
    check('jobs_nivel_check', sql`${table.nivel} in ('Júnior', 'Pleno', 'Estudante', 'Recém-formado')`),
    check('jobs_modalidade_check', sql`${table.modalidade} in ('Presencial', 'Híbrido', 'Remoto')`),
    check('jobs_status_check', sql`${table.status} in ('aberta', 'encerrada')`),
    // The public list: open jobs newest first (keyset on created_at, id), optionally narrowed by state.
    // The low-cardinality filters (tipo, nivel, modalidade) are checked on the rows this index yields.
    index('jobs_open_created_idx')
      .on(table.createdAt.desc(), table.id.desc())
      .where(sql`${table.status} = 'aberta'`),
    index('jobs_open_estado_created_idx')
      .on(table.estadoId, table.createdAt.desc(), table.id.desc())
      .where(sql`${table.status} = 'aberta'`),
    // Accent/case-insensitive fragment search on title + company.
    index('jobs_busca_trgm_idx')
      .using('gin', sql`${table.busca} gin_trgm_ops`)
      .where(sql`${table.status} = 'aberta'`),
    // An entity's own jobs (dashboard), newest first.
    index('jobs_entity_created_idx').on(table.entityUserId, table.createdAt.desc(), table.id.desc()),
  ],
)

/** One application per candidate per job; the CV is a private PDF in the storage. */
export const jobApplications = pgTable(
  'job_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    candidateUserId: text('candidate_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cvStorageKey: text('cv_storage_key').notNull(),
    cvNome: text('cv_nome').notNull(),
    cvTamanho: bigint('cv_tamanho', { mode: 'number' }).notNull(),
    cvSha256: text('cv_sha256').notNull(),
    carta: text('carta'),
    status: text('status', { enum: APPLICATION_STATUSES }).notNull().default('recebida'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('job_applications_job_candidate_uq').on(table.jobId, table.candidateUserId),
    check('job_applications_carta_len', sql`char_length(${table.carta}) <= 5000`),
    check(
      'job_applications_status_check',
      sql`${table.status} in ('recebida', 'em_analise', 'entrevista', 'aprovada', 'recusada')`,
    ),
    index('job_applications_job_created_idx').on(table.jobId, table.createdAt.desc(), table.id.desc()),
    index('job_applications_candidate_created_idx').on(table.candidateUserId, table.createdAt.desc()),
  ],
)

export const savedJobs = pgTable(
  'saved_jobs',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.jobId] }),
    index('saved_jobs_user_created_idx').on(table.userId, table.createdAt.desc()),
    index('saved_jobs_job_idx').on(table.jobId),
  ],
)

/** Views per job per day (São Paulo calendar day), behind the entity panel's "views of your jobs". */
export const jobViewsDaily = pgTable(
  'job_views_daily',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    dia: date('dia').notNull(),
    views: integer('views').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.jobId, table.dia] })],
)
