import { lawyerSignUp } from '../../test/accounts'

// Sign-up bodies for the other user types, next to the lawyer's in src/test/accounts.ts.

export function studentSignUp() {
  const { oabNumero: _number, oabEstado: _state, ...base } = lawyerSignUp({ nomeCompleto: 'Eva Estudante' })
  return {
    ...base,
    email: base.email.replace('adv-', 'est-'),
    userType: 'estudante' as const,
    universidade: 'USP',
    periodoCurso: 5,
  }
}

export function entitySignUp() {
  const { oabNumero: _number, oabEstado: _state, ...base } = lawyerSignUp({ nomeCompleto: 'Ênio Entidade' })
  return {
    ...base,
    email: base.email.replace('adv-', 'ent-'),
    userType: 'entidade' as const,
    nomeEntidade: 'Sindicato dos Testes',
    cnpj: '11.222.333/0001-81',
    tipoEntidade: 'sindicato' as const,
  }
}
