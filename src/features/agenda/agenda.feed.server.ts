import { createHash, randomBytes } from 'node:crypto'
import { and, asc, eq, gte, isNull, lt, sql } from 'drizzle-orm'
import ical, { ICalAlarmType, ICalEventStatus } from 'ical-generator'
import { userBlocks } from '../auth/user-blocks.table.server'
import { users } from '../auth/auth.table.server'
import { officeSettings } from '../office-settings/office-settings.table.server'
import { officeMembers } from '../offices/offices.table.server'
import { EVENT_TYPE_LABELS } from './agenda.schema'
import { agendaScope, inScope, type Executor } from './agenda.service.server'
import { calendarFeeds, events } from './agenda.table.server'
import { instantToZoned } from './agenda.time'

// The iCalendar subscription (issue 9, "Calendar subscription instead of a Google button"). Each user has at
// most one secret URL; only the sha256 of its token is stored, so the URL is shown once (POST) and a new one
// replaces the hash: the old URL answers 404 from the next request on.

const TOKEN = /^[A-Za-z0-9_-]{43}$/
/** The feed covers this window around today: enough for a calendar app, bounded for the server. */
const PAST_DAYS = 90
const FUTURE_DAYS = 2 * 366
const MAX_EVENTS = 5000
/** Timed events without an end get this length in the feed. */
const DEFAULT_DURATION_MS = 60 * 60_000

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

export async function feedStatus(
  db: Executor,
  userId: string,
): Promise<{ exists: boolean; createdAt: string | null }> {
  const [row] = await db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId))
  return { exists: row !== undefined, createdAt: row?.createdAt.toISOString() ?? null }
}

/** Creates the user's feed, or regenerates it (new token, the old one dead); returns the new token. */
export async function createFeed(db: Executor, userId: string, officeId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  const tokenHash = hashToken(token)
  await db
    .insert(calendarFeeds)
    .values({ userId, officeId, tokenHash })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { officeId, tokenHash, createdAt: new Date() } })
  return token
}

/** Removes the user's feed; false if there was none. */
export async function revokeFeed(db: Executor, userId: string): Promise<boolean> {
  const rows = await db
    .delete(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId))
    .returning({ u: calendarFeeds.userId })
  return rows.length > 0
}

export function feedUrls(publicUrl: string, token: string): { url: string; webcalUrl: string } {
  const url = `${publicUrl.replace(/\/$/, '')}/api/agenda/feed/${token}.ics`
  return { url, webcalUrl: url.replace(/^https?:/, 'webcal:') }
}

/**
 * The calendar of a token, or null (unknown or revoked token, a user who left the office, is blocked by
 * the platform, or lacks the two-step verification the office now requires): the events of the feed's
 * office the user still sees as an active member, at their level today (AgendaScope: only the events with
 * no case or a case their level sees). The secret URL outlives sessions, so everything that would refuse
 * a signed-in request is checked here on every fetch, in the same statement as the token.
 */
export async function renderFeed(
  db: Executor,
  token: string,
  now: Date = new Date(),
): Promise<string | null> {
  if (!TOKEN.test(token)) return null
  const [feed] = await db
    .select({
      officeId: calendarFeeds.officeId,
      memberId: officeMembers.id,
      nivelAcesso: officeMembers.nivelAcesso,
    })
    .from(calendarFeeds)
    .innerJoin(
      officeMembers,
      and(
        eq(officeMembers.officeId, calendarFeeds.officeId),
        eq(officeMembers.userId, calendarFeeds.userId),
        eq(officeMembers.ativo, true),
      ),
    )
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .leftJoin(officeSettings, eq(officeSettings.officeId, calendarFeeds.officeId))
    .where(
      and(
        eq(calendarFeeds.tokenHash, hashToken(token)),
        // Configurações Avançadas → 2FA obrigatório: requireOffice refuses such a member; so does the feed.
        sql`not (coalesce(${officeSettings.require2fa}, false) and not coalesce(${users.twoFactorEnabled}, false))`,
        // A platform block (features/admin) in force.
        sql`not exists (select 1 from ${userBlocks} where ${userBlocks.userId} = ${calendarFeeds.userId} and ${userBlocks.unblockedAt} is null)`,
      ),
    )
  if (!feed) return null
  const scope = agendaScope({ id: feed.officeId, nivelAcesso: feed.nivelAcesso }, feed.memberId)
  const rows = await db
    .select({
      id: events.id,
      titulo: events.titulo,
      tipo: events.tipo,
      status: events.status,
      inicio: events.inicio,
      diaInteiro: events.diaInteiro,
      local: events.local,
      descricao: events.descricao,
      lembreteMinutos: events.lembreteMinutos,
      createdAt: events.createdAt,
      updatedAt: events.updatedAt,
    })
    .from(events)
    .where(
      and(
        inScope(scope),
        isNull(events.deletedAt),
        gte(events.inicio, new Date(now.getTime() - PAST_DAYS * 86_400_000)),
        lt(events.inicio, new Date(now.getTime() + FUTURE_DAYS * 86_400_000)),
      ),
    )
    .orderBy(asc(events.inicio))
    .limit(MAX_EVENTS)

  const calendar = ical({
    name: 'JusConecta — Agenda & Prazos',
    prodId: { company: 'JusConecta', product: 'Agenda', language: 'PT' },
    // Calendar apps refresh on their own schedule; this is the hint for those that read it.
    ttl: 60 * 60,
  })
  for (const row of rows) {
    const tipo = EVENT_TYPE_LABELS[row.tipo]
    calendar.createEvent({
      // Stable across regenerations and edits: the app's id for the event.
      id: `${row.id}@jusconecta`,
      summary: `${tipo}: ${row.titulo}`,
      // All-day prazos as the São Paulo date (VALUE=DATE); the rest as UTC instants.
      ...(row.diaInteiro
        ? { start: instantToZoned(row.inicio).data, allDay: true }
        : { start: row.inicio, end: new Date(row.inicio.getTime() + DEFAULT_DURATION_MS) }),
      location: row.local,
      description: row.descricao,
      status:
        row.status === 'cancelado'
          ? ICalEventStatus.CANCELLED
          : row.status === 'agendado'
            ? ICalEventStatus.TENTATIVE
            : ICalEventStatus.CONFIRMED,
      created: row.createdAt,
      lastModified: row.updatedAt,
      stamp: row.updatedAt,
      alarms:
        row.lembreteMinutos === null || row.status === 'cancelado'
          ? []
          : [{ type: ICalAlarmType.display, trigger: row.lembreteMinutos * 60, description: row.titulo }],
    })
  }
  return calendar.toString()
}
