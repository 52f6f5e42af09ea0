import { Hono, type MiddlewareHandler } from 'hono'
import type { AppEnv } from '../../platform/app-env.server'
import { apiTag, routeDoc } from '../../platform/route-doc.server'
import { validate } from '../../platform/validate.server'
import { ApiError } from '../../platform/http-error.server'
import { EMAIL_CONFIRMED_PATH, signUpSchema, type SignUpResult } from './auth.schema'
import { createAccount } from './signup.service.server'
import { signUpLimiter } from './rate-limit.server'

/**
 * better-auth answers a bad or expired confirmation link by redirecting to its callbackURL, which it
 * builds with `new URL()`: any value but a root-relative or absolute http(s) address threw there and
 * came back as a 500 (issue 24). Such a link is refused first, like any malformed request.
 */
const redirectTargetOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  const target = c.req.query('callbackURL')
  if (target !== undefined && !isRedirectTarget(target)) {
    throw new ApiError(400, 'validation', 'Link inválido: endereço de retorno desconhecido.')
  }
  await next()
}

function isRedirectTarget(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//') && !value.startsWith('/\\')
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol)
  } catch {
    return false
  }
}

/** Sign-up, /api/me and better-auth's own operations (src/server/openapi-auth.server.ts) share this section. */
export const AUTH_API_TAG = apiTag(
  'Autenticação',
  'Conta, entrada, saída, sessão, senha e confirmação de e-mail. A sessão é um cookie httpOnly ' +
    'definido na entrada; envie-o de volta em cada chamada.',
)

export const authRoutes = new Hono<AppEnv>().use('/verify-email', redirectTargetOnly).post(
  '/sign-up',
  routeDoc(AUTH_API_TAG, 'Criar conta (usuário, perfil, papel e escritório numa transação)', {
    status: 201,
    public: true,
  }),
  signUpLimiter,
  validate('json', signUpSchema),
  async (c) => {
    const { env, auth, db } = c.get('deps')
    const data = c.req.valid('json')
    await createAccount(db, data)
    // Even the MASTER_EMAIL account starts ordinary: superadmin (and /admin) waits for a password reset
    // through the link mailed to that address (roles.service.server.ts).
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
      {
        redirectTo,
        emailConfirmationRequired: false,
        emailConfirmationSent: emailConfirmationSent === true,
      },
      201,
    )
  },
)
