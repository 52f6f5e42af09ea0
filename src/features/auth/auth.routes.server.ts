import { Hono } from 'hono'
import type { AppEnv } from '../../platform/app-env.server'
import { validate } from '../../platform/validate.server'
import { ApiError } from '../../platform/http-error.server'
import { EMAIL_CONFIRMED_PATH, signUpSchema, type SignUpResult } from './auth.schema'
import { createAccount } from './signup.service.server'
import { signUpLimiter } from './rate-limit.server'

export const authRoutes = new Hono<AppEnv>().post(
  '/sign-up',
  signUpLimiter,
  validate('json', signUpSchema),
  async (c) => {
    const { env, auth, db } = c.get('deps')
    const data = c.req.valid('json')
    await createAccount(db, data)
    // Even the MASTER_EMAIL account starts ordinary: superadmin (and /admin) waits for the confirmed address.
    const redirectTo = '/dashboard'
    if (env.REQUIRE_EMAIL_CONFIRMATION) {
      // The link signs the user in (autoSignInAfterVerification) and lands on the confirmation screen.
      await auth.api.sendVerificationEmail({
        body: { email: data.email, callbackURL: EMAIL_CONFIRMED_PATH },
      })
      return c.json<SignUpResult>(
        { redirectTo, emailConfirmationRequired: true, emailConfirmationSent: true },
        201,
      )
    }
    // Signed in at once (DESIGN §1): better-auth creates the session and its cookie.
    const signIn = await auth.api.signInEmail({
      body: { email: data.email, password: data.password },
      headers: c.req.raw.headers,
      asResponse: true,
    })
    if (!signIn.ok) throw new ApiError(500, 'internal', 'Erro inesperado. Tente novamente mais tarde.')
    for (const cookie of signIn.headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true })
    // The sign-in mailed the master address its confirmation link (master-account.server.ts) and says so.
    const { emailConfirmationSent } = (await signIn.json()) as { emailConfirmationSent?: boolean }
    return c.json<SignUpResult>(
      { redirectTo, emailConfirmationRequired: false, emailConfirmationSent: emailConfirmationSent === true },
      201,
    )
  },
)
