import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { becomeMaster } from '../../test/master'
import type { TestApp } from '../../test/test-app'
import type { SignUpInput } from '../auth/auth.schema'
import { entitySignUp, studentSignUp } from '../profiles/profiles.fixtures'

// Accounts for the network's route tests (issue 13).

export const MASTER = 'master-net@example.com'

export interface Account {
  cookie: string
  id: string
  email: string
}

export async function account(t: TestApp, data: SignUpInput = lawyerSignUp()): Promise<Account> {
  const { cookie, email } = await signUp(t, data)
  const me = (await (await t.app.request('/api/me', { headers: { cookie } })).json()) as {
    user: { id: string }
  }
  return { cookie, id: me.user.id, email }
}

export const lawyer = (t: TestApp, nomeCompleto = 'Ana Advogada') =>
  account(t, lawyerSignUp({ nomeCompleto }))
export const student = (t: TestApp) => account(t, studentSignUp())
export const entity = (t: TestApp) => account(t, entitySignUp())

/** The superadmin: the master address, reset through its mailbox (issue 24). Needs createTestApp({ MASTER_EMAIL: MASTER }). */
export async function superadmin(t: TestApp): Promise<Account> {
  const master = await account(t, lawyerSignUp({ email: MASTER, nomeCompleto: 'Mestre da Plataforma' }))
  return { ...master, cookie: await becomeMaster(t, MASTER) }
}

export function call(t: TestApp, method: string, path: string, body?: unknown, cookie?: string) {
  return t.app.request(path, jsonRequest(method, body, cookie))
}
