import { cookieFrom } from './accounts'
import type { TestApp } from './test-app'

/** The newest confirmation link mailed to `email` (t.mailer keeps what was sent), or undefined. */
export function confirmationLink(t: TestApp, email: string): string | undefined {
  const mail = t.mailer.sent.findLast(
    (message) => message.to.toLowerCase() === email.toLowerCase() && message.text.includes('/verify-email?'),
  )
  return mail?.text.match(/https?:\/\/\S+/)?.[0]
}

/**
 * Follows the confirmation link mailed to `email`, as the browser does (with `cookie` when already signed
 * in). Returns better-auth's redirect and the Cookie header the browser then holds.
 */
export async function followConfirmationLink(t: TestApp, email: string, cookie?: string) {
  const link = confirmationLink(t, email)
  if (!link) throw new Error(`no confirmation link mailed to ${email}`)
  const url = new URL(link)
  const response = await t.app.request(`${url.pathname}${url.search}`, {
    headers: cookie ? { cookie } : {},
    redirect: 'manual',
  })
  return { response, cookie: cookieFrom(response) || cookie || '' }
}
