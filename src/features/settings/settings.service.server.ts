import { and, desc, eq, gt, lt, ne, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import type { CompletedSignIn } from '../auth/auth.public.server'
import { sessions } from '../auth/auth.table.server'
import { profiles } from '../profiles/profiles.table.server'
import { isUf } from '../../lib/br/uf'
import {
  ACTIVITY_LIMIT,
  DEFAULT_SETTINGS,
  type ActiveSessionItem,
  type SettingsData,
  type SettingsDto,
  type SignInActivityItem,
} from './settings.schema'
import { signInEvents, userSettings } from './settings.table.server'

type SettingsRow = typeof userSettings.$inferSelect

function toDto(row: SettingsRow): SettingsDto {
  const { userId: _userId, updatedAt, oabEstado, ...rest } = row
  return { ...rest, oabEstado: isUf(oabEstado) ? oabEstado : null, updatedAt: updatedAt.toISOString() }
}

/** The user's saved settings, or the defaults (a lawyer's OAB state prefilled from the profile). */
export async function getSettings(db: Database, userId: string): Promise<SettingsDto> {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId))
  if (row) return toDto(row)
  const [profile] = await db
    .select({ oabEstado: profiles.oabEstado })
    .from(profiles)
    .where(eq(profiles.userId, userId))
  const oabEstado = profile?.oabEstado
  return { ...DEFAULT_SETTINGS, oabEstado: isUf(oabEstado) ? oabEstado : null, updatedAt: null }
}

export async function saveSettings(db: Database, userId: string, data: SettingsData): Promise<SettingsDto> {
  const values = { ...data, updatedAt: new Date() }
  const [row] = await db
    .insert(userSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userSettings.userId, set: values })
    .returning()
  if (!row) throw new Error('user_settings upsert returned nothing')
  return toDto(row)
}

export async function listSignInActivity(db: Database, userId: string): Promise<SignInActivityItem[]> {
  const rows = await db
    .select()
    .from(signInEvents)
    .where(eq(signInEvents.userId, userId))
    .orderBy(desc(signInEvents.createdAt))
    .limit(ACTIVITY_LIMIT)
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    ip: row.ip,
    userAgent: row.userAgent,
    success: row.success,
    method: row.method,
  }))
}

/** Sign-in history older than this is pruned when the user signs in again: the page shows the last 20. */
const ACTIVITY_RETENTION_DAYS = 180

/** Records a completed sign-in in the user's activity (auth tells it: src/server/feature-hooks.server.ts). */
export async function recordSignInEvent(db: Database, signIn: CompletedSignIn): Promise<void> {
  await db.insert(signInEvents).values({
    userId: signIn.userId,
    ip: signIn.ip?.slice(0, 100) || null,
    userAgent: signIn.userAgent?.slice(0, 500) || null,
    success: true,
    method: signIn.method,
  })
  await db
    .delete(signInEvents)
    .where(
      and(
        eq(signInEvents.userId, signIn.userId),
        lt(signInEvents.createdAt, sql`now() - make_interval(days => ${ACTIVITY_RETENTION_DAYS})`),
      ),
    )
}

export async function listActiveSessions(
  db: Database,
  userId: string,
  currentSessionId: string,
): Promise<ActiveSessionItem[]> {
  const rows = await db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
      expiresAt: sessions.expiresAt,
      ip: sessions.ipAddress,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.updatedAt))
  return rows
    .map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      current: row.id === currentSessionId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current))
}

/** The token of one of the user's own sessions (tokens never leave the server); undefined if not theirs. */
export async function findOwnSessionToken(db: Database, userId: string, sessionId: string) {
  const [row] = await db
    .select({ token: sessions.token })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
  return row?.token
}

export async function countOtherSessions(db: Database, userId: string, currentSessionId: string) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(sessions)
    .where(
      and(eq(sessions.userId, userId), ne(sessions.id, currentSessionId), gt(sessions.expiresAt, new Date())),
    )
  return row?.count ?? 0
}
