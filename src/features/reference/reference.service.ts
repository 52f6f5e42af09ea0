import { asc, eq } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { cidade, estado } from './reference.table'

export function listEstados(db: Database) {
  return db.select().from(estado).orderBy(asc(estado.nome))
}

export function listCidades(db: Database, estadoId: number) {
  return db
    .select({ id: cidade.id, nome: cidade.nome, estado: cidade.estado })
    .from(cidade)
    .where(eq(cidade.estado, estadoId))
    .orderBy(asc(cidade.nome))
}
