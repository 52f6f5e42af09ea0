import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import { users } from './auth.table.server'

// A completed sign-in, told to the features that keep a trace of it (the user's own activity in Configurações,
// the office's audit log): they listen here, wired once by the server shell (src/server/feature-hooks.server.ts),
// so auth imports none of them (decision 007).

export type SignInMethod = 'password' | 'two_factor' | 'email_link'

export interface CompletedSignIn {
  userId: string
  method: SignInMethod
  ip: string | null
  userAgent: string | null
  /** False for the sign-up's own sign-in (our route calls auth.api, no HTTP request): not a member's sign-in. */
  fromRequest: boolean
}

export type SignInListener = (db: Database, signIn: CompletedSignIn) => Promise<void>

const listeners = new Set<SignInListener>()

/** Runs `listener` after every completed sign-in, in registration order. */
export function onSignIn(listener: SignInListener): void {
  listeners.add(listener)
}

export async function notifySignIn(db: Database, signIn: CompletedSignIn): Promise<void> {
  for (const listener of listeners) await listener(db, signIn)
}

/** What better-auth hands a `session.create.after` hook (only the parts used here). */
interface CreatedSession {
  userId: string
  ipAddress?: string | null
  userAgent?: string | null
}
interface HookContext {
  path?: string
  context?: { session?: unknown }
  request?: unknown
}

function signInMethod(ctx: HookContext | null): SignInMethod | null {
  const path = ctx?.path ?? ''
  if (path.startsWith('/sign-in/')) return 'password'
  if (path === '/verify-email') return 'email_link'
  // With a session already present the verification is the enrolment step, not a sign-in.
  if (path.startsWith('/two-factor/verify-') && !ctx?.context?.session) return 'two_factor'
  return null
}

/**
 * Decides whether a freshly created session is a sign-in. better-auth also creates sessions when it merely
 * rotates one (enabling/disabling 2FA, verifying the TOTP during enrolment), and for a 2FA account the password
 * step's session is deleted again at once (the sign-in completes at /two-factor/verify-*): neither is a sign-in.
 */
export async function completedSignIn(
  db: Database,
  session: CreatedSession,
  ctx: HookContext | null,
): Promise<CompletedSignIn | null> {
  const method = signInMethod(ctx)
  if (!method) return null
  if (method === 'password') {
    const [user] = await db
      .select({ twoFactorEnabled: users.twoFactorEnabled })
      .from(users)
      .where(eq(users.id, session.userId))
    if (user?.twoFactorEnabled) return null // recorded when the second factor is verified
  }
  return {
    userId: session.userId,
    method,
    ip: session.ipAddress ?? null,
    userAgent: session.userAgent ?? null,
    fromRequest: Boolean(ctx?.request),
  }
}
