import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { isAPIError } from 'better-auth/api'
import { twoFactor } from 'better-auth/plugins'
import type { Database } from '../../db/client.server'
import type { Env } from '../../platform/env.server'
import type { Mailer } from '../../platform/mailer.server'
import { bufferedBodyLimit } from '../../platform/body-limit.server'
import { consumeRateLimit } from '../../platform/rate-limit.server'
import { accounts, sessions, twoFactors, users, verifications } from './auth.table.server'
import { grantMasterRoleAfterReset } from './roles.service.server'
import { masterConfirmationOnSignIn } from './master-account.server'
import { log } from '../../platform/log.server'
import { completedSignIn, notifySignIn } from './sign-in-listeners.server'
import { signInGuard } from './sign-in-guard.server'
import { CLIENT_IP_HEADER } from './client-ip.server'

// The shell strips and sets this header (src/server/app.server.ts).
export { CLIENT_IP_HEADER }

/**
 * Every /api/auth/* body is a little JSON (the largest, our sign-up, is under 2 kB). Read whole and capped
 * before better-auth sees it: it logs a refused callbackURL as is, and read a 12 MB body just to refuse it.
 */
export const AUTH_BODY_MAX_BYTES = 16 * 1024
export const authBodyLimit = bufferedBodyLimit(AUTH_BODY_MAX_BYTES, 'Requisição grande demais.')

/**
 * better-auth's limits, per client address and route, read from RATE_LIMIT_* and counted in the shared
 * `rate_limits` table (one atomic upsert per request) so every node shares one budget. Routes without a
 * rule here keep better-auth's own stricter defaults (e.g. change-password: 3 per 10 s).
 */
function authRateLimit(db: Database, env: Env) {
  const window = env.RATE_LIMIT_WINDOW_SECONDS
  return {
    enabled: true,
    window,
    max: env.RATE_LIMIT_AUTH_DEFAULT_MAX,
    customRules: {
      '/sign-in/email': { window, max: env.RATE_LIMIT_SIGN_IN_MAX },
      '/request-password-reset': { window, max: env.RATE_LIMIT_PASSWORD_RESET_MAX },
      '/two-factor/verify-totp': { window, max: env.RATE_LIMIT_TWO_FACTOR_MAX },
      '/two-factor/verify-backup-code': { window, max: env.RATE_LIMIT_TWO_FACTOR_MAX },
    },
    customStorage: {
      consume: async (key: string, rule: { window: number; max: number }) => {
        const decision = await consumeRateLimit(db, `auth:${key}`, {
          windowSeconds: rule.window,
          max: rule.max,
        })
        return { allowed: decision.allowed, retryAfter: decision.allowed ? null : decision.retryAfter }
      },
    },
  }
}

/** An error better-auth's router answered: a refusal is routine (debug), anything else a failure. */
function logAuthError(error: unknown) {
  if (isAPIError(error) && error.status !== 'INTERNAL_SERVER_ERROR') {
    log.fromLibrary('better-auth', 'debug', `${error.statusCode} ${error.message}`, [])
  } else {
    log.fromLibrary('better-auth', 'error', 'erro ao responder', [error])
  }
}

export const DISABLED_AUTH_PATHS = [
  '/update-user',
  '/change-email',
  '/delete-user',
  '/delete-user/callback',
  '/link-social',
  '/unlink-account',
  '/update-session',
] as const

interface AuthOptions {
  db: Database
  env: Env
  mailer: Mailer
  secret: string
}

export function createAuth({ db, env, mailer, secret }: AuthOptions) {
  return betterAuth({
    appName: 'JusConecta',
    baseURL: env.publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [env.publicUrl],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        twoFactor: twoFactors,
      },
    }),
    emailAndPassword: {
      enabled: true,
      // Sign-up goes through POST /api/auth/sign-up (ours): user, profile, role and office in one transaction.
      disableSignUp: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      requireEmailVerification: env.REQUIRE_EMAIL_CONFIRMATION,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // The master address becomes superadmin only now: a password set through the link mailed to it.
      onPasswordReset: async ({ user }) => {
        await grantMasterRoleAfterReset(db, env, user.id)
      },
      sendResetPassword: async ({ user, url }) => {
        await mailer.send({
          to: user.email,
          subject: 'JusConecta: redefinição de senha',
          text: `Olá, ${user.name}.\n\nPara criar uma nova senha, abra o link abaixo (válido por 1 hora, uso único):\n${url}\n\nSe você não pediu a redefinição, ignore este e-mail.`,
        })
      },
    },
    emailVerification: {
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url }) => {
        await mailer.send({
          to: user.email,
          subject: 'JusConecta: confirme seu e-mail',
          text: `Olá, ${user.name}.\n\nConfirme seu e-mail abrindo o link abaixo (válido por 24 horas):\n${url}\n`,
        })
      },
    },
    /**
     * better-auth's endpoints that change a user and that no screen of ours calls (issue 24): users.name
     * must not be self-chosen ('Sofia Sócia (sócia)'), nor the e-mail (the master address, the reset
     * link's mailbox), nor linked accounts. Refused before any handler as a 404 (pt-BR JSON through
     * localizeAuthResponse). Server code can still call auth.api directly.
     */
    disabledPaths: [...DISABLED_AUTH_PATHS],
    // Signing in as the master before confirming (re)sends the link and says so (master-account.server.ts).
    hooks: { after: masterConfirmationOnSignIn(db, env) },
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    // better-auth warns on every wrong password; the app's LOG_LEVEL decides what reaches the log.
    logger: {
      disabled: env.LOG_LEVEL === 'silent',
      level: env.LOG_LEVEL === 'debug' ? 'debug' : 'error',
      // Through our logger, which drops what could be personal data (error messages, users, bodies) and cuts
      // long values (a client's callbackURL is logged as is).
      log: (level, message, ...args: unknown[]) => log.fromLibrary('better-auth', level, message, args),
    },
    // Without this, every refused request (wrong password, bad callbackURL) printed a raw
    // '[Better Auth]: <message>' line: the router logs it through its default console logger, not ours.
    onAPIError: { onError: logAuthError },
    rateLimit: authRateLimit(db, env),
    advanced: {
      // The server itself sets this header (platform/client-ip.server.ts: the socket, or the X-Forwarded-For
      // entry TRUST_PROXY hops from the right); a client's copy is dropped first, so it can't be forged.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: env.publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    databaseHooks: {
      session: {
        create: {
          after: async (session, ctx) => {
            const signIn = await completedSignIn(db, session, ctx)
            if (!signIn) return
            // The user's activity (Configurações), for a member's own sign-in the office's audit log, and the
            // platform log's 'login' event: the listeners the shell registered (src/server/feature-hooks.server.ts).
            await notifySignIn(db, signIn)
          },
        },
      },
    },
    // The lockout and failed-attempt log (issue 14) after two-factor, so its hooks see the final answer.
    plugins: [twoFactor({ issuer: 'JusConecta' }), signInGuard(db, secret)],
  })
}

export type Auth = ReturnType<typeof createAuth>
type SessionResult = NonNullable<Awaited<ReturnType<Auth['api']['getSession']>>>
export type AuthUser = SessionResult['user']
export type AuthSession = SessionResult['session']

// The platform's request context learns about auth here (see platform/app-env.server.ts).
declare module '../../platform/app-env.server' {
  interface AppDeps {
    auth: Auth
  }
  interface AppVariables {
    user: AuthUser | null
    session: AuthSession | null
  }
}
