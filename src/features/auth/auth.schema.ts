import { z } from 'zod'
import '../../lib/zod-pt-br'
import { paths } from '../../lib/paths'
import { isValidCnpj, normalizeCnpj } from '../../lib/br/cnpj'
import { isValidPhone } from '../../lib/br/phone'
import { UFS } from '../../lib/br/uf'

// Contract of sign-up and sign-in, shared by the /auth form and the server routes. Messages are spec §8's.

export const USER_TYPES = ['advogado', 'estudante', 'entidade'] as const
export type UserType = (typeof USER_TYPES)[number]
export const TIPOS_ENTIDADE = ['escritorio', 'empresa', 'orgao_publico', 'ong', 'sindicato'] as const
export const PASSWORD_MIN = 6

/** Where the links of the e-mails land (screens of the /auth page). */
export const PASSWORD_RESET_PATH = paths.authResetPassword
export const EMAIL_CONFIRMED_PATH = paths.authEmailConfirmed

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
  // An empty select is "not chosen", not the number 0 (which z.coerce would make of it).
  periodoCurso: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce
      .number({ error: 'Selecione o período' })
      .int()
      .min(1, 'Período entre 1 e 10')
      .max(10, 'Período entre 1 e 10'),
  ),
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
    // Checked even while other fields are still wrong, so the form shows every message at once.
    when: ({ value }) => {
      const { password, confirmPassword } = (value ?? {}) as Record<string, unknown>
      return typeof password === 'string' && typeof confirmPassword === 'string'
    },
  })
export type SignUpInput = z.input<typeof signUpSchema>
export type SignUpData = z.output<typeof signUpSchema>

export interface SignUpResult {
  redirectTo: '/dashboard' | '/admin'
  emailConfirmationRequired: boolean
  /** A confirmation link went out even though the account is signed in at once (the MASTER_EMAIL one). */
  emailConfirmationSent: boolean
}

/** A new password's rule (sign-up, reset, the portal's invitation). */
export const newPassword = z
  .string()
  .min(PASSWORD_MIN, 'A senha deve ter pelo menos 6 caracteres')
  .max(128, 'A senha deve ter no máximo 128 caracteres')

/** 'Esqueci minha senha': the address the reset link goes to. */
export const forgotPasswordSchema = z.object({ email })
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>

/** The reset screen reached from the e-mailed link. */
export const resetPasswordSchema = z
  .object({ newPassword, confirmPassword: z.string() })
  .refine((data) => data.newPassword === data.confirmPassword, {
    message: 'As senhas não coincidem.',
    path: ['confirmPassword'],
    when: ({ value }) => {
      const { newPassword, confirmPassword } = (value ?? {}) as Record<string, unknown>
      return typeof newPassword === 'string' && typeof confirmPassword === 'string'
    },
  })
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>

/** Second step of sign-in when two-factor is on: a 6-digit TOTP code, or one of the backup codes. */
export const totpCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Digite os 6 dígitos do aplicativo autenticador'),
})
export const backupCodeSchema = z.object({
  code: z.string().trim().min(4, 'Digite um código de backup').max(64, 'Código de backup inválido.'),
})
export type SecondFactorInput = z.infer<typeof totpCodeSchema>
