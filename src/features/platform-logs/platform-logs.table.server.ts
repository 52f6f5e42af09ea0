import { sql } from 'drizzle-orm'
import { bigint, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'

/**
 * The platform's event log (issue 14, /admin/logs): sign-ins, failed attempts, new users, role changes,
 * backups, server errors, lockouts. Platform-wide, not office data. Designed for ~10 M rows:
 * - newest first = `(at desc, id desc)`; per kind = `(kind, at desc, id desc)`; both serve offset pages and
 *   the 24 h counters of the status cards (range scans on `at`);
 * - search hits one of the partial indexes (request id, address, actor, target) — never a scan;
 * - rows older than PLATFORM_EVENTS_RETENTION_DAYS are pruned daily (platform-logs.jobs.server.ts), which
 *   also bounds how long an IP address (personal data under LGPD) is kept.
 * `details` never carries personal data (no e-mails, names, bodies): ids, counts, codes, classes only.
 * User ids are plain text with no FK: the trail outlives the account (like audit_log).
 */
export const platformEvents = pgTable(
  'platform_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** PlatformEventKind: 'login' | 'login_falhou' | 'bloqueio_conta' | 'novo_usuario' | 'permissao' … */
    kind: text('kind').notNull(),
    /** 'info' | 'aviso' | 'erro' */
    severity: text('severity').notNull().default('info'),
    actorUserId: text('actor_user_id'),
    targetUserId: text('target_user_id'),
    /** Only on security events (sign-ins, failures, lockouts); pruned with the row. */
    ip: text('ip'),
    requestId: text('request_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [
    index('platform_events_at_idx').on(table.at.desc(), table.id.desc()),
    index('platform_events_kind_at_idx').on(table.kind, table.at.desc(), table.id.desc()),
    index('platform_events_request_idx')
      .on(table.requestId)
      .where(sql`${table.requestId} is not null`),
    index('platform_events_ip_idx')
      .on(table.ip, table.at.desc())
      .where(sql`${table.ip} is not null`),
    index('platform_events_actor_idx')
      .on(table.actorUserId, table.at.desc())
      .where(sql`${table.actorUserId} is not null`),
    index('platform_events_target_idx')
      .on(table.targetUserId, table.at.desc())
      .where(sql`${table.targetUserId} is not null`),
    check('platform_events_severity_check', sql`${table.severity} in ('info', 'aviso', 'erro')`),
  ],
)

/**
 * System alerts raised by the monitor job (platform-logs.monitor.server.ts): at most one OPEN alert per
 * check (partial unique index); when the condition passes, the open row is marked resolved and kept.
 */
export const platformAlerts = pgTable(
  'platform_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** AlertCheck: 'disco' | 'crescimento_banco' | 'jobs_falhos' | 'backup_falhou' | 'taxa_erros' */
    check: text('check').notNull(),
    severity: text('severity').notNull().default('aviso'),
    /** 'aberto' | 'resolvido' */
    status: text('status').notNull().default('aberto'),
    /** Measured values (numbers only) that the screen turns into the pt-BR text. */
    details: jsonb('details').$type<Record<string, number>>().notNull().default({}),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('platform_alerts_open_check_idx')
      .on(table.check)
      .where(sql`${table.status} = 'aberto'`),
    index('platform_alerts_opened_idx').on(table.openedAt.desc()),
    check('platform_alerts_status_check', sql`${table.status} in ('aberto', 'resolvido')`),
    check('platform_alerts_severity_check', sql`${table.severity} in ('info', 'aviso', 'erro')`),
  ],
)

/** The monitor's previous measurements (e.g. the database size at the last check), one row per metric. */
export const platformMetrics = pgTable('platform_metrics', {
  name: text('name').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull(),
  measuredAt: timestamp('measured_at', { withTimezone: true }).notNull().defaultNow(),
})
