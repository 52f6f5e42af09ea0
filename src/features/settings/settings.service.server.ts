import { and, desc, eq, gt, lt, ne, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import { sessions, users } from '../auth/auth.table.server'
import { profiles } from '../profiles/profiles.table.server'
import { isUf } from '../../lib/br/uf'
import {
  ACTIVITY_LIMIT,
  DEFAULT_SETTINGS,
  type ActiveSessionItem,
  type SettingsData,
  type SettingsDto,
  type SignInActivityItem,
  type SignInMethod,
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

/** What better-auth hands a `session.create.after` hook (only the parts used here). */
interface CreatedSession {
  userId: string
  ipAddress?: string | null
  userAgent?: string | null
}
interface HookContext {
  path?: string
  context?: { session?: unknown }
}

/**
 * Decides whether a freshly created session is a sign-in, and records it. better-auth also creates
 * sessions when it merely rotates one (enabling/disabling 2FA, verifying the TOTP during enrolment), and
 * for a 2FA account the password step's session is deleted again at once (the sign-in completes at
 * /two-factor/verify-*): neither is a sign-in.
 */
function signInMethod(ctx: HookContext | null): SignInMethod | null {
  const path = ctx?.path ?? ''
  if (path.startsWith('/sign-in/')) return 'password'
  if (path === '/verify-email') return 'email_link'
  // With a session already present the verification is the enrolment step, not a sign-in.
  if (path.startsWith('/two-factor/verify-') && !ctx?.context?.session) return 'two_factor'
  return null
}

/** Records a completed sign-in; returns its method, or null when the session is not one (the caller's cue). */
export async function recordSignInEvent(
  db: Database,
  session: CreatedSession,
  ctx: HookContext | null,
): Promise<SignInMethod | null> {
  const method = signInMethod(ctx)
  if (!method) return null
  if (method === 'password') {
    const [user] = await db
      .select({ twoFactorEnabled: users.twoFactorEnabled })
      .from(users)
      .where(eq(users.id, session.userId))
    if (user?.twoFactorEnabled) return null // recorded when the second factor is verified
  }
  await db.insert(signInEvents).values({
    userId: session.userId,
    ip: session.ipAddress?.slice(0, 100) || null,
    userAgent: session.userAgent?.slice(0, 500) || null,
    success: true,
    method,
  })
  await db
    .delete(signInEvents)
    .where(
      and(
        eq(signInEvents.userId, session.userId),
        lt(signInEvents.createdAt, sql`now() - make_interval(days => ${ACTIVITY_RETENTION_DAYS})`),
      ),
    )
  return method
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
