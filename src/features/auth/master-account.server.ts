import { createAuthMiddleware, createEmailVerificationToken } from 'better-auth/api'
import type { Database } from '../../db/client.server'
import type { Env } from '../../platform/env.server'
import { consumeRateLimit } from '../../platform/rate-limit.server'
import { EMAIL_CONFIRMED_PATH } from './auth.schema'
import { isMasterEmail } from './roles.service.server'

/**
 * At most one confirmation e-mail a minute to the master address, however often it signs in and on however
 * many nodes: counted in the shared rate-limit table, not in process memory.
 */
export const MASTER_CONFIRMATION_COOLDOWN_SECONDS = 60

/**
 * better-auth `hooks.after`: a sign-in of the MASTER_EMAIL account that has not confirmed its address yet
 * (REQUIRE_EMAIL_CONFIRMATION=false lets it in as an ordinary account) (re)sends the confirmation link
 * (superadmin waits for a password reset through the mailbox, roles.service.server.ts) and adds
 * `emailConfirmationSent: true` to the answer so the page can say so. Our own sign-up signs in through the
 * same endpoint, so it sends the first link.
 * The sign-in itself is rate-limited; the cooldown keeps a password-holder from flooding the mailbox.
 */
export function masterConfirmationOnSignIn(db: Database, env: Pick<Env, 'MASTER_EMAIL'>) {
  return createAuthMiddleware(async (ctx) => {
    if (ctx.path !== '/sign-in/email') return
    const user = ctx.context.newSession?.user
    if (!user || user.emailVerified || !isMasterEmail(env, user.email)) return
    const mail = await consumeRateLimit(db, `master-confirmation:${user.id}`, {
      windowSeconds: MASTER_CONFIRMATION_COOLDOWN_SECONDS,
      max: 1,
    })
    if (mail.allowed) {
      const options = ctx.context.options.emailVerification
      const token = await createEmailVerificationToken(
        ctx.context.secret,
        user.email,
        undefined,
        options?.expiresIn,
      )
      const url = `${ctx.context.baseURL}/verify-email?token=${token}&callbackURL=${encodeURIComponent(EMAIL_CONFIRMED_PATH)}`
      await options?.sendVerificationEmail?.({ user, url, token }, ctx.request)
    }
    const returned: unknown = ctx.context.returned
    if (returned && typeof returned === 'object' && !(returned instanceof Response)) {
      return ctx.json({ ...(returned as Record<string, unknown>), emailConfirmationSent: true })
    }
  })
}
