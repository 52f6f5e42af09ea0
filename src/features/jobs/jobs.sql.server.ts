import { sql, type SQL } from 'drizzle-orm'
import type { JobCard } from './jobs.schema'

// SQL pieces every jobs query shares.

/**
 * A job is open while its status is 'aberta' and its closing date (a São Paulo calendar day) has not
 * passed: a job past encerra_em is closed everywhere without anyone having to flip its status.
 */
export const OPEN_JOB: SQL = sql.raw(
  `(j.status = 'aberta' and (j.encerra_em is null or j.encerra_em >= (now() at time zone 'America/Sao_Paulo')::date))`,
)

/**
 * created_at with its microseconds, in UTC: a keyset cursor built from a JS Date (milliseconds) would
 * skip or repeat rows created within the same millisecond.
 */
export const CREATED_TEXT: SQL = sql.raw(
  `to_char(j.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
)

/** The columns of a JobCard (j = jobs, e = estado, c = cidade). */
export const CARD_COLUMNS: SQL =
  sql.raw(`j.id, j.titulo, j.empresa, e.sigla as estado, c.nome as cidade, j.remoto,
  j.tipo, j.nivel, j.modalidade, j.salario, left(j.descricao, 280) as descricao,
  to_char(j.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at`)

export const CARD_JOINS: SQL = sql.raw(
  `left join estado e on e.id = j.estado_id left join cidade c on c.id = j.cidade_id`,
)

export type CardRow = {
  id: string
  titulo: string
  empresa: string
  estado: string | null
  cidade: string | null
  remoto: boolean
  tipo: JobCard['tipo']
  nivel: JobCard['nivel']
  modalidade: JobCard['modalidade']
  salario: string | null
  descricao: string
  created_at: string
}

export function toCard(row: CardRow): JobCard {
  return {
    id: row.id,
    titulo: row.titulo,
    empresa: row.empresa,
    estado: row.estado,
    cidade: row.cidade,
    remoto: row.remoto,
    tipo: row.tipo,
    nivel: row.nivel,
    modalidade: row.modalidade,
    salario: row.salario,
    descricao: row.descricao,
    createdAt: row.created_at,
  }
}

/** A timestamp column as ISO text with microseconds (UTC). */
export const isoText = (column: string): SQL =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`)

/** Escapes LIKE wildcards of a user's search text. */
export function likeFragment(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`)
}
