import { index, integer, pgTable, text } from 'drizzle-orm/pg-core'

/** The 27 federative units; id is the IBGE code (e.g. 35 = SP). */
export const estado = pgTable('estado', {
  id: integer('id').primaryKey(),
  nome: text('nome').notNull(),
  sigla: text('sigla').notNull().unique(),
})

/** The 5,571 IBGE municipalities; id is the 7-digit IBGE code. */
export const cidade = pgTable(
  'cidade',
  {
    id: integer('id').primaryKey(),
    nome: text('nome').notNull(),
    estado: integer('estado')
      .notNull()
      .references(() => estado.id),
  },
  (table) => [index('cidade_estado_nome_idx').on(table.estado, table.nome)],
)
