import { z } from 'zod'
import { PIX_KEY_TYPES, PIX_LIMITS, PIX_MESSAGES, pixKeySchema } from '../../lib/br/pix'
import {
  PAYMENT_PROVIDER_NAMES,
  PAYMENT_PROVIDERS,
  PLATFORM_DEFAULTS,
  type PaymentProvider,
} from './platform-settings.constants'

export { PAYMENT_PROVIDER_NAMES, PAYMENT_PROVIDERS, PLATFORM_DEFAULTS, type PaymentProvider }

/** pt-BR messages of the platform settings (toasts, field errors, the enforcement answers). */
export const PLATFORM_SETTINGS_MESSAGES = {
  platformName: 'Informe o nome da plataforma (até 80 caracteres).',
  baseUrl: 'URL base inválida. Use http:// ou https:// e apenas o endereço (ex.: https://jusconecta.com.br).',
  port: 'A porta deve ser um número entre 1 e 65535.',
  smtpHost: 'Servidor SMTP inválido.',
  email: 'E-mail inválido.',
  text: 'Texto longo demais.',
  price: 'Informe um preço válido (ex.: 97,00).',
  trialDays: 'Os dias de teste devem ser entre 0 e 365.',
  discount: 'O desconto anual deve ser entre 0 e 100%.',
  timeout: 'O tempo de sessão deve ser entre 5 e 1440 minutos.',
  attempts: 'As tentativas de login devem ser entre 3 e 20.',
  graceDays: 'Os dias de carência devem ser entre 0 e 90.',
  pixMerchantName: 'Informe o nome do recebedor do Pix (até 25 caracteres).',
  pixMerchantCity: 'Informe a cidade do recebedor do Pix (até 15 caracteres).',
  smtpNotConfigured: 'Configure o servidor SMTP e o e-mail de envio antes de testar.',
  maintenance: 'A plataforma está em manutenção. Tente novamente em alguns minutos.',
  restoring: 'A plataforma está em manutenção para restauração de backup. Tente novamente em alguns minutos.',
  signupsClosed: 'Novos cadastros estão temporariamente desativados. Tente novamente mais tarde.',
  twoFactorRequired:
    'A autenticação em dois fatores é obrigatória para administradores. Ative-a em Configurações > Segurança.',
} as const

const M = PLATFORM_SETTINGS_MESSAGES

const optionalText = (max: number, message: string = M.text) =>
  z
    .union([z.string(), z.null()], { error: message })
    .optional()
    .transform((value) => (value == null ? null : value.trim() || null))
    .pipe(z.string().max(max, message).nullable())

/** Like optionalText, but an omitted field stays undefined (kept as stored). */
const keptText = (max: number, message: string) =>
  z
    .union([z.string(), z.null()], { error: message })
    .optional()
    .transform((value) => (value === undefined ? undefined : value === null ? null : value.trim() || null))
    .pipe(z.string().max(max, message).nullable().optional())

const integerIn = (min: number, max: number, message: string) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(max, message)

/** An origin only (scheme, host, optional port): links are built as `${baseUrl}/path`. */
const baseUrl = optionalText(200, M.baseUrl).refine(
  (v) => v === null || /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i.test(v.replace(/\/$/, '')),
  M.baseUrl,
)

/** '97,00', '97.00', '1.234,56' → '97.00' (numeric(14,2) on the wire as a string). */
const price = z
  .union([z.string(), z.number()], { error: M.price })
  .transform((value) => {
    const text = String(value)
      .trim()
      .replace(/^R\$\s*/, '')
    const normalized = text.includes(',') ? text.replace(/\./g, '').replace(',', '.') : text
    return /^\d{1,12}(\.\d{1,2})?$/.test(normalized) ? Number(normalized).toFixed(2) : null
  })
  .refine((v): v is string => v !== null, M.price)
  .transform((v) => v as string)

/** PUT /api/platform-settings: the whole form (each card sends every field). */
const platformSettingsFields = z.object({
  platformName: z.string({ error: M.platformName }).trim().min(1, M.platformName).max(80, M.platformName),
  baseUrl: baseUrl.transform((v) => (v === null ? null : v.replace(/\/$/, ''))),
  maintenanceMode: z.boolean(),
  signupsOpen: z.boolean(),
  smtpHost: optionalText(253, M.smtpHost).refine(
    (v) => v === null || /^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/i.test(v),
    M.smtpHost,
  ),
  smtpPort: integerIn(1, 65535, M.port),
  smtpSecure: z.boolean(),
  smtpUser: optionalText(254),
  /** undefined keeps the stored password; '' or null removes it. */
  smtpPassword: z.string().max(500, M.text).nullable().optional(),
  smtpFrom: optionalText(254, M.email).pipe(z.email(M.email).nullable()),
  paymentProvider: z.enum(PAYMENT_PROVIDERS),
  monthlyPrice: price,
  trialDays: integerIn(0, 365, M.trialDays),
  annualDiscount: integerIn(0, 100, M.discount),
  autoBilling: z.boolean(),
  require2faAdmins: z.boolean(),
  auditLogs: z.boolean(),
  sessionTimeoutMin: integerIn(5, 1440, M.timeout),
  loginAttempts: integerIn(3, 20, M.attempts),
  // The platform's Pix account for subscription charges (issue 14). Omitted = keep what is stored (a client
  // that does not know these fields never erases the key); null/'' = no key, so nothing is charged.
  pixKeyType: z.enum(PIX_KEY_TYPES, { error: PIX_MESSAGES.tipo }).nullable().optional(),
  pixKey: keptText(PIX_LIMITS.chave, PIX_MESSAGES.required),
  pixMerchantName: keptText(PIX_LIMITS.nome, M.pixMerchantName),
  pixMerchantCity: keptText(PIX_LIMITS.cidade, M.pixMerchantCity),
  billingGraceDays: integerIn(0, 90, M.graceDays).optional(),
  // 'Captura de publicações' (issue 27). Omitted = keep what is stored.
  publicationsCapture: z.boolean().optional(),
})

/** A Pix key is checked by its type (pixKeySchema) and needs the name and city a BR Code carries. */
export const platformSettingsInput = platformSettingsFields.superRefine((value, ctx) => {
  if (!value.pixKey) return
  const key = pixKeySchema.safeParse({ tipo: value.pixKeyType, chave: value.pixKey })
  for (const issue of key.success ? [] : key.error.issues) {
    const path = issue.path[0] === 'tipo' ? 'pixKeyType' : 'pixKey'
    ctx.addIssue({ code: 'custom', path: [path], message: issue.message })
  }
  if (!value.pixMerchantName)
    ctx.addIssue({ code: 'custom', path: ['pixMerchantName'], message: M.pixMerchantName })
  if (!value.pixMerchantCity)
    ctx.addIssue({ code: 'custom', path: ['pixMerchantCity'], message: M.pixMerchantCity })
})
export type PlatformSettingsInput = z.input<typeof platformSettingsInput>
export type PlatformSettingsValues = z.output<typeof platformSettingsInput>

/** What the page reads: the password never, only whether one is stored. */
export interface PlatformSettingsDto extends Omit<PlatformSettingsValues, 'smtpPassword'> {
  smtpPasswordSet: boolean
  /** The server's PUBLIC_URL: what links use while baseUrl is empty. */
  defaultBaseUrl: string
  updatedAt: string
}

/** GET /api/platform-settings/public: what every visitor's SPA needs before anything else. */
export interface PublicPlatformInfo {
  platformName: string
  maintenanceMode: boolean
  signupsOpen: boolean
}

export interface SmtpTestResult {
  ok: boolean
  response: string
}

/** The four cards of /admin/settings. */
export interface PlatformStatusCards {
  status: { level: 'ok' | 'warning' | 'critical'; activeAlerts: number }
  activeUsers: { lastFiveMinutes: number; today: number }
  storage: { filesBytes: number; databaseBytes: number }
  /** No subscriptions exist yet: always '0.00', said so on the card. */
  monthlyRevenue: { amount: string; subscriptionsAvailable: boolean }
}
