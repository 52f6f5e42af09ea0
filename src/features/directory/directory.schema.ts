import { z } from 'zod'
import '../../lib/zod-pt-br'
import { SPECIALTIES, type Specialty } from '../../lib/br/specialties'
import { UFS, type Uf } from '../../lib/br/uf'

// Contract of /api/directory: the public lawyer search (landing), the public profile (/advogados/:slug)
// and the lawyer's own visibility switches (Settings). Shared by the routes and the browser.

export const DIRECTORY_PAGE_SIZE = 12
/** A lawyer counts as online when seen within this window (issue 13). */
export const ONLINE_WINDOW_MINUTES = 5

const optionalText = z
  .string()
  .trim()
  .max(120, 'Busca muito longa (máximo de 120 caracteres).')
  .optional()
  .transform((value) => (value ? value : undefined))

export const lawyerSearchQuerySchema = z.object({
  q: optionalText,
  uf: z
    .enum(UFS, { error: 'Estado inválido.' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  cidadeId: z.coerce
    .number({ error: 'Cidade inválida.' })
    .int('Cidade inválida.')
    .positive('Cidade inválida.')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  especialidade: z
    .enum(SPECIALTIES, { error: 'Especialidade inválida.' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  cursor: z.string().max(200, 'Página inválida.').optional(),
})
export type LawyerSearchQuery = z.infer<typeof lawyerSearchQuerySchema>

/** Spec §3 "Lawyer card", on real data (+ slug for 'Ver Perfil'). Nothing personal: no e-mail, no phone. */
export interface LawyerCardDto {
  id: string
  slug: string
  name: string
  /** formatted: '123.456/SP' (or '123.456-A/SP'). */
  oab: { number: string; uf: Uf; formatted: string } | null
  verified: boolean
  city: string | null
  state: Uf | null
  specialties: Specialty[]
  rating: number | null
  reviews: number
  isOnline: boolean
  acceptsVideoCall: boolean
  avatar: string | null
}

export interface LawyerSearchPage {
  items: LawyerCardDto[]
  nextCursor: string | null
}

export interface PublicProfileDto extends LawyerCardDto {
  /** The lawyer's user id: NETWORK's components (reviews, contact, connections) key on it. */
  userId: string
  bio: string | null
  yearsOfExperience: number | null
  /** Only when the lawyer chose to show it ('Mostrar faixa de honorários'). */
  fees: { min: number | null; max: number | null } | null
  linkedinUrl: string | null
  website: string | null
  practiceAreas: { area: Specialty; principal: boolean }[]
  languages: { idioma: string; nivel: string }[]
  services: {
    titulo: string
    descricao: string | null
    modalidade: string
    valorMin: number | null
    valorMax: number | null
  }[]
  education: {
    instituicao: string
    curso: string
    grau: string
    anoInicio: number
    anoConclusao: number | null
  }[]
  certifications: { nome: string; emissor: string; ano: number | null; url: string | null }[]
  publications: { titulo: string; veiculo: string | null; ano: number | null; url: string | null }[]
  events: { nome: string; tipo: string; data: string; local: string | null; descricao: string | null }[]
  successCases: {
    titulo: string
    area: Specialty
    descricao: string | null
    resultado: string | null
    ano: number | null
  }[]
}

export const visibilitySchema = z.object({
  perfilPublico: z.boolean({ error: 'Informe se o perfil é público.' }),
  atendeVideo: z.boolean({ error: 'Informe se atende por vídeo.' }),
  mostrarHonorarios: z.boolean({ error: 'Informe se mostra a faixa de honorários.' }),
})
export type VisibilityDto = z.infer<typeof visibilitySchema> & { slug: string; isLawyer: boolean }

export const slugParamSchema = z.object({
  slug: z
    .string()
    .max(120)
    .regex(/^[a-z0-9-]+$/, 'Perfil não encontrado.'),
})
