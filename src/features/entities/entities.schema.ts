import { z } from 'zod'

// Contracts of /api/entities (issue 13): public entity pages, the landing's 'Entidades & Instituições' list
// and the two dashboard panels. Public shapes carry only what an entity chose to publish: never the CNPJ,
// the phone, the e-mail or the name of the person who registered the entity.

// The jobs vocabulary as the contract of issue 13 fixes it (JOBS owns the tables; repeated here as types so
// this browser-safe file needs no import of another feature's internals).
export type JobTipo = 'Emprego' | 'Estágio' | 'Trainee'
export type JobNivel = 'Júnior' | 'Pleno' | 'Estudante' | 'Recém-formado'
export type JobModalidade = 'Presencial' | 'Híbrido' | 'Remoto'
export const APPLICATION_STATUSES = ['recebida', 'em_analise', 'entrevista', 'aprovada', 'recusada'] as const
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number]

export const TIPOS_ENTIDADE = ['escritorio', 'empresa', 'orgao_publico', 'ong', 'sindicato'] as const
export type TipoEntidade = (typeof TIPOS_ENTIDADE)[number]

/** A slug as DIRECTORY generates them (lowercase ascii, digits and hyphens). Anything else is a 404. */
export const entitySlugParamSchema = z.object({
  slug: z.string().trim().min(1).max(120),
})

export const featuredEntitiesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(12).default(6),
})

/** How a job shows up in an entity page or a panel list (the job page itself is JOBS's /vagas/:id). */
export interface JobSummary {
  id: string
  titulo: string
  empresa: string
  cidade: string | null
  uf: string | null
  remoto: boolean
  tipo: JobTipo
  nivel: JobNivel
  modalidade: JobModalidade
  salario: string | null
  encerraEm: string | null
  createdAt: string
}

export interface PublicEntity {
  slug: string
  nome: string
  tipoEntidade: TipoEntidade | null
  cidade: string | null
  uf: string | null
  bio: string | null
  avatarUrl: string | null
  linkedinUrl: string | null
  site: string | null
  createdAt: string
}

/** GET /api/entities/:slug */
export interface EntityPageResponse {
  entity: PublicEntity
  jobs: JobSummary[]
}

/** One card of the landing's 'Entidades & Instituições'. */
export interface FeaturedEntity {
  slug: string
  nome: string
  tipoEntidade: TipoEntidade | null
  cidade: string | null
  uf: string | null
  avatarUrl: string | null
  openJobs: number
}

/** GET /api/entities */
export interface FeaturedEntitiesResponse {
  entities: FeaturedEntity[]
}

export interface CandidateApplication {
  id: string
  jobId: string
  titulo: string
  empresa: string
  status: ApplicationStatus
  createdAt: string
  updatedAt: string
}

export interface ConnectionSummary {
  userId: string
  nome: string
  avatarUrl: string | null
  /** The public profile slug when the person has a public profile. */
  slug: string | null
  userType: 'advogado' | 'estudante' | 'entidade'
}

/** GET /api/entities/panels/student: everything the student's dashboard home shows, in one request. */
export interface StudentPanelResponse {
  stats: { applications: number; savedJobs: number; connections: number; activeApplications: number }
  applications: CandidateApplication[]
  recommended: JobSummary[]
  saved: JobSummary[]
  connections: ConnectionSummary[]
}

export interface EntityJobRow extends JobSummary {
  status: 'aberta' | 'encerrada'
  applications: number
  newApplications: number
  views: number
}

export interface EntityApplication {
  id: string
  jobId: string
  titulo: string
  candidateName: string
  status: ApplicationStatus
  createdAt: string
}

/** GET /api/entities/panels/entity: the entity's dashboard home, in one request. */
export interface EntityPanelResponse {
  /** The entity's public page, when it has a slug and the profile is public. */
  slug: string | null
  stats: { openJobs: number; applications: number; newApplications: number; views: number; views30d: number }
  jobs: EntityJobRow[]
  recentApplications: EntityApplication[]
}
