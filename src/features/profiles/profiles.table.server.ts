import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from '../auth/auth.table.server'
import { cidade, estado } from '../reference/reference.table.server'

/** The rows the public directory may show (the partial indexes below and the search filter say the same). */
const DIRECTORY_ROWS = sql`perfil_publico and user_type = 'advogado'`

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
    // Directory (issue 13, features/directory). The slug is filled by the database (trigger
    // profiles_directory_before, from the name + the row id) when an insert leaves it '', so every insert
    // path (sign-up, seeds, tests) gets one; it never changes afterwards, so shared links keep working.
    slug: text('slug').notNull().default('').unique(),
    perfilPublico: boolean('perfil_publico').notNull().default(true),
    atendeVideo: boolean('atende_video').notNull().default(false),
    mostrarHonorarios: boolean('mostrar_honorarios').notNull().default(false),
    oabVerificadoEm: timestamp('oab_verificado_em', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    // Directory order, kept by the same trigger (and the lawyer_* collection triggers): 1000 when the OAB
    // is verified + profile completeness 0..100. Never anything paid (OAB Provimento 205/2021).
    ordemDiretorio: integer('ordem_diretorio').notNull().default(0),
  },
  (table) => [
    index('profiles_user_type_idx').on(table.userType),
    // Directory search at 1 M profiles: every index covers only what the directory may show.
    index('profiles_dir_rank_idx')
      .on(sql`${table.ordemDiretorio} desc`, sql`${table.id} desc`)
      .where(DIRECTORY_ROWS),
    index('profiles_dir_estado_idx')
      .on(table.estadoId, sql`${table.ordemDiretorio} desc`, sql`${table.id} desc`)
      .where(DIRECTORY_ROWS),
    index('profiles_dir_cidade_idx')
      .on(table.cidadeId, sql`${table.ordemDiretorio} desc`, sql`${table.id} desc`)
      .where(DIRECTORY_ROWS),
    index('profiles_dir_nome_trgm_idx')
      .using('gin', sql`f_unaccent(lower(${table.nomeCompleto})) gin_trgm_ops`)
      .where(DIRECTORY_ROWS),
    index('profiles_dir_oab_idx')
      .on(sql`ltrim(regexp_replace(${table.oabNumero}, '[^0-9]', '', 'g'), '0')`, table.oabEstado)
      .where(DIRECTORY_ROWS),
    index('profiles_created_at_idx').on(table.createdAt),
    check('profiles_periodo_curso_check', sql`${table.periodoCurso} between 1 and 10`),
    check('profiles_anos_experiencia_check', sql`${table.anosExperiencia} between 0 and 50`),
  ],
)
