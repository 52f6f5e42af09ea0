import { eq, sql } from 'drizzle-orm'
import nodemailer from 'nodemailer'
import { centsToDecimal } from '../../lib/br/money'
import { normalizePixKey } from '../../lib/br/pix'
import type { Database } from '../../db/client.server'
import type { AppDeps } from '../../platform/app-env.server'
import { decryptSecret, encryptSecret, getEncryptionKey } from '../../platform/file-encryption.server'
import { readPlatformSettings, type PlatformSettingsRow } from './platform-settings.cache.server'
import { monthlyRevenueSource } from './platform-settings.hooks.server'
import type {
  PlatformSettingsDto,
  PlatformSettingsValues,
  PlatformStatusCards,
  SmtpTestResult,
} from './platform-settings.schema'
import { platformSettings } from './platform-settings.table.server'

type Executor = Pick<Database, 'select' | 'update' | 'execute'>

/** The row as the page sees it: the SMTP password never leaves the server, only whether one is stored. */
export function toPlatformSettingsDto(row: PlatformSettingsRow, defaultBaseUrl: string): PlatformSettingsDto {
  const { smtpPasswordEnc, updatedAt, updatedBy: _by, id: _id, ...rest } = row
  return {
    ...rest,
    smtpPasswordSet: Boolean(smtpPasswordEnc),
    defaultBaseUrl,
    updatedAt: updatedAt.toISOString(),
  }
}

/** Column values of a save; an undefined smtpPassword keeps the stored one. */
function columnsOf(values: PlatformSettingsValues, key: Buffer, current: PlatformSettingsRow) {
  const { smtpPassword, ...settings } = values
  const smtpPasswordEnc =
    smtpPassword === undefined
      ? current.smtpPasswordEnc
      : smtpPassword === null || smtpPassword === ''
        ? null
        : encryptSecret(key, smtpPassword)
  // The Pix key is stored normalised (the schema checked it); an omitted Pix field keeps what is stored.
  const pixKey =
    settings.pixKey && settings.pixKeyType
      ? normalizePixKey(settings.pixKeyType, settings.pixKey)
      : settings.pixKey
  const kept = Object.fromEntries(Object.entries({ ...settings, pixKey }).filter(([, v]) => v !== undefined))
  // No server, no credentials: a password kept for a removed server would be sent to the next one typed in.
  return { ...kept, smtpPasswordEnc: settings.smtpHost ? smtpPasswordEnc : null }
}

/** Names of the settings a save changed (the audit keeps names, never values). */
function changedFields(before: PlatformSettingsRow, after: Record<string, unknown>): string[] {
  return Object.keys(after)
    .filter(
      (field) => String(before[field as keyof PlatformSettingsRow] ?? '') !== String(after[field] ?? ''),
    )
    .map((field) => (field === 'smtpPasswordEnc' ? 'smtpPassword' : field))
}

/** Updates the one row (the trigger evicts every node's cache on commit); returns the changed field names. */
export async function savePlatformSettings(
  tx: Executor,
  userId: string,
  values: PlatformSettingsValues,
  key: Buffer,
): Promise<string[]> {
  const current = await readPlatformSettings(tx)
  const columns = columnsOf(values, key, current)
  const fields = changedFields(current, columns)
  await tx
    .update(platformSettings)
    .set({ ...columns, updatedAt: sql`now()`, updatedBy: userId })
    .where(eq(platformSettings.id, 1))
  return fields
}

/**
 * Maintenance on or off from code (the platform restore of PLATFORM-BACKUP: maintenance while it restores).
 * The trigger evicts every node's cached settings; the caller may await settlePlatformSettings for this node.
 */
export async function setPlatformMaintenance(db: Pick<Database, 'update'>, on: boolean): Promise<void> {
  await db
    .update(platformSettings)
    .set({ maintenanceMode: on, updatedAt: sql`now()` })
    .where(eq(platformSettings.id, 1))
}

// A mail server that does not answer must not hold a request for minutes.
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }

/** The SMTP server's own words: its reply, or the network error (ECONNREFUSED…). */
function serverAnswer(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const { code, response } = error as Error & { code?: string; response?: string }
  if (response) return response
  return code && !error.message.includes(code) ? `${code}: ${error.message}` : error.message
}

/** 'Testar Conexão': one real message through the SAVED server, and what the server said; null = none saved. */
export async function sendPlatformTestMail(
  deps: Pick<AppDeps, 'db' | 'env'>,
  to: string,
): Promise<SmtpTestResult | null> {
  const s = await readPlatformSettings(deps.db)
  if (!s.smtpHost || !s.smtpFrom) return null
  const password = s.smtpPasswordEnc ? decryptSecret(await getEncryptionKey(deps.env), s.smtpPasswordEnc) : ''
  const transport = nodemailer.createTransport({
    host: s.smtpHost,
    port: s.smtpPort,
    secure: s.smtpSecure,
    ...(s.smtpUser ? { auth: { user: s.smtpUser, pass: password } } : {}),
    ...TIMEOUTS,
  })
  try {
    const info = await transport.sendMail({
      from: { name: s.platformName, address: s.smtpFrom },
      to,
      subject: `${s.platformName}: teste do servidor de e-mail`,
      text:
        `Este é um e-mail de teste enviado pela plataforma ${s.platformName}.\n\n` +
        'Se você recebeu esta mensagem, as configurações de e-mail estão corretas.',
    })
    return { ok: true, response: String(info.response) }
  } catch (error) {
    return { ok: false, response: serverAnswer(error) }
  } finally {
    transport.close()
  }
}

/**
 * The cards of /admin/settings, in one statement: open alerts (platform-logs' monitor), users seen in the
 * last 5 minutes and today (profiles.last_seen_at, Brasília day), stored file bytes (documents' versions and
 * backup archives, as recorded when stored) and the database's own size. Revenue: the subscriptions' paid charges
 * of the current São Paulo month (platform-billing's billingMetrics, the same figure as /admin/reports, registered by
 * the server shell: platform-settings.hooks.server.ts).
 */
export async function platformStatusCards(db: Pick<Database, 'execute'>): Promise<PlatformStatusCards> {
  const result = await db.execute<{
    alerts: number
    critical: number
    five: number
    today: number
    files: string | number | null
    database: string | number | null
  }>(sql`
    select
      (select count(*)::int from platform_alerts where status = 'aberto') as alerts,
      (select count(*)::int from platform_alerts where status = 'aberto' and severity = 'erro') as critical,
      (select count(*)::int from profiles where last_seen_at > now() - interval '5 minutes') as five,
      (select count(*)::int from profiles
        where last_seen_at >= (date_trunc('day', now() at time zone 'America/Sao_Paulo')
          at time zone 'America/Sao_Paulo')) as today,
      (select coalesce(sum(size), 0) from document_versions)
        + (select coalesce(sum(size), 0) from office_backups) as files,
      pg_database_size(current_database()) as database`)
  const row = result.rows[0]
  const alerts = Number(row?.alerts ?? 0)
  const critical = Number(row?.critical ?? 0)
  const revenue = monthlyRevenueSource()
  return {
    status: { level: critical > 0 ? 'critical' : alerts > 0 ? 'warning' : 'ok', activeAlerts: alerts },
    activeUsers: { lastFiveMinutes: Number(row?.five ?? 0), today: Number(row?.today ?? 0) },
    storage: { filesBytes: Number(row?.files ?? 0), databaseBytes: Number(row?.database ?? 0) },
    monthlyRevenue: {
      amount: centsToDecimal(revenue ? await revenue(db) : 0),
      subscriptionsAvailable: revenue !== null,
    },
  }
}
