import { expect } from 'vitest'
import { cookieFrom, jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import type { TestApp } from '../../test/test-app'

// Test helpers of the portal (issue 26): the office invites a client through the API and the client accepts
// from the e-mailed link, exactly as a person does — no row is written behind the API's back.

let sequence = 0

/** The token of the last portal invitation mailed to `email`. */
export function portalTokenMailedTo(t: TestApp, email: string): string {
  const message = [...t.mailer.sent].reverse().find((m) => m.to === email)
  const token = message?.text.match(/\/portal\/convite\/([A-Za-z0-9_-]{43})/)?.[1]
  if (!token) throw new Error(`no portal invitation mailed to ${email}`)
  return token
}

/** A lawyer's office: the sócio's cookie and e-mail. */
export async function portalOffice(t: TestApp, nomeCompleto = 'Sofia Sócia') {
  return signUp(t, lawyerSignUp({ nomeCompleto }))
}

/** A client of the office (with e-mail) and, optionally, one case of theirs. */
export async function createPortalClient(
  t: TestApp,
  lawyerCookie: string,
  nomeCompleto: string,
): Promise<{ clientId: string; email: string; caseId: string }> {
  sequence += 1
  const email = `cliente-${Date.now()}-${sequence}@portal.test`
  const client = await t.app.request(
    '/api/clients',
    jsonRequest('POST', { nomeCompleto, email }, lawyerCookie),
  )
  expect(client.status).toBe(201)
  const clientId = ((await client.json()) as { id: string }).id
  const kase = await t.app.request(
    '/api/cases',
    jsonRequest('POST', { titulo: `Caso de ${nomeCompleto}`, areaJuridica: 'Civil', clientId }, lawyerCookie),
  )
  expect(kase.status).toBe(201)
  const caseId = ((await kase.json()) as { id: string }).id
  return { clientId, email, caseId }
}

/** The office invites the client; returns the token the e-mail carried. */
export async function invitePortalClient(t: TestApp, lawyerCookie: string, clientId: string, email: string) {
  const response = await t.app.request(
    `/api/portal-office/clients/${clientId}/invite`,
    jsonRequest('POST', undefined, lawyerCookie),
  )
  expect(response.status).toBe(200)
  return portalTokenMailedTo(t, email)
}

/** The client follows the link and creates a password: the new account's session cookie and office id. */
export async function acceptAsNewAccount(t: TestApp, token: string, password = 'senha-do-cliente-1') {
  const response = await t.app.request(
    `/api/portal/invites/${token}/accept`,
    jsonRequest('POST', { password }),
  )
  expect(response.status).toBe(201)
  const { officeId } = (await response.json()) as { officeId: string }
  return { cookie: cookieFrom(response), officeId }
}

/** The whole path: a client with a case, invited and accepted. */
export async function activePortalClient(t: TestApp, lawyerCookie: string, nomeCompleto: string) {
  const client = await createPortalClient(t, lawyerCookie, nomeCompleto)
  const token = await invitePortalClient(t, lawyerCookie, client.clientId, client.email)
  const accepted = await acceptAsNewAccount(t, token)
  return { ...client, ...accepted }
}
