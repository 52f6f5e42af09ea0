import { describe, expect, it } from 'vitest'
import { isProfileComplete } from './profile-completeness'

describe('isProfileComplete (spec §4)', () => {
  it('needs both OAB number and phone for a lawyer', () => {
    expect(
      isProfileComplete({ userType: 'advogado', oabNumero: '123456', telefone: '(11) 98765-4321' }),
    ).toBe(true)
    expect(isProfileComplete({ userType: 'advogado', oabNumero: null, telefone: '(11) 98765-4321' })).toBe(
      false,
    )
    expect(isProfileComplete({ userType: 'advogado', oabNumero: '123456', telefone: '' })).toBe(false)
    expect(isProfileComplete({ userType: 'advogado', oabNumero: '  ', telefone: '(11) 98765-4321' })).toBe(
      false,
    )
  })

  it('needs only the phone for students and entities', () => {
    expect(isProfileComplete({ userType: 'estudante', oabNumero: null, telefone: '(11) 3456-7890' })).toBe(
      true,
    )
    expect(isProfileComplete({ userType: 'entidade', oabNumero: null, telefone: '(11) 3456-7890' })).toBe(
      true,
    )
    expect(isProfileComplete({ userType: 'estudante', oabNumero: null, telefone: '' })).toBe(false)
    expect(isProfileComplete({ userType: 'entidade', oabNumero: '1', telefone: ' ' })).toBe(false)
  })
})
