import { asc, eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import { cidade, estado } from './reference.table.server'

export function listEstados(db: Database) {
  return db
    .select()
    .from(estado)
    .orderBy(sql`f_unaccent(lower(${estado.nome}))`)
}

export function listCidades(db: Database, estadoId: number) {
  return (
    db
      .select({ id: cidade.id, nome: cidade.nome, estado: cidade.estado })
      .from(cidade)
      .where(eq(cidade.estado, estadoId))
      // Accent-blind order, as a Brazilian reader expects: 'Álvares Machado' sits among the A's, not after 'Z'.
      .orderBy(sql`f_unaccent(lower(${cidade.nome}))`, asc(cidade.nome))
  )
}
