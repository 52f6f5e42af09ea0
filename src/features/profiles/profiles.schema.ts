import { z } from 'zod'
import '../../lib/zod-pt-br'
import { isValidCnpj, normalizeCnpj } from '../../lib/br/cnpj'
import { isValidPhone } from '../../lib/br/phone'
import { UFS } from '../../lib/br/uf'
import { calendarDate } from '../../lib/zod-fields'
import { TIPOS_ENTIDADE, type UserType } from '../auth/auth.public'
import { containsClientIdentifier } from './client-identifiers'
import { SPECIALTIES } from '../../lib/br/specialties'

// Contract of /api/profile and its lawyer sub-collections, shared by the profile page and the routes.

export const LANGUAGE_LEVELS = ['basico', 'intermediario', 'avancado', 'fluente', 'nativo'] as const
export const SERVICE_MODALIDADES = ['presencial', 'online', 'hibrido'] as const
export const EDUCATION_GRAUS = ['graduacao', 'especializacao', 'mestrado', 'doutorado', 'outro'] as const
export const EVENT_TIPOS = ['palestra', 'congresso', 'curso', 'workshop', 'outro'] as const

/** Items per sub-collection and user: generous for a profile, small enough to render without paging. */
export const COLLECTION_LIMIT = 50
export const collectionLimitMessage = `Limite de ${COLLECTION_LIMIT} itens atingido.`

export const ANOS_EXPERIENCIA_MAX = 50
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024
export const AVATAR_TOO_LARGE_MESSAGE = 'O arquivo deve ter no máximo 5MB.'
export const AVATAR_NOT_IMAGE_MESSAGE = 'Por favor, selecione apenas arquivos de imagem.'
export const AVATAR_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const
export const CLIENT_IDENTIFIER_MESSAGE =
  'Não inclua dados que identifiquem o cliente (CPF, CNPJ ou número de processo).'

/** Money in the numeric(12,2) columns: at most 9.999.999.999,99. */
const MONEY_MAX = 9_999_999_999.99
const YEAR_MIN = 1950
const YEAR_MAX = new Date().getFullYear() + 10

// --- building blocks -------------------------------------------------------------------------------

const requiredText = (label: string, max: number) =>
  z.string().trim().min(1, `${label} é obrigatório`).max(max, `${label}: máximo de ${max} caracteres`)

/** Free text that may be cleared: '' is stored as null. */
const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label}: máximo de ${max} caracteres`)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional()

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

// Only http(s): a 'javascript:' or 'data:' link rendered as <a href> would run in our origin.
const optionalUrl = z
  .string()
  .trim()
  .max(300, 'Endereço: máximo de 300 caracteres')
  .refine(
    (value) => value === '' || isHttpUrl(value),
    'Informe um endereço que comece com http:// ou https://',
  )
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional()

const money = (label: string) =>
  z
    .number({ error: `${label}: informe um valor numérico` })
    .min(0, `${label} não pode ser negativo`)
    .max(MONEY_MAX, `${label}: valor alto demais`)
    .transform((value) => Math.round(value * 100) / 100)

const optionalYear = z
  .number({ error: 'Ano inválido' })
  .int('Ano inválido')
  .min(YEAR_MIN, 'Ano inválido')
  .max(YEAR_MAX, 'Ano inválido')
  .nullable()
  .optional()

const withoutClientIdentifier = (value: string | null | undefined) =>
  value === null || value === undefined || !containsClientIdentifier(value)

const noClientIdentifier = (label: string, max: number) =>
  requiredText(label, max).refine(withoutClientIdentifier, CLIENT_IDENTIFIER_MESSAGE)

const optionalNoClientIdentifier = (label: string, max: number) =>
  optionalText(label, max).refine(withoutClientIdentifier, CLIENT_IDENTIFIER_MESSAGE)

// --- the profile ------------------------------------------------------------------------------------

export const FEE_RANGE_MESSAGE = 'O valor mínimo não pode ser maior que o máximo.'
export const ANOS_EXPERIENCIA_MESSAGE = 'Anos de experiência: informe um número entre 0 e 50'

const commonProfileFields = {
  nomeCompleto: requiredText('Nome completo', 120),
  // The basic profile of spec §4 has an empty phone: '' is allowed, anything else must be a valid number.
  telefone: z
    .string()
    .trim()
    .refine((value) => value === '' || isValidPhone(value), 'Telefone inválido'),
  estadoId: z.number({ error: 'Selecione um estado' }).int().positive('Selecione um estado').nullable(),
  cidadeId: z.number({ error: 'Selecione uma cidade' }).int().positive('Selecione uma cidade').nullable(),
  bioProfissional: optionalText('Bio profissional', 2000),
  linkedinUrl: optionalUrl,
  sitePessoal: optionalUrl,
}

const lawyerProfileFields = {
  anosExperiencia: z
    .number({ error: ANOS_EXPERIENCIA_MESSAGE })
    .int(ANOS_EXPERIENCIA_MESSAGE)
    .min(0, ANOS_EXPERIENCIA_MESSAGE)
    .max(ANOS_EXPERIENCIA_MAX, ANOS_EXPERIENCIA_MESSAGE)
    .nullable(),
  faixaHonorariosMin: money('Honorário mínimo').nullable(),
  faixaHonorariosMax: money('Honorário máximo').nullable(),
  oabNumero: z
    .string()
    .trim()
    .toUpperCase()
    .refine(
      (value) => value === '' || /^\d{1,6}(-?[A-Z])?$/.test(value),
      'Número da OAB inválido (até 6 dígitos, letra opcional)',
    )
    .transform((value) => (value === '' ? null : value))
    .nullable(),
  oabEstado: z.enum(UFS, { error: 'Selecione o estado da OAB' }).nullable(),
}

const studentProfileFields = {
  universidade: optionalText('Universidade', 160),
  periodoCurso: z
    .number({ error: 'Período entre 1 e 10' })
    .int('Período entre 1 e 10')
    .min(1, 'Período entre 1 e 10')
    .max(10, 'Período entre 1 e 10')
    .nullable(),
}

const entityProfileFields = {
  nomeEntidade: optionalText('Nome da entidade', 160),
  cnpj: z
    .string()
    .trim()
    .refine((value) => value === '' || isValidCnpj(value), 'CNPJ inválido')
    .transform((value) => (value === '' ? null : normalizeCnpj(value)))
    .nullable(),
  tipoEntidade: z.enum(TIPOS_ENTIDADE, { error: 'Selecione o tipo de entidade' }).nullable(),
}

/** Which fields each user type may change; user_type itself is never changeable here. */
export const PROFILE_FIELDS_BY_TYPE: Record<UserType, readonly string[]> = {
  advogado: [...Object.keys(commonProfileFields), ...Object.keys(lawyerProfileFields)],
  estudante: [...Object.keys(commonProfileFields), ...Object.keys(studentProfileFields)],
  entidade: [...Object.keys(commonProfileFields), ...Object.keys(entityProfileFields)],
}

function checkFeeRange(
  value: { faixaHonorariosMin?: number | null; faixaHonorariosMax?: number | null },
  ctx: z.RefinementCtx,
) {
  const { faixaHonorariosMin: min, faixaHonorariosMax: max } = value
  if (typeof min === 'number' && typeof max === 'number' && min > max) {
    ctx.addIssue({ code: 'custom', path: ['faixaHonorariosMax'], message: FEE_RANGE_MESSAGE })
  }
}

/**
 * PATCH /api/profile body: any subset of the fields of any type (unknown keys → 400). The route then
 * refuses fields that don't belong to the user's type and checks the merged fee range and city.
 */
export const updateProfileSchema = z
  .strictObject({
    ...commonProfileFields,
    ...lawyerProfileFields,
    ...studentProfileFields,
    ...entityProfileFields,
  })
  .partial()
  .superRefine(checkFeeRange)
export type UpdateProfileInput = z.input<typeof updateProfileSchema>
export type UpdateProfileData = z.output<typeof updateProfileSchema>

export { checkFeeRange }

// --- lawyer sub-collections ------------------------------------------------------------------------

const practiceAreaFields = z.strictObject({
  area: z.enum(SPECIALTIES, { error: 'Selecione uma área de atuação' }),
  principal: z.boolean().default(false),
})

const languageFields = z.strictObject({
  idioma: requiredText('Idioma', 60),
  nivel: z.enum(LANGUAGE_LEVELS, { error: 'Selecione o nível' }),
})

const serviceFields = z.strictObject({
  titulo: requiredText('Título', 120),
  descricao: optionalText('Descrição', 1000),
  valorMin: money('Valor').nullable().optional(),
  valorMax: money('Valor máximo').nullable().optional(),
  modalidade: z.enum(SERVICE_MODALIDADES, { error: 'Selecione a modalidade' }),
})

const educationFields = z.strictObject({
  instituicao: requiredText('Instituição', 160),
  curso: requiredText('Curso', 160),
  grau: z.enum(EDUCATION_GRAUS, { error: 'Selecione o grau' }),
  anoInicio: z
    .number({ error: 'Ano de início é obrigatório' })
    .int('Ano inválido')
    .min(YEAR_MIN, 'Ano inválido')
    .max(YEAR_MAX, 'Ano inválido'),
  anoConclusao: optionalYear,
})

const certificationFields = z.strictObject({
  nome: requiredText('Nome', 160),
  emissor: requiredText('Emissor', 160),
  ano: optionalYear,
  url: optionalUrl,
})

const publicationFields = z.strictObject({
  titulo: requiredText('Título', 200),
  veiculo: optionalText('Veículo', 160),
  ano: optionalYear,
  url: optionalUrl,
})

const successCaseFields = z.strictObject({
  titulo: noClientIdentifier('Título', 160),
  area: z.enum(SPECIALTIES, { error: 'Selecione uma área de atuação' }),
  descricao: optionalNoClientIdentifier('Descrição', 2000),
  resultado: optionalNoClientIdentifier('Resultado', 500),
  ano: optionalYear,
})

const eventFields = z.strictObject({
  nome: requiredText('Nome', 160),
  tipo: z.enum(EVENT_TIPOS, { error: 'Selecione o tipo' }),
  data: calendarDate('Informe uma data válida'),
  local: optionalText('Local', 160),
  descricao: optionalText('Descrição', 1000),
})

export const SERVICE_RANGE_MESSAGE = 'O valor mínimo não pode ser maior que o máximo.'
export const EDUCATION_YEARS_MESSAGE = 'O ano de conclusão deve ser igual ou posterior ao de início.'

function checkServiceRange(
  value: { valorMin?: number | null; valorMax?: number | null },
  ctx: z.RefinementCtx,
) {
  if (
    typeof value.valorMin === 'number' &&
    typeof value.valorMax === 'number' &&
    value.valorMin > value.valorMax
  )
    ctx.addIssue({ code: 'custom', path: ['valorMax'], message: SERVICE_RANGE_MESSAGE })
}

function checkEducationYears(
  value: { anoInicio?: number | null; anoConclusao?: number | null },
  ctx: z.RefinementCtx,
) {
  if (
    typeof value.anoInicio === 'number' &&
    typeof value.anoConclusao === 'number' &&
    value.anoConclusao < value.anoInicio
  )
    ctx.addIssue({ code: 'custom', path: ['anoConclusao'], message: EDUCATION_YEARS_MESSAGE })
}

type Check = (value: never, ctx: z.RefinementCtx) => void

/**
 * One entry per sub-collection: `create` validates a whole item, `update` a partial one. The route
 * re-validates the merged item with `create`, so a PATCH can't break a cross-field rule.
 */
function collection<Fields extends z.ZodObject>(fields: Fields, check?: Check) {
  const refine = check as ((value: unknown, ctx: z.RefinementCtx) => void) | undefined
  return {
    create: refine ? fields.superRefine(refine) : fields,
    update: refine ? fields.partial().superRefine(refine) : fields.partial(),
  }
}

export const lawyerCollectionSchemas = {
  'practice-areas': collection(practiceAreaFields),
  languages: collection(languageFields),
  services: collection(serviceFields, checkServiceRange as Check),
  education: collection(educationFields, checkEducationYears as Check),
  certifications: collection(certificationFields),
  publications: collection(publicationFields),
  'success-cases': collection(successCaseFields),
  events: collection(eventFields),
}

export const LAWYER_COLLECTIONS = Object.keys(lawyerCollectionSchemas) as LawyerCollection[]
export type LawyerCollection = keyof typeof lawyerCollectionSchemas

export type CollectionInput<C extends LawyerCollection> = z.input<
  (typeof lawyerCollectionSchemas)[C]['create']
>

/** An item as the API returns it: every field present (null when empty), plus id and createdAt. */
export type CollectionItem<C extends LawyerCollection> = {
  [K in keyof z.output<(typeof lawyerCollectionSchemas)[C]['create']>]-?: Exclude<
    z.output<(typeof lawyerCollectionSchemas)[C]['create']>[K],
    undefined
  >
} & { id: string; createdAt: string }

export interface CollectionList<C extends LawyerCollection> {
  items: CollectionItem<C>[]
}
