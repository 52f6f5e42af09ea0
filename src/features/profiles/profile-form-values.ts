import { formatBRL, parseBRL } from '../../lib/br/money'
import { formatCnpj } from '../../lib/br/cnpj'
import type { ProfileDto } from '../auth/auth.public'
import { ANOS_EXPERIENCIA_MAX, type UpdateProfileInput } from './profiles.schema'

/** Every input of the profile form holds a string; `toProfilePayload` turns them into the API's types. */
export interface ProfileFormValues {
  nomeCompleto: string
  telefone: string
  estadoId: string
  cidadeId: string
  bioProfissional: string
  linkedinUrl: string
  sitePessoal: string
  anosExperiencia: string
  faixaHonorariosMin: string
  faixaHonorariosMax: string
  oabNumero: string
  oabEstado: string
  universidade: string
  periodoCurso: string
  nomeEntidade: string
  cnpj: string
  tipoEntidade: string
}

const text = (value: string | null | undefined) => value ?? ''
const id = (value: number | null) => (value === null ? '' : String(value))
/** 1234.5 → '1.234,50': the amount as a person types it, without the 'R$'. */
const money = (value: number | null) => (value === null ? '' : formatBRL(value).replace(/^R\$\s*/, ''))

export function profileFormValues(profile: ProfileDto): ProfileFormValues {
  return {
    nomeCompleto: profile.nomeCompleto,
    telefone: profile.telefone,
    estadoId: id(profile.estadoId),
    cidadeId: id(profile.cidadeId),
    bioProfissional: text(profile.bioProfissional),
    linkedinUrl: text(profile.linkedinUrl),
    sitePessoal: text(profile.sitePessoal),
    anosExperiencia: profile.anosExperiencia === null ? '' : String(profile.anosExperiencia),
    faixaHonorariosMin: money(profile.faixaHonorariosMin),
    faixaHonorariosMax: money(profile.faixaHonorariosMax),
    oabNumero: text(profile.oabNumero),
    oabEstado: text(profile.oabEstado),
    universidade: text(profile.universidade),
    periodoCurso: profile.periodoCurso === null ? '' : String(profile.periodoCurso),
    nomeEntidade: text(profile.nomeEntidade),
    cnpj: profile.cnpj ? formatCnpj(profile.cnpj) : '',
    tipoEntidade: text(profile.tipoEntidade),
  }
}

/** Spec §5: years of experience 0 to 50, an invalid value becomes 0 (empty stays empty). */
export function parseAnosExperiencia(value: string): number | null {
  const trimmed = value.trim()
  if (trimmed === '') return null
  const years = /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN
  return Number.isInteger(years) && years >= 0 && years <= ANOS_EXPERIENCIA_MAX ? years : 0
}

/** Spec §5: fees are decimals ('1.234,50' or '1234.5'); an invalid or negative value becomes 0. */
export function parseFee(value: string): number | null {
  if (value.trim() === '') return null
  const amount = parseBRL(value)
  return amount === null || amount < 0 ? 0 : amount
}

const optionalNumber = (value: string) => (value.trim() === '' ? null : Number(value))

/** The PATCH body: only the fields of the user's own type (the server refuses the others). */
export function toProfilePayload(
  values: ProfileFormValues,
  userType: ProfileDto['userType'],
): UpdateProfileInput {
  const common: UpdateProfileInput = {
    nomeCompleto: values.nomeCompleto,
    telefone: values.telefone,
    estadoId: optionalNumber(values.estadoId),
    cidadeId: optionalNumber(values.cidadeId),
    bioProfissional: values.bioProfissional,
    linkedinUrl: values.linkedinUrl,
    sitePessoal: values.sitePessoal,
  }
  if (userType === 'advogado')
    return {
      ...common,
      anosExperiencia: parseAnosExperiencia(values.anosExperiencia),
      faixaHonorariosMin: parseFee(values.faixaHonorariosMin),
      faixaHonorariosMax: parseFee(values.faixaHonorariosMax),
      oabNumero: values.oabNumero,
      oabEstado: (values.oabEstado || null) as UpdateProfileInput['oabEstado'],
    }
  if (userType === 'estudante')
    return { ...common, universidade: values.universidade, periodoCurso: optionalNumber(values.periodoCurso) }
  return {
    ...common,
    nomeEntidade: values.nomeEntidade,
    cnpj: values.cnpj,
    tipoEntidade: (values.tipoEntidade || null) as UpdateProfileInput['tipoEntidade'],
  }
}
