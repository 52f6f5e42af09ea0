import { describe, expect, it } from 'vitest'
import {
  EMPTY_MEMBER_VALUES,
  memberBody,
  memberFormValues,
  memberResolver,
  splitEspecialidades,
} from './member-form-values'
import { updateMemberSchema, type TeamMember } from './team.schema'

const resolve = (isCreate: boolean, values: Partial<typeof EMPTY_MEMBER_VALUES>) =>
  memberResolver(isCreate)({ ...EMPTY_MEMBER_VALUES, ...values }, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  })

describe('member form values', () => {
  it('splits comma-separated specialties (spec §5), dropping blanks', () => {
    expect(splitEspecialidades(' civil, trabalhista,, família ,')).toEqual([
      'civil',
      'trabalhista',
      'família',
    ])
    expect(splitEspecialidades('')).toEqual([])
  })

  it('sends empty optional fields as null, and convidar only when creating', () => {
    const values = { ...EMPTY_MEMBER_VALUES, nomeCompleto: 'Ana', especialidades: 'civil' }
    expect(memberBody(values, true)).toMatchObject({
      nomeCompleto: 'Ana',
      email: null,
      telefone: null,
      oabNumero: null,
      oabUf: null,
      dataAdmissao: null,
      especialidades: ['civil'],
      ativo: true,
      convidar: true,
    })
    expect(memberBody(values, false)).not.toHaveProperty('convidar')
  })

  it('uses the shared schema: an invitation needs an e-mail; without access it does not', async () => {
    const invite = await resolve(true, { nomeCompleto: 'Ana' })
    expect(invite.errors.email?.message).toBe('Informe o e-mail para enviar o convite.')
    const noAccess = await resolve(true, { nomeCompleto: 'Ana', convidar: false })
    expect(noAccess.errors).toEqual({})
  })

  it('puts the schema messages under their fields', async () => {
    const result = await resolve(false, { nomeCompleto: '', oabNumero: '1234567', telefone: '123' })
    expect(result.errors.nomeCompleto?.message).toBe('Nome completo é obrigatório')
    expect(result.errors.oabNumero?.message).toBe('Número da OAB inválido')
    expect(result.errors.telefone?.message).toBe('Telefone inválido')
  })

  it('fills the editor from a list row and round-trips it', () => {
    const member: TeamMember = {
      id: '00000000-0000-4000-8000-000000000001',
      nomeCompleto: 'Beto',
      email: 'beto@example.com',
      telefone: '11987654321',
      cargo: null,
      nivelAcesso: 'estagiario',
      oabNumero: null,
      oabUf: null,
      dataAdmissao: '2024-02-01',
      especialidades: ['civil', 'penal'],
      observacoes: null,
      ativo: true,
      valorHora: '150.50',
      acesso: 'conta',
      online: false,
      horasMes: 0,
      casosAtivos: 0,
      voce: false,
    }
    const values = memberFormValues(member)
    expect(values).toMatchObject({
      telefone: '(11) 98765-4321',
      especialidades: 'civil, penal',
      valorHora: '150,50',
      convidar: false,
    })
    expect(memberBody(values, false)).toMatchObject({
      email: 'beto@example.com',
      especialidades: ['civil', 'penal'],
      dataAdmissao: '2024-02-01',
      nivelAcesso: 'estagiario',
      valorHora: '150,50',
    })
    expect(updateMemberSchema.parse(memberBody(values, false)).valorHora).toBe('150.50')
  })
})
