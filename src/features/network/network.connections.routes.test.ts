import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/test-app'
import { notifications } from '../notifications/notifications.table.server'
import { profiles } from '../profiles/profiles.table.server'
import { call, entity, lawyer, student, type Account } from './network.fixtures'
import { countConnections, listConnections } from './network.public.server'
import type { ConnectionLists, ConnectionStatus } from './network.schema'

let t: TestApp
let ana: Account
let beto: Account
let caio: Account
let ent: Account

const status = async (userId: string, cookie?: string) =>
  (await (
    await t.app.request(`/api/network/connections/status/${userId}`, { headers: cookie ? { cookie } : {} })
  ).json()) as ConnectionStatus
const lists = async (cookie: string) =>
  (await (await t.app.request('/api/network/connections', { headers: { cookie } })).json()) as ConnectionLists
const titlesOf = async (userId: string) =>
  (await t.handle.db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.title)

beforeAll(async () => {
  t = await createTestApp()
  ana = await lawyer(t, 'Ana Conecta')
  beto = await student(t)
  caio = await lawyer(t, 'Caio Terceiro')
  ent = await entity(t)
})

afterAll(async () => {
  await t.close()
})

describe('connections', () => {
  it('request → the addressee is notified → only they accept → both count it', async () => {
    expect((await call(t, 'POST', '/api/network/connections', { userId: beto.id })).status).toBe(401)
    const asked = await call(t, 'POST', '/api/network/connections', { userId: beto.id }, ana.cookie)
    expect(asked.status).toBe(201)
    const created = (await asked.json()) as ConnectionStatus
    expect(created).toMatchObject({ state: 'pendente_enviada', count: 0 })
    expect(await titlesOf(beto.id)).toContain('Nova solicitação de conexão')
    expect((await status(ana.id, beto.cookie)).state).toBe('pendente_recebida')

    // Asking again, in either direction, is a conflict (one row per pair).
    expect((await call(t, 'POST', '/api/network/connections', { userId: beto.id }, ana.cookie)).status).toBe(
      409,
    )
    expect((await call(t, 'POST', '/api/network/connections', { userId: ana.id }, beto.cookie)).status).toBe(
      409,
    )

    // Someone else (even the requester) can't accept a request addressed to Beto.
    const id = created.connectionId
    expect(
      (await call(t, 'POST', `/api/network/connections/${id}/respond`, { accept: true }, caio.cookie)).status,
    ).toBe(404)
    expect(
      (await call(t, 'POST', `/api/network/connections/${id}/respond`, { accept: true }, ana.cookie)).status,
    ).toBe(404)
    expect((await lists(beto.cookie)).received.map((p) => p.userId)).toEqual([ana.id])

    expect(
      (await call(t, 'POST', `/api/network/connections/${id}/respond`, { accept: true }, beto.cookie)).status,
    ).toBe(204)
    expect(await titlesOf(ana.id)).toContain('Conexão aceita')
    expect(await status(beto.id)).toMatchObject({ state: 'none', count: 1 })
    expect((await status(beto.id, ana.cookie)).state).toBe('aceita')
    const anaLists = await lists(ana.cookie)
    expect(anaLists).toMatchObject({ count: 1, received: [], sent: [] })
    expect(anaLists.connections[0]).toMatchObject({ userId: beto.id, userType: 'estudante' })
    expect(await countConnections(t.handle.db, beto.id)).toBe(1)
    expect((await listConnections(t.handle.db, beto.id)).map((p) => p.userId)).toEqual([ana.id])
  })

  it('entities can neither connect nor be connected to', async () => {
    const from = await call(t, 'POST', '/api/network/connections', { userId: ana.id }, ent.cookie)
    expect(from.status).toBe(403)
    expect((await from.json()).error.message).toBe('Conexões são apenas entre advogados e estudantes.')
    expect((await call(t, 'POST', '/api/network/connections', { userId: ent.id }, ana.cookie)).status).toBe(
      403,
    )
    expect((await status(ent.id, ana.cookie)).state).toBe('unavailable')
    expect((await call(t, 'POST', '/api/network/connections', { userId: ana.id }, ana.cookie)).status).toBe(
      400,
    )
  })

  it('decline, ask again, cancel own pending, remove an accepted one', async () => {
    const asked = (await (
      await call(t, 'POST', '/api/network/connections', { userId: caio.id }, beto.cookie)
    ).json()) as ConnectionStatus
    expect(
      (
        await call(
          t,
          'POST',
          `/api/network/connections/${asked.connectionId}/respond`,
          { accept: false },
          caio.cookie,
        )
      ).status,
    ).toBe(204)
    expect((await status(caio.id, beto.cookie)).state).toBe('none')
    expect(await titlesOf(beto.id)).not.toContain('Conexão aceita')

    // Caio changes his mind and asks Beto himself: the declined row is reused.
    const back = (await (
      await call(t, 'POST', '/api/network/connections', { userId: beto.id }, caio.cookie)
    ).json()) as ConnectionStatus
    expect(back.state).toBe('pendente_enviada')
    // Beto can't "cancel" a request he received; Caio can.
    expect(
      (await call(t, 'DELETE', `/api/network/connections/${back.connectionId}`, undefined, beto.cookie))
        .status,
    ).toBe(404)
    expect(
      (await call(t, 'DELETE', `/api/network/connections/${back.connectionId}`, undefined, caio.cookie))
        .status,
    ).toBe(204)
    expect((await lists(beto.cookie)).received).toEqual([])

    // Either side removes an accepted connection; a stranger can't.
    const anaBeto = (await status(beto.id, ana.cookie)).connectionId
    expect(
      (await call(t, 'DELETE', `/api/network/connections/${anaBeto}`, undefined, caio.cookie)).status,
    ).toBe(404)
    expect(
      (await call(t, 'DELETE', `/api/network/connections/${anaBeto}`, undefined, beto.cookie)).status,
    ).toBe(204)
    expect(await countConnections(t.handle.db, ana.id)).toBe(0)
  })

  it('a private lawyer is hidden from strangers but not from their connections', async () => {
    const dora = await lawyer(t, 'Dora Privada')
    const asked = (await (
      await call(t, 'POST', '/api/network/connections', { userId: dora.id }, beto.cookie)
    ).json()) as ConnectionStatus
    await call(
      t,
      'POST',
      `/api/network/connections/${asked.connectionId}/respond`,
      { accept: true },
      dora.cookie,
    )
    await t.handle.db.update(profiles).set({ perfilPublico: false }).where(eq(profiles.userId, dora.id))
    expect((await t.app.request(`/api/network/connections/status/${dora.id}`)).status).toBe(404)
    expect(
      (
        await t.app.request(`/api/network/connections/status/${dora.id}`, {
          headers: { cookie: caio.cookie },
        })
      ).status,
    ).toBe(404)
    expect((await call(t, 'POST', '/api/network/connections', { userId: dora.id }, caio.cookie)).status).toBe(
      404,
    )
    expect((await status(dora.id, beto.cookie)).state).toBe('aceita')
    expect((await status(dora.id, dora.cookie)).state).toBe('self')
  })

  it('answers 400 for a malformed id and 404 for an unknown user', async () => {
    expect(
      (await call(t, 'POST', '/api/network/connections/nao-e-uuid/respond', { accept: true }, ana.cookie))
        .status,
    ).toBe(400)
    expect(
      (await call(t, 'POST', '/api/network/connections', { userId: 'ninguem' }, ana.cookie)).status,
    ).toBe(404)
    expect((await t.app.request('/api/network/connections/status/ninguem')).status).toBe(404)
    const unread = await t.handle.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ent.id), eq(notifications.title, 'Nova solicitação de conexão')))
    expect(unread).toEqual([])
  })
})
