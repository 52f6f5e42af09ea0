import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { twoFactor } from 'better-auth/plugins'
import type { Database } from '../../db/client.server'
import type { Env } from '../../platform/env.server'
import type { Mailer } from '../../platform/mailer.server'
import { accounts, sessions, twoFactors, users, verifications } from './auth.table.server'
import { ensureMasterRole } from './roles.service.server'
import { recordSignInEvent } from '../settings/settings.public.server'

export const CLIENT_IP_HEADER = 'x-jusconecta-client-ip'

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
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    // better-auth warns on every wrong password; the app's LOG_LEVEL decides what reaches the log.
    logger: {
      disabled: env.LOG_LEVEL === 'silent',
      level: env.LOG_LEVEL === 'debug' ? 'debug' : 'error',
    },
    rateLimit: {
      enabled: true,
      window: 60,
      max: 200,
      customRules: {
        '/sign-in/email': { window: 60, max: 10 },
        '/request-password-reset': { window: 60, max: 5 },
        '/two-factor/verify-totp': { window: 60, max: 10 },
        '/two-factor/verify-backup-code': { window: 60, max: 10 },
      },
    },
    advanced: {
      // The server itself sets this header from the socket (or from X-Forwarded-For behind TRUST_PROXY);
      // any copy sent by the client is dropped first, so the rate limit can't be dodged by forging it.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: env.publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    databaseHooks: {
      session: {
        create: {
          after: async (session, ctx) => {
            await ensureMasterRole(db, env, session.userId)
            await recordSignInEvent(db, session, ctx)
          },
        },
      },
    },
    plugins: [twoFactor({ issuer: 'JusConecta' })],
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
