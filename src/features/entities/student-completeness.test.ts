import { describe, expect, it } from 'vitest'
import { studentCompleteness } from './student-completeness'

const empty = {
  telefone: '',
  universidade: null,
  periodoCurso: null,
  cidadeId: null,
  bioProfissional: null,
  avatarUrl: null,
  linkedinUrl: null,
  sitePessoal: null,
}

describe('studentCompleteness', () => {
  it('is 0% with every field missing, listed in order', () => {
    expect(studentCompleteness(empty)).toEqual({
      percent: 0,
      missing: ['telefone', 'universidade', 'periodoCurso', 'cidade', 'bio', 'avatar', 'links'],
    })
  })

  it('counts blank text as missing and either link as the links field', () => {
    const result = studentCompleteness({
      ...empty,
      telefone: '21987654321',
      universidade: '  ',
      periodoCurso: 5,
      cidadeId: 3304557,
      sitePessoal: 'https://exemplo.com',
    })
    expect(result.missing).toEqual(['universidade', 'bio', 'avatar'])
    expect(result.percent).toBe(57)
  })

  it('is 100% when everything is filled', () => {
    expect(
      studentCompleteness({
        telefone: '21987654321',
        universidade: 'UFRJ',
        periodoCurso: 3,
        cidadeId: 3304557,
        bioProfissional: 'Estudante de Direito.',
        avatarUrl: '/api/files/avatars/x',
        linkedinUrl: 'https://linkedin.com/in/x',
        sitePessoal: null,
      }),
    ).toEqual({ percent: 100, missing: [] })
  })
})
