import { sql } from 'drizzle-orm'
import { boolean, check, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { sessions, users } from '../auth/auth.table.server'
import { offices } from '../offices/offices.table.server'
import { BACKUP_FREQUENCIAS, PIX_TIPOS, SMTP_SECURITIES } from './office-settings.constants'

/**
 * An office's Configurações Avançadas (issue 12): one row per office, created lazily on the first save —
 * an office without a row uses the column defaults (OFFICE_SETTINGS_DEFAULTS mirrors them). Every setting
 * here is acted on somewhere (2FA and session timeout in requireOffice, encryption in document uploads,
 * the notification jobs, the backup scheduler, the office mailer, PDFs' letterhead).
 */
export const officeSettings = pgTable(
  'office_settings',
  {
    officeId: uuid('office_id')
      .primaryKey()
      .references(() => offices.id, { onDelete: 'cascade' }),
    // Personalização do escritório (letterhead of PDFs, header's office name).
    nomeEscritorio: text('nome_escritorio'),
    cnpj: text('cnpj'),
    oabRegistro: text('oab_registro'),
    telefone: text('telefone'),
    endereco: text('endereco'),
    // The office's Pix key for charges.
    pixChave: text('pix_chave'),
    pixTipo: text('pix_tipo', { enum: PIX_TIPOS }),
    pixNome: text('pix_nome'),
    pixCidade: text('pix_cidade'),
    // Segurança.
    require2fa: boolean('require_2fa').notNull().default(false),
    encryptDocuments: boolean('encrypt_documents').notNull().default(false),
    auditViewer: boolean('audit_viewer').notNull().default(true),
    sessionTimeoutMin: integer('session_timeout_min').notNull().default(480),
    // Notificações.
    notifyPrazos: boolean('notify_prazos').notNull().default(true),
    notifyNewClients: boolean('notify_new_clients').notNull().default(true),
    weeklyReport: boolean('weekly_report').notNull().default(false),
    alertEmail: text('alert_email'),
    // Backup (the scheduler of the backup feature reads these).
    backupAutomatico: boolean('backup_automatico').notNull().default(true),
    backupFrequencia: text('backup_frequencia', { enum: BACKUP_FREQUENCIAS }).notNull().default('diario'),
    backupRetencaoDias: integer('backup_retencao_dias').notNull().default(30),
    // Servidor de e-mail. The password is AES-256-GCM ciphertext (base64) and never leaves the server.
    smtpHost: text('smtp_host'),
    smtpPort: integer('smtp_port').notNull().default(587),
    smtpSecurity: text('smtp_security', { enum: SMTP_SECURITIES }).notNull().default('tls'),
    smtpUser: text('smtp_user'),
    smtpPasswordEnc: text('smtp_password_enc'),
    smtpFrom: text('smtp_from'),
    smtpSignature: text('smtp_signature'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    check('office_settings_timeout_check', sql`${table.sessionTimeoutMin} between 5 and 1440`),
    check('office_settings_port_check', sql`${table.smtpPort} between 1 and 65535`),
    check('office_settings_retencao_check', sql`${table.backupRetencaoDias} between 1 and 3650`),
  ],
)

/**
 * When each session last used an office (the inactivity timeout, issue 12). Written at most once a minute per
 * session and node (a per-node cache remembers the write), so the check costs no round trip on most requests.
 * A trigger (migration 0019) evicts the cached entry when last_active_at moves BACKWARDS (an operator or a test
 * ageing the row), which normal writes never do.
 */
export const sessionActivity = pgTable('session_activity', {
  sessionId: text('session_id')
    .primaryKey()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
})
