import { sql } from 'drizzle-orm'
import { boolean, check, integer, numeric, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core'
import { sessions, users } from '../auth/auth.table.server'
import { PIX_KEY_TYPES } from '../../lib/br/pix'
import { PAYMENT_PROVIDERS } from './platform-settings.constants'

/**
 * The platform's own settings (/admin/settings, issue 14): ONE row (id = 1, inserted by the migration).
 * Read on the request path through a per-node cache that a trigger evicts on every node
 * (platform-settings.cache.server.ts). Defaults are spec §9's sample values.
 */
export const platformSettings = pgTable(
  'platform_settings',
  {
    id: smallint('id').primaryKey().default(1),
    // Geral.
    platformName: text('platform_name').notNull().default('JusConecta'),
    /** Origin of links in e-mails; null = the server's PUBLIC_URL. */
    baseUrl: text('base_url'),
    maintenanceMode: boolean('maintenance_mode').notNull().default(false),
    signupsOpen: boolean('signups_open').notNull().default(true),
    // E-mail (the platform's SMTP). The password is AES-256-GCM ciphertext and never leaves the server.
    smtpHost: text('smtp_host'),
    smtpPort: integer('smtp_port').notNull().default(587),
    smtpSecure: boolean('smtp_secure').notNull().default(false),
    smtpUser: text('smtp_user'),
    smtpPasswordEnc: text('smtp_password_enc'),
    smtpFrom: text('smtp_from'),
    // Pagamentos.
    paymentProvider: text('payment_provider', { enum: PAYMENT_PROVIDERS }).notNull().default('mercado_pago'),
    monthlyPrice: numeric('monthly_price', { precision: 14, scale: 2 }).notNull().default('97.00'),
    trialDays: integer('trial_days').notNull().default(7),
    annualDiscount: integer('annual_discount').notNull().default(20),
    autoBilling: boolean('auto_billing').notNull().default(true),
    /** The platform's Pix key that subscription charges are paid to (null = charges cannot be issued). */
    pixKeyType: text('pix_key_type', { enum: PIX_KEY_TYPES }),
    pixKey: text('pix_key'),
    pixMerchantName: text('pix_merchant_name'),
    pixMerchantCity: text('pix_merchant_city'),
    /** Days an overdue subscription keeps writing before its office becomes read-only. */
    billingGraceDays: integer('billing_grace_days').notNull().default(10),
    /** 'Captura de publicações' (issue 27): off stops every call to the DJEN and DataJud, platform-wide. */
    publicationsCapture: boolean('publications_capture').notNull().default(true),
    // Segurança.
    require2faAdmins: boolean('require_2fa_admins').notNull().default(false),
    auditLogs: boolean('audit_logs').notNull().default(true),
    sessionTimeoutMin: integer('session_timeout_min').notNull().default(120),
    loginAttempts: integer('login_attempts').notNull().default(5),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    check('platform_settings_singleton', sql`${table.id} = 1`),
    check('platform_settings_port_check', sql`${table.smtpPort} between 1 and 65535`),
    check('platform_settings_price_check', sql`${table.monthlyPrice} >= 0`),
    check('platform_settings_trial_check', sql`${table.trialDays} between 0 and 365`),
    check('platform_settings_discount_check', sql`${table.annualDiscount} between 0 and 100`),
    check('platform_settings_timeout_check', sql`${table.sessionTimeoutMin} between 5 and 1440`),
    check('platform_settings_grace_check', sql`${table.billingGraceDays} between 0 and 90`),
    check('platform_settings_attempts_check', sql`${table.loginAttempts} between 3 and 20`),
  ],
)

/**
 * When each session last reached the API (the platform's inactivity timeout). Its own table, not the office's
 * session_activity: each timeout must see the activity of its own scope (writing one row for both would make
 * every office request look active to the other check). Written at most once a minute per session and node.
 */
export const platformSessionActivity = pgTable('platform_session_activity', {
  sessionId: text('session_id')
    .primaryKey()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
})
