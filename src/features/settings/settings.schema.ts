import { z } from 'zod'
import '../../lib/zod-pt-br'
import { UFS } from '../../lib/br/uf'

// Contract of /api/settings, shared by the settings form and the server route.

export const THEMES = ['light', 'dark', 'system'] as const
export const SETTINGS_LANGUAGES = ['pt-BR', 'en', 'es'] as const
export const DISPLAY_NAME_MAX = 80
export const BIO_MAX = 500

/** '' and whitespace mean "not set": stored as null. */
const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label}: máximo de ${max} caracteres`)
    .nullable()
    .transform((value) => (value ? value : null))

export const settingsSchema = z.strictObject({
  theme: z.enum(THEMES, { error: 'Tema inválido' }),
  compactMode: z.boolean(),
  language: z.enum(SETTINGS_LANGUAGES, { error: 'Idioma inválido' }),
  notifyEmail: z.boolean(),
  notifyPush: z.boolean(),
  notifyDeadlines: z.boolean(),
  notifyNewClients: z.boolean(),
  notifyWeeklyReports: z.boolean(),
  displayName: optionalText(DISPLAY_NAME_MAX, 'Nome de exibição'),
  bio: optionalText(BIO_MAX, 'Bio'),
  publicProfile: z.boolean(),
  dataSharing: z.boolean(),
  digitalSignature: z.boolean(),
  oabIntegration: z.boolean(),
  oabEstado: z.enum(UFS, { error: 'Estado da OAB inválido' }).nullable(),
})
export type SettingsInput = z.input<typeof settingsSchema>
export type SettingsData = z.output<typeof settingsSchema>

/** GET/PUT /api/settings answer. `updatedAt` is null while the user still has the defaults. */
export interface SettingsDto extends SettingsData {
  updatedAt: string | null
}

export const DEFAULT_SETTINGS: SettingsData = {
  theme: 'system',
  compactMode: false,
  language: 'pt-BR',
  notifyEmail: true,
  notifyPush: true,
  notifyDeadlines: true,
  notifyNewClients: true,
  notifyWeeklyReports: false,
  displayName: null,
  bio: null,
  publicProfile: true,
  dataSharing: false,
  digitalSignature: false,
  oabIntegration: false,
  oabEstado: null,
}

export type SignInMethod = 'password' | 'two_factor' | 'email_link'

export interface SignInActivityItem {
  id: string
  createdAt: string
  ip: string | null
  userAgent: string | null
  success: boolean
  method: SignInMethod
}

export interface ActiveSessionItem {
  id: string
  createdAt: string
  updatedAt: string
  expiresAt: string
  ip: string | null
  userAgent: string | null
  /** The session this request came with. */
  current: boolean
}

export const ACTIVITY_LIMIT = 20

export const sessionIdParamSchema = z.object({ id: z.string().min(1).max(200) })
