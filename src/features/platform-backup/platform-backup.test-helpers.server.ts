import { expect } from 'vitest'
import type { TestApp } from '../../test/test-app'
import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { becomeMaster } from '../../test/master'
import { userRoles } from '../auth/user-roles.table.server'

export interface TestAccount {
  cookie: string
  id: string
}

/** A signed-up account (and its office); as master it is reset through its mailbox, hence superadmin. */
export async function account(t: TestApp, data = lawyerSignUp(), master = false): Promise<TestAccount> {
  let { cookie } = await signUp(t, data)
  if (master) cookie = await becomeMaster(t, data.email)
  const me = await (await t.app.request('/api/me', { headers: { cookie } })).json()
  return { cookie, id: me.user.id as string }
}

/** The three callers of every admin test: ordinary user, admin (not super), superadmin (the master). */
export async function adminCallers(t: TestApp, masterEmail: string) {
  const master = await account(
    t,
    lawyerSignUp({ email: masterEmail, nomeCompleto: 'Mestre da Plataforma' }),
    true,
  )
  const plain = await account(t, lawyerSignUp({ nomeCompleto: 'Paula Comum' }))
  const admin = await account(t, lawyerSignUp({ nomeCompleto: 'Adelaide Admin' }))
  await t.handle.db.insert(userRoles).values({ userId: admin.id, role: 'admin' })
  return { master, plain, admin }
}

export async function call(t: TestApp, method: string, path: string, cookie?: string, body?: unknown) {
  return t.app.request(path, jsonRequest(method, body, cookie))
}

/** Polls until `check` passes (jobs run in the background). */
export async function eventually<T>(
  read: () => Promise<T>,
  check: (value: T) => boolean,
  ms = 60_000,
): Promise<T> {
  const until = Date.now() + ms
  for (;;) {
    const value = await read()
    if (check(value)) return value
    if (Date.now() > until) {
      expect(value).toBe('condition never met')
      return value
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}
