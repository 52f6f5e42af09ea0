import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { createTestApp, type TestApp } from '../../test/test-app'
import { agendaClient } from './agenda.fixtures'
import { AGENDA_MESSAGES, type EventList, type EventRow } from './agenda.schema'
import { events } from './agenda.table.server'

// 'Visível ao cliente' (issue 26): the office chooses which events the client portal shows. Absent on a new
// event, the server decides — on for an audiência of a case, off for anything else; an explicit choice wins
// and an edit toggles it. The list and the answers carry it.

let t: TestApp
let api: ReturnType<typeof agendaClient>
let clientId: string
let caseId: string

async function stored(id: string): Promise<boolean | undefined> {
  const [row] = await t.handle.db
    .select({ visible: events.visivelCliente })
    .from(events)
    .where(eq(events.id, id))
  return row?.visible
}

beforeAll(async () => {
  t = await createTestApp()
  const owner = await signUp(t, lawyerSignUp({ nomeCompleto: 'Sofia Sócia' }))
  api = agendaClient(t, owner.cookie)
  const post = (path: string, body: unknown) => t.app.request(path, jsonRequest('POST', body, owner.cookie))
  clientId = (
    (await (await post('/api/clients', { nomeCompleto: 'João da Silva' })).json()) as { id: string }
  ).id
  caseId = (
    (await (
      await post('/api/cases', { titulo: 'Ação de Cobrança', areaJuridica: 'Civil', clientId })
    ).json()) as {
      id: string
    }
  ).id
})
afterAll(() => t.close())

describe('visivelCliente on a new event', () => {
  it('defaults to visible for an audiência of a case', async () => {
    const event = await api.create({ caseId })
    expect(event.visivelCliente).toBe(true)
    expect(await stored(event.id)).toBe(true)
  })

  it('defaults to hidden for a reunião, a lembrete, a prazo, and an audiência without a case', async () => {
    const created = [
      await api.create({ tipo: 'reuniao', caseId, clientId }),
      await api.create({ tipo: 'lembrete', caseId }),
      await api.create({ tipo: 'prazo', caseId, hora: null }),
      await api.create({ clientId }),
    ]
    expect(created.map((e) => e.visivelCliente)).toEqual([false, false, false, false])
    for (const event of created) expect(await stored(event.id)).toBe(false)
  })

  it('respects an explicit choice either way', async () => {
    const hidden = await api.create({ caseId, visivelCliente: false })
    expect(hidden.visivelCliente).toBe(false)
    expect(await stored(hidden.id)).toBe(false)
    const shown = await api.create({ tipo: 'reuniao', clientId, visivelCliente: true })
    expect(shown.visivelCliente).toBe(true)
  })

  it('refuses a value that is not a boolean, writing nothing', async () => {
    const before = (await t.handle.db.select({ id: events.id }).from(events)).length
    const response = await api.send('POST', '/events', {
      titulo: 'Audiência',
      tipo: 'audiencia',
      data: '2030-03-12',
      hora: '10:00',
      caseId,
      visivelCliente: 'sim',
    })
    expect(response.status).toBe(400)
    const body = (await response.json()) as { error: { fields: Record<string, string> } }
    expect(body.error.fields.visivelCliente).toBe(AGENDA_MESSAGES.invalidVisibility)
    expect((await t.handle.db.select({ id: events.id }).from(events)).length).toBe(before)
  })
})

describe('visivelCliente on an edit', () => {
  it('toggles, and an edit that does not send it keeps it (no default is applied again)', async () => {
    const event = await api.create({ tipo: 'reuniao', caseId })
    const on = await api.send('PATCH', `/events/${event.id}`, { visivelCliente: true })
    expect(on.status).toBe(200)
    expect(((await on.json()) as EventRow).visivelCliente).toBe(true)
    expect(await stored(event.id)).toBe(true)

    // Another change leaves the visibility alone, even one that would default otherwise.
    const retyped = await api.send('PATCH', `/events/${event.id}`, { tipo: 'lembrete', titulo: 'Lembrete' })
    expect(((await retyped.json()) as EventRow).visivelCliente).toBe(true)

    const off = await api.send('PATCH', `/events/${event.id}`, { visivelCliente: false })
    expect(((await off.json()) as EventRow).visivelCliente).toBe(false)
    expect(await stored(event.id)).toBe(false)

    const list = (await (await api.get(`/events?caseId=${caseId}`)).json()) as EventList
    expect(list.items.find((e) => e.id === event.id)?.visivelCliente).toBe(false)
  })
})
