import type { Resolver } from 'react-hook-form'
import { bodyResolver } from '../../components/form/body-resolver'
import { formatPhone } from '../../lib/br/phone'
import type { NivelAcesso } from '../offices/offices.public'
import {
  createMemberSchema,
  updateMemberSchema,
  type CreateMemberInput,
  type TeamMember,
  type UpdateMemberInput,
} from './team.schema'

/** The dialog's fields as typed (strings; especialidades comma-separated, spec §5). */
export interface MemberFormValues {
  nomeCompleto: string
  email: string
  telefone: string
  cargo: string
  nivelAcesso: NivelAcesso
  oabNumero: string
  oabUf: string
  dataAdmissao: string
  especialidades: string
  observacoes: string
  /** R$ per hour as typed ('150,00'); '' = none. */
  valorHora: string
  ativo: boolean
  convidar: boolean
}

export const EMPTY_MEMBER_VALUES: MemberFormValues = {
  nomeCompleto: '',
  email: '',
  telefone: '',
  cargo: '',
  nivelAcesso: 'associado',
  oabNumero: '',
  oabUf: '',
  dataAdmissao: '',
  especialidades: '',
  observacoes: '',
  valorHora: '',
  ativo: true,
  convidar: true,
}

export function memberFormValues(member: TeamMember): MemberFormValues {
  return {
    nomeCompleto: member.nomeCompleto,
    email: member.email ?? '',
    telefone: member.telefone ? formatPhone(member.telefone) : '',
    cargo: member.cargo ?? '',
    nivelAcesso: member.nivelAcesso,
    oabNumero: member.oabNumero ?? '',
    oabUf: member.oabUf ?? '',
    dataAdmissao: member.dataAdmissao ?? '',
    especialidades: member.especialidades.join(', '),
    observacoes: member.observacoes ?? '',
    // Shown pt-BR ('150,00'); the server reads either notation.
    valorHora: member.valorHora === null ? '' : member.valorHora.replace('.', ','),
    ativo: member.ativo,
    convidar: false,
  }
}

/** 'civil, trabalhista,, ' → ['civil', 'trabalhista']. */
export function splitEspecialidades(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
}

const orNull = (value: string) => value.trim() || null

/** The request body: the same shape the server validates with the shared schema. */
export function memberBody(
  values: MemberFormValues,
  isCreate: boolean,
): CreateMemberInput | UpdateMemberInput {
  const body: UpdateMemberInput = {
    nomeCompleto: values.nomeCompleto,
    email: orNull(values.email),
    telefone: orNull(values.telefone),
    cargo: orNull(values.cargo),
    nivelAcesso: values.nivelAcesso,
    oabNumero: orNull(values.oabNumero),
    oabUf: (orNull(values.oabUf) as UpdateMemberInput['oabUf']) ?? null,
    dataAdmissao: orNull(values.dataAdmissao),
    especialidades: splitEspecialidades(values.especialidades),
    observacoes: orNull(values.observacoes),
    valorHora: orNull(values.valorHora),
    ativo: values.ativo,
  }
  return isCreate ? { ...body, convidar: values.convidar } : body
}

/**
 * Validates with the shared schema (the server's own rules and pt-BR messages) applied to the body the form
 * would send; each message goes under the field it names.
 */
export function memberResolver(isCreate: boolean): Resolver<MemberFormValues> {
  return bodyResolver(isCreate ? createMemberSchema : updateMemberSchema, (values: MemberFormValues) =>
    memberBody(values, isCreate),
  )
}
