import { SPECIALTIES } from '../../lib/br/specialties'
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { users } from '../auth/auth.table.server'
import { EDUCATION_GRAUS, EVENT_TIPOS, LANGUAGE_LEVELS, SERVICE_MODALIDADES } from './profiles.schema'

// Spec §3 "Lawyer sub-collections": the lawyer's public CV, read by user_id. The spec shows no fields;
// these are ours (see profiles.schema.ts). Every table is keyed by the owner and dies with the account.

const owner = () =>
  text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' })
const id = () => uuid('id').primaryKey().defaultRandom()
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

export const lawyerPracticeAreas = pgTable(
  'lawyer_practice_areas',
  {
    id: id(),
    userId: owner(),
    area: text('area', { enum: SPECIALTIES }).notNull(),
    principal: boolean('principal').notNull().default(false),
    createdAt: createdAt(),
  },
  // The first unique index also serves the lookups by user_id (its leading column); the second allows
  // one 'principal' area per lawyer.
  (table) => [
    uniqueIndex('lawyer_practice_areas_user_area_uq').on(table.userId, table.area),
    uniqueIndex('lawyer_practice_areas_principal_uq')
      .on(table.userId)
      .where(sql`${table.principal}`),
    // Directory filter by specialty (features/directory).
    index('lawyer_practice_areas_area_user_idx').on(table.area, table.userId),
  ],
)

export const lawyerLanguages = pgTable(
  'lawyer_languages',
  {
    id: id(),
    userId: owner(),
    idioma: text('idioma').notNull(),
    nivel: text('nivel', { enum: LANGUAGE_LEVELS }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('lawyer_languages_user_idx').on(table.userId)],
)

export const lawyerServices = pgTable(
  'lawyer_services',
  {
    id: id(),
    userId: owner(),
    titulo: text('titulo').notNull(),
    descricao: text('descricao'),
    valorMin: numeric('valor_min', { precision: 12, scale: 2, mode: 'number' }),
    valorMax: numeric('valor_max', { precision: 12, scale: 2, mode: 'number' }),
    modalidade: text('modalidade', { enum: SERVICE_MODALIDADES }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('lawyer_services_user_idx').on(table.userId),
    check('lawyer_services_valor_check', sql`${table.valorMin} <= ${table.valorMax}`),
  ],
)

export const lawyerEducation = pgTable(
  'lawyer_education',
  {
    id: id(),
    userId: owner(),
    instituicao: text('instituicao').notNull(),
    curso: text('curso').notNull(),
    grau: text('grau', { enum: EDUCATION_GRAUS }).notNull(),
    anoInicio: integer('ano_inicio').notNull(),
    anoConclusao: integer('ano_conclusao'),
    createdAt: createdAt(),
  },
  (table) => [
    index('lawyer_education_user_idx').on(table.userId),
    check('lawyer_education_anos_check', sql`${table.anoConclusao} >= ${table.anoInicio}`),
  ],
)

export const lawyerCertifications = pgTable(
  'lawyer_certifications',
  {
    id: id(),
    userId: owner(),
    nome: text('nome').notNull(),
    emissor: text('emissor').notNull(),
    ano: integer('ano'),
    url: text('url'),
    createdAt: createdAt(),
  },
  (table) => [index('lawyer_certifications_user_idx').on(table.userId)],
)

export const lawyerPublications = pgTable(
  'lawyer_publications',
  {
    id: id(),
    userId: owner(),
    titulo: text('titulo').notNull(),
    veiculo: text('veiculo'),
    ano: integer('ano'),
    url: text('url'),
    createdAt: createdAt(),
  },
  (table) => [index('lawyer_publications_user_idx').on(table.userId)],
)

export const lawyerSuccessCases = pgTable(
  'lawyer_success_cases',
  {
    id: id(),
    userId: owner(),
    titulo: text('titulo').notNull(),
    area: text('area', { enum: SPECIALTIES }).notNull(),
    descricao: text('descricao'),
    resultado: text('resultado'),
    ano: integer('ano'),
    createdAt: createdAt(),
  },
  (table) => [index('lawyer_success_cases_user_idx').on(table.userId)],
)

export const lawyerEvents = pgTable(
  'lawyer_events',
  {
    id: id(),
    userId: owner(),
    nome: text('nome').notNull(),
    tipo: text('tipo', { enum: EVENT_TIPOS }).notNull(),
    data: date('data', { mode: 'string' }).notNull(),
    local: text('local'),
    descricao: text('descricao'),
    createdAt: createdAt(),
  },
  (table) => [index('lawyer_events_user_idx').on(table.userId)],
)
