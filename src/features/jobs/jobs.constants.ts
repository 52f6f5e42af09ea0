// The jobs vocabulary shared by the server, the SPA and the landing (no zod here: the landing imports it
// and must stay small, decision 004).

export const JOB_TIPOS = ['Emprego', 'Estágio', 'Trainee'] as const
export type JobTipo = (typeof JOB_TIPOS)[number]

export const JOB_NIVEIS = ['Júnior', 'Pleno', 'Estudante', 'Recém-formado'] as const
export type JobNivel = (typeof JOB_NIVEIS)[number]

export const JOB_MODALIDADES = ['Presencial', 'Híbrido', 'Remoto'] as const
export type JobModalidade = (typeof JOB_MODALIDADES)[number]

export const JOB_STATUSES = ['aberta', 'encerrada'] as const
export type JobStatus = (typeof JOB_STATUSES)[number]

export const APPLICATION_STATUSES = ['recebida', 'em_analise', 'entrevista', 'aprovada', 'recusada'] as const
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number]

/** Spec labels of an application's status (pt-BR; the catalogs carry the en/es ones). */
export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  recebida: 'Recebida',
  em_analise: 'Em análise',
  entrevista: 'Entrevista',
  aprovada: 'Aprovada',
  recusada: 'Recusada',
}

/** A CV is a PDF of at most 5 MB. */
export const CV_MAX_BYTES = 5 * 1024 * 1024
