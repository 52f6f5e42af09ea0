import { randomBytes } from 'node:crypto'
import { PASSWORD_RESET_PATH } from '../features/auth/auth.schema'
import { cookieFrom, jsonRequest } from './accounts'
import type { TestApp } from './test-app'

/** A request as if from its own address, so the per-address auth limits of one test never add up. */
const fromOwnAddress = () => ({
  incoming: { socket: { remoteAddress: `10.77.${randomBytes(1)[0]}.${randomBytes(1)[0]}` } },
})

/** The newest password-reset link mailed to `email`, as a path on our server, or undefined. */
export function resetLink(t: TestApp, email: string): string | undefined {
  const mail = t.mailer.sent.findLast(
    (message) =>
      message.to.toLowerCase() === email.toLowerCase() && message.text.includes('/reset-password/'),
  )
  const url = mail?.text.match(/https?:\/\/\S+/)?.[0]
  if (!url) return undefined
  const parsed = new URL(url)
  return parsed.pathname + parsed.search
}

/**
 * Sets `newPassword` the way a mailbox owner does: asks for the reset e-mail, follows the mailed link (the
 * server redirects to the reset page with the token) and posts the new password. Returns that last answer.
 */
export async function resetPasswordThroughMailbox(t: TestApp, email: string, newPassword: string) {
  const requested = await t.app.request(
    '/api/auth/request-password-reset',
    jsonRequest('POST', { email, redirectTo: PASSWORD_RESET_PATH }),
    fromOwnAddress(),
  )
  if (requested.status !== 200) throw new Error(`reset request failed: ${requested.status}`)
  const link = resetLink(t, email)
  if (!link) throw new Error(`no reset link mailed to ${email}`)
  const followed = await t.app.request(link, {}, fromOwnAddress())
  const token = new URL(followed.headers.get('location') ?? '', 'http://x').searchParams.get('token')
  if (!token) throw new Error(`the reset link gave no token (${followed.status})`)
  return t.app.request(
    '/api/auth/reset-password',
    jsonRequest('POST', { newPassword, token }),
    fromOwnAddress(),
  )
}

/**
 * Makes the MASTER_EMAIL account superadmin as its owner does (issue 24): a password reset through the
 * mailed link — here back to the sign-up password — then a sign-in. The reset ends every earlier session,
 * so use the returned Cookie header from then on.
 */
export async function becomeMaster(
  t: TestApp,
  email: string,
  password = 'senha-segura-123',
): Promise<string> {
  const reset = await resetPasswordThroughMailbox(t, email, password)
  if (reset.status !== 200) throw new Error(`reset failed: ${reset.status} ${await reset.text()}`)
  const signedIn = await t.app.request(
    '/api/auth/sign-in/email',
    jsonRequest('POST', { email, password }),
    fromOwnAddress(),
  )
  if (signedIn.status !== 200) throw new Error(`sign-in failed: ${signedIn.status}`)
  return cookieFrom(signedIn)
}
