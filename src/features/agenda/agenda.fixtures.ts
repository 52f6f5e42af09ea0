import { eq } from 'drizzle-orm'
import { jsonRequest } from '../../test/accounts'
import type { TestApp } from '../../test/test-app'
import { users } from '../auth/auth.table.server'
import { officeMembers } from '../offices/offices.table.server'
import type { EventInput, EventRow } from './agenda.schema'

// Helpers shared by the agenda's API tests.

export async function userIdOf(t: TestApp, email: string): Promise<string> {
  const [user] = await t.handle.db.select({ id: users.id }).from(users).where(eq(users.email, email))
  if (!user) throw new Error(`no user ${email}`)
  return user.id
}

export async function officeOf(t: TestApp, email: string): Promise<string> {
  const [membership] = await t.handle.db
    .select({ officeId: officeMembers.officeId })
    .from(officeMembers)
    .where(eq(officeMembers.userId, await userIdOf(t, email)))
  if (!membership) throw new Error(`${email} has no office`)
  return membership.officeId
}

export function agendaClient(t: TestApp, cookie: string) {
  const send = (method: string, path: string, body?: unknown, as = cookie) =>
    t.app.request(`/api/agenda${path}`, jsonRequest(method, body, as))
  const get = (path: string, as = cookie) => t.app.request(`/api/agenda${path}`, { headers: { cookie: as } })
  const create = async (input: Partial<EventInput> = {}, as = cookie): Promise<EventRow> => {
    const response = await send(
      'POST',
      '/events',
      { titulo: 'Audiência de conciliação', tipo: 'audiencia', data: '2030-03-12', hora: '14:30', ...input },
      as,
    )
    if (response.status !== 201) throw new Error(`create failed: ${response.status} ${await response.text()}`)
    return (await response.json()) as EventRow
  }
  return { send, get, create }
}
