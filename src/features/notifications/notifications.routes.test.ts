import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../../test/test-app'
import { cookieFrom, jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { userBlocks } from '../auth/user-blocks.table.server'
import { sessions, users } from '../auth/auth.table.server'
import type { NotificationList, NotificationRow } from './notifications.schema'
import { createNotification, NOTIFICATIONS_CHANNEL } from './notifications.service.server'
import { streamRevocation } from './notifications.revocation.server'
import { notifications } from './notifications.table.server'
import { readEvents, type EventReader } from './sse.testing'

let t: Awaited<ReturnType<typeof createTestApp>>
let ana: { cookie: string; id: string }
let bruno: { cookie: string; id: string }
const streams: EventReader[] = []

async function account(nome: string) {
  const data = lawyerSignUp({ nomeCompleto: nome })
  const { cookie } = await signUp(t, data)
  const [user] = await t.handle.db.select({ id: users.id }).from(users).where(eq(users.email, data.email))
  return { cookie, id: user!.id }
}

beforeAll(async () => {
  t = await createTestApp()
  ana = await account('Ana Advogada')
  bruno = await account('Bruno Advogado')
})
afterAll(async () => {
  for (const stream of streams) await stream.close()
  await t.close()
})

const get = (path: string, cookie?: string) => t.app.request(path, { headers: cookie ? { cookie } : {} })
const post = (path: string, cookie: string) => t.app.request(path, jsonRequest('POST', undefined, cookie))
const remove = (path: string, cookie: string) => t.app.request(path, jsonRequest('DELETE', undefined, cookie))
const list = async (cookie: string, query = '') => {
  const response = await get(`/api/notifications${query}`, cookie)
  expect(response.status).toBe(200)
  return (await response.json()) as NotificationList
}
const notify = (
  userId: string,
  title: string,
  extra: Partial<Parameters<typeof createNotification>[1]> = {},
) =>
  createNotification(t.handle.db, { userId, title, message: `Mensagem de ${title}`, type: 'info', ...extra })

async function openStream(cookie: string) {
  const response = await get('/api/notifications/stream', cookie)
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/)
  const reader = readEvents(response.body!)
  streams.push(reader)
  const ready = await reader.next((event) => event.event === 'ready')
  return { reader, ready: JSON.parse(ready.data) as { unread: number } }
}
const payload = <T>(event: { data: string }) => JSON.parse(event.data) as T

describe('notifications', () => {
  it('a new account has one unread welcome notification with next steps', async () => {
    const body = await list(ana.cookie)
    expect(body.total).toBe(1)
    expect(body.unread).toBe(1)
    expect(body.items[0]).toMatchObject({
      title: 'Bem-vindo ao JusConecta!',
      type: 'success',
      read: false,
      link: '/dashboard/profile',
    })
    expect(body.items[0]!.message).toContain('Próximos passos')
    expect(new Date(body.items[0]!.time).getTime()).toBeGreaterThan(Date.now() - 60_000)
  })

  it('needs a session', async () => {
    expect((await get('/api/notifications')).status).toBe(401)
    expect((await get('/api/notifications/stream')).status).toBe(401)
    expect((await t.app.request('/api/notifications/read-all', jsonRequest('POST'))).status).toBe(401)
  })

  it('lists newest first, limited, and validates the limit', async () => {
    await notify(ana.id, 'Primeira')
    await notify(ana.id, 'Segunda', { type: 'warning', link: '/dashboard/cases' })
    const body = await list(ana.cookie, '?limit=2')
    expect(body.items.map((item) => item.title)).toEqual(['Segunda', 'Primeira'])
    expect(body.items[0]).toMatchObject({ type: 'warning', link: '/dashboard/cases', read: false })
    expect(body.total).toBe(3)
    expect(body.unread).toBe(3)
    const bad = await get('/api/notifications?limit=0', ana.cookie)
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe('validation')
    expect((await get('/api/notifications?limit=101', ana.cookie)).status).toBe(400)
  })

  it('refuses a link outside the app and an empty title, writing nothing', async () => {
    for (const link of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      await expect(notify(ana.id, 'Link', { link })).rejects.toThrow()
    }
    await expect(notify(ana.id, '   ')).rejects.toThrow()
    expect((await list(ana.cookie)).total).toBe(3)
  })

  it('creates once per source key (a job that runs twice)', async () => {
    const first = await notify(bruno.id, 'Lembrete', { sourceKey: 'event:1:reminder' })
    const again = await notify(bruno.id, 'Lembrete', { sourceKey: 'event:1:reminder' })
    expect(first).not.toBeNull()
    expect(again).toBeNull()
    const titles = (await list(bruno.cookie)).items.map((item) => item.title)
    expect(titles.filter((title) => title === 'Lembrete')).toHaveLength(1)
  })

  it('marks one read, all read and removes — persisted, own only', async () => {
    const mine = (await notify(ana.id, 'Para ler'))!
    const theirs = (await notify(bruno.id, 'De outro usuário'))!
    const unreadBefore = (await list(ana.cookie)).unread

    // Another user's notification answers exactly like a missing one, and stays untouched.
    for (const response of [
      await post(`/api/notifications/${theirs.id}/read`, ana.cookie),
      await remove(`/api/notifications/${theirs.id}`, ana.cookie),
      await post('/api/notifications/00000000-0000-4000-8000-000000000000/read', ana.cookie),
      await post('/api/notifications/not-a-uuid/read', ana.cookie),
      await remove('/api/notifications/not-a-uuid', ana.cookie),
    ]) {
      expect(response.status).toBe(404)
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
        'Notificação não encontrada.',
      )
    }
    const [stored] = await t.handle.db.select().from(notifications).where(eq(notifications.id, theirs.id))
    expect(stored?.readAt).toBeNull()

    expect((await post(`/api/notifications/${mine.id}/read`, ana.cookie)).status).toBe(200)
    // Marking again is harmless.
    expect((await post(`/api/notifications/${mine.id}/read`, ana.cookie)).status).toBe(200)
    let body = await list(ana.cookie)
    expect(body.unread).toBe(unreadBefore - 1)
    expect(body.items.find((item) => item.id === mine.id)?.read).toBe(true)

    const readAll = await post('/api/notifications/read-all', ana.cookie)
    expect(readAll.status).toBe(200)
    expect(await readAll.json()).toEqual({ changed: unreadBefore - 1 })
    body = await list(ana.cookie)
    expect(body.unread).toBe(0)
    expect(body.items.every((item) => item.read)).toBe(true)
    // Bruno's are not touched by Ana's read-all.
    expect((await list(bruno.cookie)).unread).toBeGreaterThan(0)

    expect((await remove(`/api/notifications/${mine.id}`, ana.cookie)).status).toBe(204)
    expect((await remove(`/api/notifications/${mine.id}`, ana.cookie)).status).toBe(404)
    expect((await list(ana.cookie)).items.some((item) => item.id === mine.id)).toBe(false)
    expect((await list(bruno.cookie)).items.some((item) => item.id === theirs.id)).toBe(true)
  })
})

describe('notification stream', () => {
  it('sends a retry hint and the unread count first, then created, read, read-all and removed', async () => {
    // A fresh account: under load, another test's changes to Ana's notifications may still be on their way to
    // her new stream (they are hers, so they arrive), and would be read here in place of this test's own.
    const carla = await account('Carla Advogada')
    const { reader, ready } = await openStream(carla.cookie)
    expect(reader.retries[0]).toBeGreaterThan(0)
    expect(ready.unread).toBe((await list(carla.cookie)).unread)

    const one = (await notify(carla.id, 'Ao vivo 1', { type: 'error' }))!
    const created = payload<{ notification: NotificationRow; unread: number }>(
      await reader.next((event) => event.event === 'created' && event.data.includes(one.id)),
    )
    expect(created.notification).toEqual(one)
    expect(created.unread).toBe(ready.unread + 1)

    const two = (await notify(carla.id, 'Ao vivo 2'))!
    await reader.next((event) => event.event === 'created' && event.data.includes(two.id))
    expect((await post(`/api/notifications/${one.id}/read`, carla.cookie)).status).toBe(200)
    expect(payload(await reader.next((event) => event.event === 'read'))).toEqual({
      ids: [one.id],
      unread: ready.unread + 1,
    })

    expect((await post('/api/notifications/read-all', carla.cookie)).status).toBe(200)
    expect(payload(await reader.next((event) => event.event === 'read-all'))).toEqual({ unread: 0 })

    expect((await remove(`/api/notifications/${two.id}`, carla.cookie)).status).toBe(204)
    expect(payload(await reader.next((event) => event.event === 'removed'))).toEqual({
      ids: [two.id],
      unread: 0,
    })
  })

  it("never carries another user's notification, whatever the payload says", async () => {
    const anaStream = (await openStream(ana.cookie)).reader
    const brunoStream = (await openStream(bruno.cookie)).reader
    const secret = (await notify(ana.id, 'Segredo da Ana'))!
    await anaStream.next((event) => event.event === 'created' && event.data.includes(secret.id))
    // A forged change naming Bruno with Ana's id: the node reads Bruno's own rows and finds nothing.
    await t.handle.notify(
      NOTIFICATIONS_CHANNEL,
      JSON.stringify({ u: bruno.id, e: 'created', ids: [secret.id] }),
    )
    await t.handle.notify(NOTIFICATIONS_CHANNEL, JSON.stringify({ u: bruno.id, e: 'read', ids: [secret.id] }))
    await t.handle.notify(NOTIFICATIONS_CHANNEL, 'não é json')
    expect((await post('/api/notifications/read-all', ana.cookie)).status).toBe(200)
    await anaStream.next((event) => event.event === 'read-all')

    // Bruno's own notification arrives after all of the above: by then anything leaked would be there too.
    const own = (await notify(bruno.id, 'Do Bruno'))!
    await brunoStream.next((event) => event.event === 'created' && event.data.includes(own.id))
    const seen = brunoStream.events.map((event) => event.data).join('\n')
    expect(seen).not.toContain(secret.id)
    expect(seen).not.toContain('Segredo da Ana')
    expect(brunoStream.events.map((event) => event.event)).toEqual(['ready', 'created'])
  })

  it('fans out to every open tab of the user', async () => {
    const tabs = [(await openStream(bruno.cookie)).reader, (await openStream(bruno.cookie)).reader]
    expect((await post('/api/notifications/read-all', bruno.cookie)).status).toBe(200)
    for (const tab of tabs)
      expect(payload(await tab.next((event) => event.event === 'read-all'))).toEqual({ unread: 0 })
  })

  it('stops delivering to a closed stream', async () => {
    const { reader } = await openStream(ana.cookie)
    const before = t.deps.notifications.openStreams
    await reader.close()
    await expect.poll(() => t.deps.notifications.openStreams).toBe(before - 1)
  })
})

describe('notification stream revocation (issue 24)', () => {
  // Each test has its own account: the streams it ends are its own.
  async function withTwoSessions(nome: string) {
    const data = lawyerSignUp({ nomeCompleto: nome })
    const { cookie } = await signUp(t, data)
    const signIn = await t.app.request(
      '/api/auth/sign-in/email',
      jsonRequest('POST', { email: data.email, password: data.password }),
    )
    expect(signIn.status).toBe(200)
    const [user] = await t.handle.db.select({ id: users.id }).from(users).where(eq(users.email, data.email))
    return { id: user!.id, first: cookie, second: cookieFrom(signIn) }
  }
  /** Resolves once the body ends; rejects if it is still open after `ms`. */
  const ended = (reader: EventReader, ms = 2_000) =>
    expect(reader.next(() => false, ms)).rejects.toThrow('the stream ended')

  it('sign-out ends that session’s open stream at once; the same user’s other session keeps its own', async () => {
    const carla = await withTwoSessions('Carla Saída')
    const watched = () => streamRevocation(t.deps.sessionCache.changes, t.deps.db).size
    const before = watched()
    const first = (await openStream(carla.first)).reader
    const second = (await openStream(carla.second)).reader
    expect(watched()).toBe(before + 2)
    const started = performance.now()
    expect((await post('/api/auth/sign-out', carla.first)).status).toBe(200)
    await ended(first)
    expect(performance.now() - started).toBeLessThan(2_000)
    // The ended stream is no longer watched (nor subscribed): nothing is kept for it.
    await expect.poll(watched).toBe(before + 1)
    // The other session's stream still delivers; the ended one got nothing more.
    const after = (await notify(carla.id, 'Depois da saída'))!
    await second.next((event) => event.event === 'created' && event.data.includes(after.id))
    expect(first.events.map((event) => event.data).join('\n')).not.toContain(after.id)
    expect((await get('/api/notifications/stream', carla.first)).status).toBe(401)
  })

  it('a platform block (every session deleted with the block) ends every stream of the user', async () => {
    const davi = await withTwoSessions('Davi Bloqueado')
    const tabs = [(await openStream(davi.first)).reader, (await openStream(davi.second)).reader]
    const started = performance.now()
    // What features/admin's blockUser writes, in one transaction.
    await t.handle.db.transaction(async (tx) => {
      await tx.insert(userBlocks).values({ userId: davi.id, reason: 'Teste de bloqueio' })
      await tx.delete(sessions).where(eq(sessions.userId, davi.id))
    })
    for (const tab of tabs) await ended(tab)
    expect(performance.now() - started).toBeLessThan(2_000)
  })

  it('revoking the other sessions ends their streams and keeps the caller’s', async () => {
    const elisa = await withTwoSessions('Elisa Revoga')
    const mine = (await openStream(elisa.first)).reader
    const other = (await openStream(elisa.second)).reader
    expect((await post('/api/auth/revoke-other-sessions', elisa.first)).status).toBe(200)
    await ended(other)
    const still = (await notify(elisa.id, 'Ainda aqui'))!
    await mine.next((event) => event.event === 'created' && event.data.includes(still.id))
  })
})
