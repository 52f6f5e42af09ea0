import { z } from 'zod'
import { formatCnpj, isValidCnpj } from '../../lib/br/cnpj'
import { formatPhone, isValidPhone } from '../../lib/br/phone'
import { normalizePixKey, PIX_MESSAGES } from '../../lib/br/pix'
import {
  BACKUP_FREQUENCIAS,
  PIX_TIPOS,
  SMTP_PORTS,
  SMTP_SECURITIES,
  type BackupFrequencia,
  type PixTipo,
  type SmtpSecurity,
} from './office-settings.constants'

export {
  BACKUP_FREQUENCIAS,
  PIX_TIPOS,
  SMTP_PORTS,
  SMTP_SECURITIES,
  type BackupFrequencia,
  type PixTipo,
  type SmtpSecurity,
}

/** pt-BR messages of the office-settings routes (toasts and field errors). */
export const OFFICE_SETTINGS_MESSAGES = {
  cnpj: 'CNPJ inválido.',
  telefone: 'Telefone inválido. Informe DDD e número.',
  email: 'E-mail inválido.',
  port: 'Porta SMTP não permitida. Use 25, 465, 587 ou 2525.',
  timeout: 'O tempo de sessão deve ser entre 5 e 1440 minutos.',
  retencao: 'A retenção deve ser entre 1 e 3650 dias.',
  text: 'Texto longo demais.',
  pixIncompleta: 'Informe o tipo e a chave Pix.',
  pixNome: 'Nome do recebedor Pix: até 25 caracteres.',
  pixCidade: 'Cidade do recebedor Pix: até 15 caracteres.',
  smtpHost: 'Servidor SMTP inválido.',
  smtpIncompleto: 'Informe o servidor SMTP e o e-mail do escritório.',
  smtpNotConfigured: 'Configure o servidor SMTP e o e-mail do escritório antes de testar.',
} as const

/**
 * What 'Testar' answers (issue 24): a fixed category, never the mail server's own words or a network error —
 * those made the button a port and banner scanner.
 */
export const SMTP_TEST_MESSAGES = {
  sent: 'E-mail de teste enviado para o seu endereço.',
  notAllowed: 'Endereço do servidor SMTP não permitido.',
  portNotAllowed: OFFICE_SETTINGS_MESSAGES.port,
  notFound: 'Servidor SMTP não encontrado. Verifique o endereço.',
  connection: 'Não foi possível conectar ao servidor SMTP.',
  timeout: 'Tempo esgotado ao conectar ao servidor SMTP.',
  auth: 'O servidor SMTP recusou a autenticação.',
  tls: 'Falha na conexão segura (TLS) com o servidor SMTP.',
  envelope: 'O servidor SMTP recusou o remetente ou o destinatário.',
  message: 'O servidor SMTP recusou a mensagem.',
  failed: 'Não foi possível enviar o e-mail de teste.',
} as const

export type SmtpTestOutcome = keyof typeof SMTP_TEST_MESSAGES

const M = OFFICE_SETTINGS_MESSAGES

/** Optional text: trimmed, '' and null become null. */
const optionalText = (max: number, message: string = M.text) =>
  z
    .union([z.string(), z.null()], { error: message })
    .optional()
    .transform((value) => (value == null ? null : value.trim() || null))
    .pipe(z.string().max(max, message).nullable())

const optionalEmail = optionalText(254, M.email).pipe(z.email(M.email).nullable())

const integerIn = (min: number, max: number, message: string) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(max, message)

/** PUT /api/office-settings: every setting of the page (Salvar Configurações sends them all). */
export const officeSettingsInput = z
  .object({
    nomeEscritorio: optionalText(150),
    cnpj: optionalText(20, M.cnpj).refine((v) => v === null || isValidCnpj(v), M.cnpj),
    oabRegistro: optionalText(40),
    telefone: optionalText(20, M.telefone).refine((v) => v === null || isValidPhone(v), M.telefone),
    endereco: optionalText(300),
    pixTipo: z.enum(PIX_TIPOS, { error: PIX_MESSAGES.tipo }).nullable().optional().default(null),
    pixChave: optionalText(100, PIX_MESSAGES.required),
    pixNome: optionalText(25, M.pixNome),
    pixCidade: optionalText(15, M.pixCidade),
    require2fa: z.boolean(),
    encryptDocuments: z.boolean(),
    auditViewer: z.boolean(),
    sessionTimeoutMin: integerIn(5, 1440, M.timeout),
    notifyPrazos: z.boolean(),
    notifyNewClients: z.boolean(),
    weeklyReport: z.boolean(),
    alertEmail: optionalEmail,
    backupAutomatico: z.boolean(),
    backupFrequencia: z.enum(BACKUP_FREQUENCIAS),
    backupRetencaoDias: integerIn(1, 3650, M.retencao),
    smtpHost: optionalText(253, M.smtpHost).refine(
      (v) => v === null || /^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/i.test(v),
      M.smtpHost,
    ),
    smtpPort: z.coerce
      .number({ error: M.port })
      .refine((port) => (SMTP_PORTS as readonly number[]).includes(port), M.port),
    smtpSecurity: z.enum(SMTP_SECURITIES),
    smtpUser: optionalText(254),
    /** Absent: keep the stored password; '' or null: remove it; text: replace it. */
    smtpPassword: z.union([z.string().max(500, M.text), z.null()]).optional(),
    smtpFrom: optionalEmail,
    smtpSignature: optionalText(2000),
  })
  .transform((value, ctx) => {
    const { pixTipo, pixChave } = value
    let chave: string | null = null
    if (pixTipo || pixChave || value.pixNome || value.pixCidade) {
      if (!pixTipo || !pixChave) {
        ctx.addIssue({ code: 'custom', path: ['pixChave'], message: M.pixIncompleta })
        return z.NEVER
      }
      // The same check as the Pix charges (src/lib/br/pix.ts): CPF, CNPJ, e-mail, mobile +55, random key.
      chave = normalizePixKey(pixTipo, pixChave)
      if (!chave) {
        ctx.addIssue({ code: 'custom', path: ['pixChave'], message: PIX_MESSAGES[pixTipo] })
        return z.NEVER
      }
    }
    if ((value.smtpHost === null) !== (value.smtpFrom === null)) {
      const path = value.smtpHost === null ? 'smtpHost' : 'smtpFrom'
      ctx.addIssue({ code: 'custom', path: [path], message: M.smtpIncompleto })
      return z.NEVER
    }
    return {
      ...value,
      pixChave: chave,
      pixTipo: chave ? pixTipo : null,
      cnpj: value.cnpj && formatCnpj(value.cnpj),
      telefone: value.telefone && formatPhone(value.telefone),
    }
  })

export type OfficeSettingsInput = z.input<typeof officeSettingsInput>
export type OfficeSettingsValues = z.output<typeof officeSettingsInput>

/** What the page reads: every setting, never the SMTP password (only whether one is stored). */
export interface OfficeSettingsDto {
  nomeEscritorio: string | null
  cnpj: string | null
  oabRegistro: string | null
  telefone: string | null
  endereco: string | null
  pixTipo: PixTipo | null
  pixChave: string | null
  pixNome: string | null
  pixCidade: string | null
  require2fa: boolean
  encryptDocuments: boolean
  auditViewer: boolean
  sessionTimeoutMin: number
  notifyPrazos: boolean
  notifyNewClients: boolean
  weeklyReport: boolean
  alertEmail: string | null
  backupAutomatico: boolean
  backupFrequencia: BackupFrequencia
  backupRetencaoDias: number
  smtpHost: string | null
  smtpPort: number
  smtpSecurity: SmtpSecurity
  smtpUser: string | null
  smtpPasswordSet: boolean
  smtpFrom: string | null
  smtpSignature: string | null
  /** The office's own name: what the header shows while nomeEscritorio is empty. */
  officeName: string
  /** Null until the office saves for the first time. */
  updatedAt: string | null
}

/**
 * POST /api/office-settings/smtp-test: nothing to choose. The message goes to the signed-in sócio's own
 * address (issue 24: a recipient from the request made the office's server a relay to anyone).
 */
export const smtpTestInput = z.strictObject({})

/** The outcome of the test, as a fixed category and its pt-BR sentence (never the server's own text). */
export interface SmtpTestResult {
  ok: boolean
  outcome: SmtpTestOutcome
  /** SMTP_TEST_MESSAGES[outcome]. */
  response: string
}
