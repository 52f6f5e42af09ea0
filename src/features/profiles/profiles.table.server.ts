import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { users } from '../auth/auth.table.server'
import { cidade, estado } from '../reference/reference.table.server'

export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    userType: text('user_type', { enum: ['advogado', 'estudante', 'entidade'] }).notNull(),
    nomeCompleto: text('nome_completo').notNull(),
    telefone: text('telefone').notNull().default(''),
    avatarUrl: text('avatar_url'),
    estadoId: integer('estado_id').references(() => estado.id),
    cidadeId: integer('cidade_id').references(() => cidade.id),
    bioProfissional: text('bio_profissional'),
    anosExperiencia: integer('anos_experiencia'),
    faixaHonorariosMin: numeric('faixa_honorarios_min', { precision: 12, scale: 2 }),
    faixaHonorariosMax: numeric('faixa_honorarios_max', { precision: 12, scale: 2 }),
    linkedinUrl: text('linkedin_url'),
    sitePessoal: text('site_pessoal'),
    oabNumero: text('oab_numero'),
    oabEstado: text('oab_estado'),
    universidade: text('universidade'),
    periodoCurso: integer('periodo_curso'),
    nomeEntidade: text('nome_entidade'),
    cnpj: text('cnpj'),
    tipoEntidade: text('tipo_entidade', {
      enum: ['escritorio', 'empresa', 'orgao_publico', 'ong', 'sindicato'],
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('profiles_user_type_idx').on(table.userType),
    index('profiles_created_at_idx').on(table.createdAt),
    check('profiles_periodo_curso_check', sql`${table.periodoCurso} between 1 and 10`),
    check('profiles_anos_experiencia_check', sql`${table.anosExperiencia} between 0 and 50`),
  ],
)

/** Platform roles, separate from office levels. A user with no row is a plain 'user'. */
export const userRoles = pgTable(
  'user_roles',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['user', 'admin', 'superadmin'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.role] })],
)
