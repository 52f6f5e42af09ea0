import { z } from 'zod'
import { UFS } from '../../lib/br/uf'
import { calendarDate } from '../../lib/zod-fields'
import {
  APPLICATION_STATUSES,
  JOB_MODALIDADES,
  JOB_NIVEIS,
  JOB_TIPOS,
  type ApplicationStatus,
  type JobStatus,
} from './jobs.constants'

export const JOB_MESSAGES = {
  notFound: 'Vaga não encontrada.',
  applicationNotFound: 'Candidatura não encontrada.',
  onlyEntities: 'Apenas entidades podem publicar vagas.',
  notOwner: 'Apenas a entidade que publicou a vaga pode fazer isso.',
  onlyCandidates: 'Apenas estudantes e advogados podem se candidatar.',
  alreadyApplied: 'Você já se candidatou a esta vaga.',
  closed: 'Esta vaga está encerrada.',
  cvRequired: 'Envie seu currículo em PDF.',
  cvNotPdf: 'O currículo deve ser um arquivo PDF.',
  cvTooLarge: 'O currículo deve ter no máximo 5 MB.',
  uploadAborted: 'O envio foi interrompido. Tente novamente.',
  fileUnavailable: 'Arquivo indisponível no momento.',
  pastClosingDate: 'A data de encerramento não pode estar no passado.',
  reopenPastDate: 'A data de encerramento já passou: escolha uma nova data para reabrir a vaga.',
} as const

const PAGE_MAX = 50

const text = (max: number, message: string) => z.string().trim().max(max, message)
const isoDate = calendarDate('Data inválida')

const jobFields = {
  titulo: text(160, 'Título: máximo de 160 caracteres').min(
    3,
    'Informe o título da vaga (mín. 3 caracteres)',
  ),
  empresa: text(160, 'Empresa: máximo de 160 caracteres').optional(),
  estado: z.enum(UFS, { message: 'Estado inválido' }).nullish(),
  cidadeId: z.number({ message: 'Cidade inválida' }).int().positive().nullish(),
  remoto: z.boolean().optional(),
  tipo: z.enum(JOB_TIPOS, { message: 'Selecione o tipo da vaga' }),
  nivel: z.enum(JOB_NIVEIS, { message: 'Selecione o nível' }),
  modalidade: z.enum(JOB_MODALIDADES, { message: 'Selecione a modalidade' }),
  salario: text(120, 'Salário: máximo de 120 caracteres').nullish(),
  descricao: text(10000, 'Descrição: máximo de 10.000 caracteres').min(1, 'Informe a descrição da vaga'),
  requisitos: text(10000, 'Requisitos: máximo de 10.000 caracteres').nullish(),
  encerraEm: isoDate.nullish(),
}

/** POST /api/jobs ('Nova Vaga'). Without a state the job must be remote. */
export const jobCreateBody = z.strictObject(jobFields).refine((v) => v.remoto || v.estado, {
  message: 'Informe o estado ou marque a vaga como remota',
  path: ['estado'],
})
export type JobCreateInput = z.input<typeof jobCreateBody>

/** PATCH /api/jobs/:id: any field, plus closing ('encerrada') and reopening ('aberta'). */
export const jobUpdateBody = z.strictObject({
  ...z.object(jobFields).partial().shape,
  status: z.enum(['aberta', 'encerrada'], { message: 'Situação inválida' }).optional(),
})
export type JobUpdateInput = z.input<typeof jobUpdateBody>

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.enum(values, { message }).optional())

/** GET /api/jobs: the public list, newest first, keyset-paged (stable while jobs are added). */
export const jobListQuery = z.object({
  q: z.string().trim().max(100, 'Busca: máximo de 100 caracteres').optional(),
  tipo: optionalEnum(JOB_TIPOS, 'Tipo inválido'),
  nivel: optionalEnum(JOB_NIVEIS, 'Nível inválido'),
  modalidade: optionalEnum(JOB_MODALIDADES, 'Modalidade inválida'),
  estado: optionalEnum(UFS, 'Estado inválido'),
  cursor: z
    .string()
    .regex(/^[0-9T:.\-+Z ]{10,40}_[0-9a-f-]{36}$/i, 'Página inválida')
    .optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'Limite inválido')
    .max(PAGE_MAX, `Limite: máximo de ${PAGE_MAX}`)
    .default(20),
})
export type JobListQuery = z.input<typeof jobListQuery>

export const applicationStatusBody = z.strictObject({
  status: z.enum(APPLICATION_STATUSES, { message: 'Situação inválida' }),
})
export const applicationLetterBody = z.strictObject({
  carta: text(5000, 'Carta de apresentação: máximo de 5.000 caracteres'),
})
/** POST /api/jobs/:id/applications: the raw PDF is the body; its name rides in the query string. */
export const applicationUploadQuery = z.object({
  nome: z.string().trim().min(1, 'Nome do arquivo obrigatório').max(200, 'Nome do arquivo muito longo'),
})

// The list's answer is a schema (strict: a key added or dropped on one side fails the routes test), so the
// OpenAPI document (routeDoc's `response`) and the type the page trusts come from one source.

/** A job as every list shows it (public data only). */
export const jobCardSchema = z.strictObject({
  id: z.string(),
  titulo: z.string(),
  empresa: z.string(),
  estado: z.string().nullable(),
  cidade: z.string().nullable(),
  remoto: z.boolean(),
  tipo: z.enum(JOB_TIPOS),
  nivel: z.enum(JOB_NIVEIS),
  modalidade: z.enum(JOB_MODALIDADES),
  salario: z.string().nullable(),
  descricao: z.string(),
  createdAt: z.string(),
})
export type JobCard = z.infer<typeof jobCardSchema>

export const jobListSchema = z.strictObject({
  items: z.array(jobCardSchema),
  nextCursor: z.string().nullable(),
})
export type JobList = z.infer<typeof jobListSchema>

/** The job page: the card plus requirements, closing date and the publishing entity's page. */
export interface JobDetail extends JobCard {
  requisitos: string | null
  encerraEm: string | null
  entity: { nome: string; slug: string | null }
  /** False only for its own entity viewing it closed (or past its date); the public never gets it then. */
  open: boolean
  /** What the signed-in viewer may do here (null when signed out). */
  viewer: {
    canApply: boolean
    isOwner: boolean
    saved: boolean
    application: { id: string; status: ApplicationStatus } | null
  } | null
}

/** A job in its entity's dashboard. */
export interface EntityJob extends JobCard {
  requisitos: string | null
  encerraEm: string | null
  cidadeId: number | null
  status: JobStatus
  /** status 'aberta' but encerra_em passed. */
  expired: boolean
  views: number
  applications: number
  updatedAt: string
}

export interface EntityApplication {
  id: string
  jobId: string
  jobTitulo: string
  candidate: { nome: string; userType: string }
  carta: string | null
  cvNome: string
  cvTamanho: number
  status: ApplicationStatus
  createdAt: string
  updatedAt: string
}

export interface CandidateApplication {
  id: string
  status: ApplicationStatus
  carta: string | null
  cvNome: string
  createdAt: string
  updatedAt: string
  job: { id: string; titulo: string; empresa: string; open: boolean }
}

export interface SavedJob extends JobCard {
  open: boolean
  savedAt: string
}
