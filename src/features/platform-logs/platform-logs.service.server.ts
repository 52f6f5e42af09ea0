import { isIP } from 'node:net'
import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import { users } from '../auth/auth.table.server'
import { profiles } from '../profiles/profiles.table.server'
import { MONITOR_RUN_METRIC } from './platform-logs.monitor.server'
import {
  LOGS_COUNT_CAP,
  LOGS_PAGE_SIZE,
  PLATFORM_EVENT_KINDS,
  SUMMARY_COUNT_CAP,
  type AlertCheck,
  type EventSeverity,
  type LogsQuery,
  type LogsSummary,
  type PlatformEventKind,
  type PlatformEventsPage,
} from './platform-logs.schema'
import { platformAlerts, platformEvents, platformMetrics } from './platform-logs.table.server'

const e = platformEvents
/** Exactly as platform_events_at_idx / _kind_at_idx are declared (DESC NULLS LAST), so an index serves it. */
const NEWEST_FIRST = [sql`${e.at} desc nulls last`, sql`${e.id} desc nulls last`]
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** Users a name or e-mail search may expand to: beyond this the admin should type more. */
const MAX_SEARCH_USERS = 20

function containsPattern(term: string) {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`
}

/**
 * What the search box matches, each branch served by one of the partial indexes: an IP address (exact), a
 * request or user id (exact), an event kind by name ('backup'), or a user by e-mail (exact) or name
 * (contains, accent-insensitive) — expanded to at most 20 user ids matched as actor or target.
 */
async function searchCondition(db: Database, term: string): Promise<SQL> {
  if (isIP(term)) return eq(e.ip, term)
  const branches: SQL[] = []
  if (UUID.test(term) || /^[\w-]{16,64}$/.test(term)) {
    branches.push(eq(e.requestId, term), eq(e.actorUserId, term), eq(e.targetUserId, term))
  }
  const normalized = term.toLowerCase().replace(/\s+/g, '_')
  const kinds = PLATFORM_EVENT_KINDS.filter((kind) => kind.includes(normalized))
  if (kinds.length > 0) branches.push(inArray(e.kind, kinds))
  // An e-mail (stored lower-case) through users' unique index; a name by a scan of profiles (one row per
  // user: thousands, not millions).
  const people = term.includes('@')
    ? await db.select({ userId: users.id }).from(users).where(eq(users.email, term.toLowerCase()))
    : await db
        .select({ userId: profiles.userId })
        .from(profiles)
        .where(
          sql`f_unaccent(lower(${profiles.nomeCompleto})) like f_unaccent(${containsPattern(term)}) escape '\\'`,
        )
        .limit(MAX_SEARCH_USERS)
  const ids = people.map((row) => row.userId)
  if (ids.length > 0) branches.push(inArray(e.actorUserId, ids), inArray(e.targetUserId, ids))
  return or(...branches) ?? sql`false`
}

async function whereFor(db: Database, query: Pick<LogsQuery, 'kind' | 'search'>) {
  const conditions: SQL[] = []
  if (query.kind !== 'todos') conditions.push(eq(e.kind, query.kind))
  if (query.search) conditions.push(await searchCondition(db, query.search))
  return conditions.length > 0 ? and(...conditions) : undefined
}

/**
 * A count that stops at `cap` + 1 rows: exact for small results, "more than cap" for huge ones. Unfiltered,
 * it walks the newest entries of platform_events_at_idx (index-only) rather than the heap's first pages,
 * which after the retention's deletes may be mostly empty.
 */
async function cappedCount(db: Database, where: SQL | undefined, cap: number) {
  const base = db
    .select({ one: sql`1` })
    .from(e)
    .where(where)
  const limited = (where ? base : base.orderBy(...NEWEST_FIRST)).limit(cap + 1).as('limited')
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(limited)
  const count = Number(row?.count ?? 0)
  return { total: Math.min(count, cap), capped: count > cap }
}

export async function listPlatformEvents(db: Database, query: LogsQuery): Promise<PlatformEventsPage> {
  const where = await whereFor(db, query)
  const rows = await db
    .select()
    .from(e)
    .where(where)
    .orderBy(...NEWEST_FIRST)
    .limit(LOGS_PAGE_SIZE)
    .offset((query.page - 1) * LOGS_PAGE_SIZE)
  const { total, capped } = await cappedCount(db, where, LOGS_COUNT_CAP)
  const userIds = [
    ...new Set(rows.flatMap((row) => [row.actorUserId, row.targetUserId]).filter((id) => id !== null)),
  ]
  const names = new Map<string, string>()
  if (userIds.length > 0) {
    const found = await db
      .select({ userId: profiles.userId, nome: profiles.nomeCompleto })
      .from(profiles)
      .where(inArray(profiles.userId, userIds))
    for (const row of found) names.set(row.userId, row.nome)
  }
  return {
    items: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      kind: row.kind as PlatformEventKind,
      severity: row.severity as EventSeverity,
      actorUserId: row.actorUserId,
      actorName: row.actorUserId ? (names.get(row.actorUserId) ?? null) : null,
      targetUserId: row.targetUserId,
      targetName: row.targetUserId ? (names.get(row.targetUserId) ?? null) : null,
      ip: row.ip,
      requestId: row.requestId,
      details: row.details,
    })),
    total,
    capped,
    page: query.page,
    pageSize: LOGS_PAGE_SIZE,
  }
}

const SUMMARY_KINDS = {
  events: null,
  logins: 'login',
  failedLogins: 'login_falhou',
  serverErrors: 'erro_servidor',
} as const satisfies Record<keyof LogsSummary['last24h'], PlatformEventKind | null>

export async function getLogsSummary(db: Database): Promise<LogsSummary> {
  const last24h = { events: 0, logins: 0, failedLogins: 0, serverErrors: 0 }
  const capped: LogsSummary['capped'] = []
  for (const [key, kind] of Object.entries(SUMMARY_KINDS) as Array<
    [keyof typeof SUMMARY_KINDS, PlatformEventKind | null]
  >) {
    const recent = sql`${e.at} >= now() - interval '24 hours'`
    const count = await cappedCount(db, kind ? and(eq(e.kind, kind), recent) : recent, SUMMARY_COUNT_CAP)
    last24h[key] = count.total
    if (count.capped) capped.push(key)
  }
  const open = await db
    .select()
    .from(platformAlerts)
    .where(eq(platformAlerts.status, 'aberto'))
    .orderBy(desc(platformAlerts.openedAt))
  const resolved = await db
    .select()
    .from(platformAlerts)
    .where(eq(platformAlerts.status, 'resolvido'))
    .orderBy(sql`${platformAlerts.openedAt} desc nulls last`)
    .limit(5)
  const [lastRun] = await db
    .select({ at: platformMetrics.measuredAt })
    .from(platformMetrics)
    .where(eq(platformMetrics.name, MONITOR_RUN_METRIC))
  return {
    last24h,
    capped,
    openAlerts: open.length,
    alerts: [...open, ...resolved].map((row) => ({
      id: row.id,
      check: row.check as AlertCheck,
      severity: row.severity as EventSeverity,
      status: row.status as 'aberto' | 'resolvido',
      details: row.details,
      openedAt: row.openedAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      resolvedAt: row.resolvedAt?.toISOString() ?? null,
    })),
    lastCheckAt: lastRun?.at.toISOString() ?? null,
  }
}
