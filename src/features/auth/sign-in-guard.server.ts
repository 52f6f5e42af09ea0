import type { BetterAuthPlugin } from 'better-auth'
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api'
import { eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import { emitAuthEvent } from './auth-hooks.server'
import { CLIENT_IP_HEADER } from './client-ip.server'
import { users } from './auth.table.server'
import { isAccountBlocked } from './account-blocks.server'
import {
  accountKey,
  clearFailures,
  LOCKOUT_MINUTES,
  lockedUntil,
  loginAttemptsLimit,
  registerFailure,
} from './login-lockout.server'

const SIGN_IN_PATH = '/sign-in/email'
/** The second step of a sign-in with two-factor on: each wrong code counts like a wrong password. */
const TWO_FACTOR_PATHS = new Set([
  '/two-factor/verify-totp',
  '/two-factor/verify-backup-code',
  '/two-factor/verify-otp',
])
/** better-auth's codes for a wrong code (not for an expired challenge or a missing cookie: no account). */
const WRONG_CODE = new Set(['INVALID_CODE', 'INVALID_BACKUP_CODE'])
/** better-auth's two-factor challenge cookie (plugins/two-factor/constant.mjs), signed with the secret. */
const TWO_FACTOR_COOKIE = 'two_factor'

const unlockTime = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  hour: '2-digit',
  minute: '2-digit',
})

/** One answer for a locked account, known or not (no enumeration): when it unlocks, in Brasília time. */
function lockedBody(until: Date, limit: number) {
  return {
    code: 'ACCOUNT_LOCKED',
    message: `Conta bloqueada temporariamente após ${limit} tentativas de login sem sucesso. Tente novamente às ${unlockTime.format(until)} (${LOCKOUT_MINUTES} minutos).`,
    lockedUntil: until.toISOString(),
  }
}

/** 423 Locked (the shell's localizeAuthResponse keeps this pt-BR message as it is). */
const LOCKED_STATUS = 423

interface HookCtx {
  path?: string
  body?: unknown
  headers?: Headers
  request?: Request
}

type AuthHookCtx = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0]

function emailOf(ctx: HookCtx): string | null {
  const email = (ctx.body as { email?: unknown } | undefined)?.email
  return typeof email === 'string' && email.length > 0 && email.length <= 320 ? email : null
}

function ipOf(ctx: HookCtx): string | null {
  return ctx.headers?.get(CLIENT_IP_HEADER) ?? ctx.request?.headers.get(CLIENT_IP_HEADER) ?? null
}

async function userIdFor(db: Database, email: string): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1)
  return row?.id ?? null
}

/**
 * better-auth `hooks.before`: a locked account (issue 14: N failures in a row → 15 minutes) is refused
 * before the password is even checked — the right password does not help — and the attempt is logged.
 */
function signInLockoutCheck(db: Database, secret: string) {
  return createAuthMiddleware(async (ctx) => {
    if (ctx.path !== SIGN_IN_PATH) return
    const email = emailOf(ctx)
    if (!email) return
    const until = await lockedUntil(db, accountKey(secret, email))
    if (!until) return
    await emitAuthEvent(db, {
      kind: 'login_falhou',
      targetUserId: await userIdFor(db, email),
      ip: ipOf(ctx),
      details: { reason: 'conta_bloqueada' },
    })
    throw new APIError('LOCKED', lockedBody(until, await loginAttemptsLimit(db)))
  })
}

/**
 * better-auth `hooks.after` for the e-mail sign-in: a wrong password (or unknown address) is counted per
 * account and logged with the client's address; the attempt that reaches the limit locks the account and
 * answers with the lock; a success clears the count. Sign-in successes are logged by the session hook
 * (auth.server.ts), which also sees the two-factor and e-mail-link sign-ins.
 */
function signInFailureTracking(db: Database, secret: string) {
  return createAuthMiddleware(async (ctx) => {
    if (ctx.path !== SIGN_IN_PATH) return
    const email = emailOf(ctx)
    if (!email) return
    const key = accountKey(secret, email)
    const returned: unknown = ctx.context.returned
    if (ctx.context.newSession) {
      await clearFailures(db, key)
      return
    }
    if (!isAPIError(returned) || returned.statusCode !== 401) return
    const limit = await loginAttemptsLimit(db)
    const outcome = await registerFailure(db, key, limit)
    const targetUserId = await userIdFor(db, email)
    const ip = ipOf(ctx)
    await emitAuthEvent(db, {
      kind: 'login_falhou',
      targetUserId,
      ip,
      details: { reason: 'credenciais_invalidas' },
    })
    if (outcome.justLocked)
      await emitAuthEvent(db, {
        kind: 'bloqueio_conta',
        targetUserId,
        ip,
        details: { attempts: limit, minutes: LOCKOUT_MINUTES },
      })
    // A Response, not a thrown APIError: after the endpoint ran, better-call keeps its 401 status for an
    // error (dispatch.mjs passes the endpoint's status to toResponse) but sends a Response as it is.
    if (outcome.lockedUntil)
      return new Response(JSON.stringify(lockedBody(outcome.lockedUntil, limit)), {
        status: LOCKED_STATUS,
        headers: { 'content-type': 'application/json' },
      })
  })
}

/**
 * The account a two-factor challenge belongs to: better-auth's signed 'two_factor' cookie names a
 * verification row whose value is the user id (the same lookup its verify endpoints make). Null without
 * a valid challenge: nothing to count then (better-auth refuses such a request anyway).
 */
async function challengedAccount(
  db: Database,
  secret: string,
  ctx: AuthHookCtx,
): Promise<{ userId: string; key: string } | null> {
  const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE)
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret)
  if (!identifier) return null
  const verification = await ctx.context.internalAdapter.findVerificationValue(identifier)
  if (!verification?.value) return null
  const [user] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.id, verification.value))
  return user ? { userId: user.id, key: accountKey(secret, user.email) } : null
}

/** The code of a better-auth error answer ('INVALID_CODE'…), or undefined for anything else. */
function errorCodeOf(returned: unknown): string | undefined {
  if (!isAPIError(returned)) return undefined
  const code = (returned.body as { code?: unknown } | undefined)?.code
  return typeof code === 'string' ? code : undefined
}

/**
 * `hooks.before` of the two-factor step: a locked account is refused before the code is checked, so
 * the lock also stops guessing codes with a challenge obtained before it (or with the right password).
 */
function twoFactorLockoutCheck(db: Database, secret: string) {
  return createAuthMiddleware(async (ctx) => {
    const account = await challengedAccount(db, secret, ctx)
    if (!account) return
    const until = await lockedUntil(db, account.key)
    if (!until) return
    await emitAuthEvent(db, {
      kind: 'login_falhou',
      targetUserId: account.userId,
      ip: ipOf(ctx),
      details: { reason: 'conta_bloqueada', step: 'dois_fatores' },
    })
    throw new APIError('LOCKED', lockedBody(until, await loginAttemptsLimit(db)))
  })
}

/**
 * `hooks.after` of the two-factor step (issue 14): a wrong TOTP, e-mailed or backup code during a sign-in
 * counts as a failed attempt for that account, exactly as a wrong password does — the same counter, the
 * same 15-minute lock, the same events (ids and codes only). A completed sign-in clears the count.
 * Codes typed while signed in (turning 2FA on) are not sign-in attempts and are left alone.
 */
function twoFactorFailureTracking(db: Database, secret: string) {
  return createAuthMiddleware(async (ctx) => {
    const code = errorCodeOf(ctx.context.returned)
    if (ctx.context.newSession) {
      const user = ctx.context.newSession.user
      await clearFailures(db, accountKey(secret, user.email))
      return
    }
    if (!code || !WRONG_CODE.has(code) || ctx.context.session) return
    const account = await challengedAccount(db, secret, ctx)
    if (!account) return
    const limit = await loginAttemptsLimit(db)
    const outcome = await registerFailure(db, account.key, limit)
    const ip = ipOf(ctx)
    await emitAuthEvent(db, {
      kind: 'login_falhou',
      targetUserId: account.userId,
      ip,
      details: { reason: 'codigo_invalido', step: 'dois_fatores' },
    })
    if (outcome.justLocked)
      await emitAuthEvent(db, {
        kind: 'bloqueio_conta',
        targetUserId: account.userId,
        ip,
        details: { attempts: limit, minutes: LOCKOUT_MINUTES, step: 'dois_fatores' },
      })
    if (outcome.lockedUntil)
      return new Response(JSON.stringify(lockedBody(outcome.lockedUntil, limit)), {
        status: LOCKED_STATUS,
        headers: { 'content-type': 'application/json' },
      })
  })
}

/** The answer to a user blocked by a superadmin (issue 14), whatever way they sign in. */
export const BLOCKED_MESSAGE =
  'Sua conta está bloqueada pela administração da plataforma. Entre em contato com o suporte.'

/**
 * No session is ever created for a blocked user (database hook: e-mail, two-factor and link sign-ins
 * alike); the block itself deleted the sessions they had.
 */
async function refuseBlockedSession(db: Database, session: { userId: string }) {
  if (await isAccountBlocked(db, session.userId))
    throw new APIError('FORBIDDEN', { code: 'ACCOUNT_BLOCKED', message: BLOCKED_MESSAGE })
}

/**
 * The lockout and the failed-attempt log as a better-auth plugin (its hooks run after the app's own
 * `hooks.after`, so the master-account hook keeps working unchanged). Listed last among the plugins.
 */
export function signInGuard(db: Database, secret: string) {
  const isSignIn = (ctx: { path?: string }) => ctx.path === SIGN_IN_PATH
  const isTwoFactorStep = (ctx: { path?: string }) => TWO_FACTOR_PATHS.has(ctx.path ?? '')
  return {
    id: 'jusconecta-sign-in-guard',
    init: () => ({
      options: {
        databaseHooks: {
          session: { create: { before: async (session) => refuseBlockedSession(db, session) } },
        },
      },
    }),
    hooks: {
      before: [
        { matcher: isSignIn, handler: signInLockoutCheck(db, secret) },
        { matcher: isTwoFactorStep, handler: twoFactorLockoutCheck(db, secret) },
      ],
      after: [
        { matcher: isSignIn, handler: signInFailureTracking(db, secret) },
        { matcher: isTwoFactorStep, handler: twoFactorFailureTracking(db, secret) },
      ],
    },
  } satisfies BetterAuthPlugin
}
