import { sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { jobs } from '../jobs/jobs.table.server'
import { cidade, estado } from '../reference/reference.table.server'
import type { JobSummary } from './entities.schema'

// The pieces every query of this feature shares about jobs (JOBS owns the tables; the house rules let a
// feature read another's tables through its *.table.server.ts).

/**
 * A job is open while its status is 'aberta' and its closing date (a São Paulo calendar day) has not passed:
 * JOBS treats a job past encerra_em as closed everywhere, and so do the entity page and the panels.
 */
export const jobIsOpen: SQL = sql`(${jobs.status} = 'aberta' and (${jobs.encerraEm} is null or ${jobs.encerraEm} >= (now() at time zone 'America/Sao_Paulo')::date))`

export const jobCidade = alias(cidade, 'job_cidade')
export const jobEstado = alias(estado, 'job_estado')

/** The columns of a JobSummary; join jobCidade/jobEstado on the job's ids to use it. */
export const jobSummaryColumns = {
  id: jobs.id,
  titulo: jobs.titulo,
  empresa: jobs.empresa,
  cidade: jobCidade.nome,
  uf: jobEstado.sigla,
  remoto: jobs.remoto,
  tipo: jobs.tipo,
  nivel: jobs.nivel,
  modalidade: jobs.modalidade,
  salario: jobs.salario,
  encerraEm: jobs.encerraEm,
  createdAt: jobs.createdAt,
}

type JobSummaryRow = Omit<JobSummary, 'createdAt'> & { createdAt: Date | string }

export function toJobSummary(row: JobSummaryRow): JobSummary {
  return {
    id: row.id,
    titulo: row.titulo,
    empresa: row.empresa,
    cidade: row.cidade,
    uf: row.uf,
    remoto: row.remoto,
    tipo: row.tipo,
    nivel: row.nivel,
    modalidade: row.modalidade,
    salario: row.salario,
    encerraEm: row.encerraEm,
    createdAt: new Date(row.createdAt).toISOString(),
  }
}

/**
 * JOBS's indexes are declared with Drizzle's desc(), which PostgreSQL stores as DESC NULLS LAST: every
 * "newest first" here says `desc nulls last` so the index serves the order (plain DESC is NULLS FIRST).
 */
export const iso = (value: Date | string) => new Date(value).toISOString()
