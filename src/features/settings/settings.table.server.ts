import { sql } from 'drizzle-orm'
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from '../auth/auth.table.server'

/** One row per user once they save their settings; until then GET /api/settings answers the defaults. */
export const userSettings = pgTable(
  'user_settings',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    theme: text('theme', { enum: ['light', 'dark', 'system'] })
      .notNull()
      .default('system'),
    compactMode: boolean('compact_mode').notNull().default(false),
    language: text('language', { enum: ['pt-BR', 'en', 'es'] })
      .notNull()
      .default('pt-BR'),
    notifyEmail: boolean('notify_email').notNull().default(true),
    notifyPush: boolean('notify_push').notNull().default(true),
    notifyDeadlines: boolean('notify_deadlines').notNull().default(true),
    notifyNewClients: boolean('notify_new_clients').notNull().default(true),
    notifyWeeklyReports: boolean('notify_weekly_reports').notNull().default(false),
    displayName: text('display_name'),
    bio: text('bio'),
    publicProfile: boolean('public_profile').notNull().default(true),
    dataSharing: boolean('data_sharing').notNull().default(false),
    digitalSignature: boolean('digital_signature').notNull().default(false),
    oabIntegration: boolean('oab_integration').notNull().default(false),
    oabEstado: text('oab_estado'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('user_settings_display_name_len', sql`char_length(${table.displayName}) <= 80`),
    check('user_settings_bio_len', sql`char_length(${table.bio}) <= 500`),
  ],
)

/** Sign-ins that produced a session (password, second factor, e-mail link): the user's recent activity. */
export const signInEvents = pgTable(
  'sign_in_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    success: boolean('success').notNull().default(true),
    method: text('method', { enum: ['password', 'two_factor', 'email_link'] }).notNull(),
  },
  (table) => [index('sign_in_events_user_created_idx').on(table.userId, table.createdAt.desc())],
)
