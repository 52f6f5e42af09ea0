import { describe, expect, it } from 'vitest'
import type { ProfileDto } from '../auth/me.schema'
import { parseAnosExperiencia, parseFee, profileFormValues, toProfilePayload } from './profile-form-values'
import { updateProfileSchema } from './profiles.schema'

const lawyer: ProfileDto = {
  id: 'p1',
  userId: 'u1',
  userType: 'advogado',
  nomeCompleto: 'Ana Advogada',
  telefone: '(11) 98765-4321',
  avatarUrl: null,
  estadoId: 35,
  cidadeId: 3550308,
  bioProfissional: null,
  anosExperiencia: 7,
  faixaHonorariosMin: 1234.5,
  faixaHonorariosMax: null,
  linkedinUrl: null,
  sitePessoal: null,
  oabNumero: '123456',
  oabEstado: 'SP',
  universidade: null,
  periodoCurso: null,
  nomeEntidade: null,
  cnpj: null,
  tipoEntidade: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
}

describe('spec §5 coercions of the profile form', () => {
  it.each([
    ['', null],
    ['0', 0],
    ['12', 12],
    ['50', 50],
    ['51', 0],
    ['-3', 0],
    ['2.5', 0],
    ['dez', 0],
  ])('anos de experiência %j → %j', (input, expected) => {
    expect(parseAnosExperiencia(input)).toBe(expected)
  })

  it.each([
    ['', null],
    ['1.234,50', 1234.5],
    ['1234.5', 1234.5],
    ['R$ 300', 300],
    ['abc', 0],
    ['-10', 0],
  ])('honorários %j → %j', (input, expected) => {
    expect(parseFee(input)).toBe(expected)
  })
})

describe('profile form ↔ API', () => {
  it('shows stored amounts the way people type them', () => {
    expect(profileFormValues(lawyer)).toMatchObject({
      faixaHonorariosMin: '1.234,50',
      faixaHonorariosMax: '',
    })
  })

  it('round-trips a lawyer profile into a body the shared schema accepts', () => {
    const payload = toProfilePayload(profileFormValues(lawyer), 'advogado')
    expect(payload).toMatchObject({
      anosExperiencia: 7,
      faixaHonorariosMin: 1234.5,
      faixaHonorariosMax: null,
    })
    expect(payload).not.toHaveProperty('universidade')
    expect(updateProfileSchema.safeParse(payload).success).toBe(true)
  })

  it('sends only the student’s own fields', () => {
    const values = { ...profileFormValues(lawyer), universidade: 'USP', periodoCurso: '3' }
    const payload = toProfilePayload(values, 'estudante')
    expect(payload).toMatchObject({ universidade: 'USP', periodoCurso: 3 })
    expect(payload).not.toHaveProperty('oabNumero')
    expect(payload).not.toHaveProperty('anosExperiencia')
  })
})
