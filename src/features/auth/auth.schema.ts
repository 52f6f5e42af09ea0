import { z } from 'zod'
import '../../lib/zod-pt-br'
import { isValidCnpj, normalizeCnpj } from '../../lib/br/cnpj'
import { isValidPhone } from '../../lib/br/phone'
import { UFS } from '../../lib/br/uf'

// Contract of sign-up and sign-in, shared by the /auth form and the server routes. Messages are spec §8's.

export const USER_TYPES = ['advogado', 'estudante', 'entidade'] as const
export type UserType = (typeof USER_TYPES)[number]
export const TIPOS_ENTIDADE = ['escritorio', 'empresa', 'orgao_publico', 'ong', 'sindicato'] as const
export const PASSWORD_MIN = 6

const email = z.string().trim().toLowerCase().max(254, 'Email inválido').pipe(z.email('Email inválido'))
const required = (label: string, max = 200) =>
  z.string().trim().min(1, `${label} é obrigatório`).max(max, `${label}: máximo de ${max} caracteres`)

export const signInSchema = z.object({
  email: email,
  password: z.string().min(1, 'Senha é obrigatória').max(128),
})
export type SignInInput = z.infer<typeof signInSchema>

const baseSignUp = z.object({
  email,
  password: z
    .string()
    .min(PASSWORD_MIN, 'A senha deve ter pelo menos 6 caracteres')
    .max(128, 'A senha deve ter no máximo 128 caracteres'),
  confirmPassword: z.string(),
  nomeCompleto: required('Nome completo', 120),
  telefone: z.string().trim().refine(isValidPhone, 'Telefone inválido'),
  estadoId: z.coerce.number({ error: 'Selecione um estado' }).int().positive('Selecione um estado'),
  cidadeId: z.coerce.number({ error: 'Selecione uma cidade' }).int().positive('Selecione uma cidade'),
})

const advogado = baseSignUp.extend({
  userType: z.literal('advogado'),
  oabNumero: z
    .string()
    .trim()
    .regex(/^\d{1,6}(-?[A-Za-z])?$/, 'Número da OAB inválido (até 6 dígitos, letra opcional)'),
  oabEstado: z.enum(UFS, { error: 'Selecione o estado da OAB' }),
})
const estudante = baseSignUp.extend({
  userType: z.literal('estudante'),
  universidade: required('Universidade', 160),
  periodoCurso: z.coerce
    .number({ error: 'Selecione o período' })
    .int()
    .min(1, 'Período entre 1 e 10')
    .max(10, 'Período entre 1 e 10'),
})
const entidade = baseSignUp.extend({
  userType: z.literal('entidade'),
  nomeEntidade: required('Nome da entidade', 160),
  cnpj: z.string().trim().refine(isValidCnpj, 'CNPJ inválido').transform(normalizeCnpj),
  tipoEntidade: z.enum(TIPOS_ENTIDADE, { error: 'Selecione o tipo de entidade' }),
})

export const signUpSchema = z
  .discriminatedUnion('userType', [advogado, estudante, entidade], { error: 'Selecione o tipo de usuário' })
  .refine((data) => data.password === data.confirmPassword, {
    message: 'As senhas não coincidem.',
    path: ['confirmPassword'],
  })
export type SignUpInput = z.input<typeof signUpSchema>
export type SignUpData = z.output<typeof signUpSchema>

export interface SignUpResult {
  redirectTo: '/dashboard' | '/admin'
  emailConfirmationRequired: boolean
}
