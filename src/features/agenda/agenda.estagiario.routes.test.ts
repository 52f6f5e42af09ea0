import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { createTestApp, type TestApp } from '../../test/test-app'
import type { SignUpInput } from '../auth/auth.schema'
import type { Case } from '../cases/cases.schema'
import type { Client } from '../clients/clients.schema'
import { notifications } from '../notifications/notifications.table.server'
import { officeMembers } from '../offices/offices.table.server'
import { agendaClient, userIdOf } from './agenda.fixtures'
import { runDigest } from './agenda.jobs.server'
import type { AgendaStats, EventList, EventRow, FeedCreated } from './agenda.schema'
import { events } from './agenda.table.server'
import { instantToZoned } from './agenda.time'

// Issue 10: events follow their case's visibility (spec §6). The estagiário sees, counts, edits, confirms
// and deletes only the events with no case or a case where they are responsible; another event answers
// 404 like a missing one; they can't put an event on a case (or client) they don't see; their iCal feed
// and their daily digest are filtered the same way. The sócio keeps the whole agenda.

let t: TestApp
let socio: ReturnType<typeof agendaClient>
let estagiario: ReturnType<typeof agendaClient>
let estagiarioUserId: string
let officeId: string
/** A case the estagiário is responsible for, and one they are not. */
let myCase: Case
let otherCase: Case
let otherClient: Client
let mine: EventRow
let hidden: EventRow
let open: EventRow

const day = (offset: number) => instantToZoned(new Date(Date.now() + offset * 86_400_000)).data

const student = (nomeCompleto: string) =>
  ({
    ...lawyerSignUp({ nomeCompleto }),
    userType: 'estudante',
    oabNumero: undefined,
    oabEstado: undefined,
    universidade: 'USP',
    periodoCurso: 5,
  }) as unknown as SignUpInput

beforeAll(async () => {
  t = await createTestApp()
  const owner = await signUp(t, lawyerSignUp({ nomeCompleto: 'Sofia Sócia' }))
  const [membership] = await t.handle.db
    .select({ id: officeMembers.id, officeId: officeMembers.officeId })
    .from(officeMembers)
    .where(eq(officeMembers.userId, await userIdOf(t, owner.email)))
  if (!membership) throw new Error('no office')
  officeId = membership.officeId
  const account = await signUp(t, student('Ester Estagiária'))
  estagiarioUserId = await userIdOf(t, account.email)
  const [row] = await t.handle.db
    .insert(officeMembers)
    .values({ officeId, userId: estagiarioUserId, nivelAcesso: 'estagiario' })
    .returning({ id: officeMembers.id })
  socio = agendaClient(t, owner.cookie)
  estagiario = agendaClient(t, account.cookie)

  const post = async <T>(path: string, body: unknown): Promise<T> => {
    const response = await t.app.request(path, jsonRequest('POST', body, owner.cookie))
    expect(response.status, path).toBe(201)
    return (await response.json()) as T
  }
  otherClient = await post<Client>('/api/clients', { nomeCompleto: 'Cliente Alheio' })
  myCase = await post<Case>('/api/cases', {
    titulo: 'Caso da Ester',
    areaJuridica: 'Civil',
    responsaveis: [membership.id, row?.id],
  })
  otherCase = await post<Case>('/api/cases', {
    titulo: 'Caso Alheio',
    areaJuridica: 'Civil',
    clientId: otherClient.id,
  })
  mine = await socio.create({ titulo: 'Audiência da Ester', caseId: myCase.id, data: day(3) })
  hidden = await socio.create({ titulo: 'Audiência Alheia', caseId: otherCase.id, data: day(2) })
  open = await socio.create({ titulo: 'Reunião geral', tipo: 'reuniao', data: day(4) })
})
afterAll(() => t.close())

const titles = (list: EventList) => list.items.map((e) => e.titulo).sort()

describe('agenda for the estagiário (events follow their case)', () => {
  it('lists, counts and shows next only the events with no case or a case of theirs', async () => {
    const list = (await (await estagiario.get('/events')).json()) as EventList
    expect(titles(list)).toEqual(['Audiência da Ester', 'Reunião geral'])
    expect(list.total).toBe(2)
    const byCase = (await (await estagiario.get(`/events?caseId=${otherCase.id}`)).json()) as EventList
    expect(byCase.items).toEqual([])

    const stats = (await (await estagiario.get('/stats')).json()) as AgendaStats
    expect(stats.total).toBe(2)
    expect(stats.audiencias).toBe(1)
    expect(((await (await socio.get('/stats')).json()) as AgendaStats).total).toBe(3)

    // The office's next event is the hidden one (day 2): theirs is day 3.
    const next = (await (await estagiario.get('/next')).json()) as { event: EventRow | null }
    expect(next.event?.id).toBe(mine.id)
    const all = (await (await socio.get('/events')).json()) as EventList
    expect(all.total).toBe(3)
  })

  it('edits, confirms and deletes theirs; another case’s event is 404 and untouched', async () => {
    expect((await estagiario.send('PATCH', `/events/${mine.id}`, { local: 'Fórum' })).status).toBe(200)
    expect((await estagiario.send('POST', `/events/${open.id}/confirm`)).status).toBe(200)

    expect((await estagiario.send('PATCH', `/events/${hidden.id}`, { titulo: 'Mudei' })).status).toBe(404)
    expect((await estagiario.send('POST', `/events/${hidden.id}/confirm`)).status).toBe(404)
    expect((await estagiario.send('DELETE', `/events/${hidden.id}`)).status).toBe(404)
    const [row] = await t.handle.db
      .select({ titulo: events.titulo, status: events.status, deletedAt: events.deletedAt })
      .from(events)
      .where(eq(events.id, hidden.id))
    expect(row).toEqual({ titulo: 'Audiência Alheia', status: 'agendado', deletedAt: null })

    // A deleted hidden event can't be restored by them either.
    expect((await socio.send('DELETE', `/events/${hidden.id}`)).status).toBe(204)
    expect((await estagiario.send('POST', `/events/${hidden.id}/restore`)).status).toBe(404)
    expect((await socio.send('POST', `/events/${hidden.id}/restore`)).status).toBe(200)

    const temp = await estagiario.create({ titulo: 'Reunião da Ester', tipo: 'reuniao', caseId: myCase.id })
    expect((await estagiario.send('DELETE', `/events/${temp.id}`)).status).toBe(204)
  })

  it("can't put an event on a case or client they don't see, nor move one there", async () => {
    const onOther = await estagiario.send('POST', '/events', {
      titulo: 'Intrusa',
      tipo: 'reuniao',
      data: day(5),
      hora: '10:00',
      caseId: otherCase.id,
    })
    expect(onOther.status).toBe(400)
    const withClient = await estagiario.send('POST', '/events', {
      titulo: 'Intrusa',
      tipo: 'reuniao',
      data: day(5),
      hora: '10:00',
      clientId: otherClient.id,
    })
    expect(withClient.status).toBe(400)
    const prazo = await estagiario.send('POST', '/prazos', {
      titulo: 'Prazo intruso',
      disponibilizacao: day(1),
      dias: 15,
      tribunal: 'TJSP',
      caseId: otherCase.id,
    })
    expect([400, 404]).toContain(prazo.status)
    expect((await estagiario.send('PATCH', `/events/${mine.id}`, { caseId: otherCase.id })).status).toBe(400)
    const stillMine = (await (await estagiario.get(`/events?caseId=${myCase.id}`)).json()) as EventList
    expect(stillMine.items.map((e) => e.id)).toContain(mine.id)
    const none = await t.handle.db
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.officeId, officeId), eq(events.titulo, 'Intrusa')))
    expect(none).toEqual([])
  })

  it('filters their iCal feed the same way', async () => {
    const created = await estagiario.send('POST', '/feed')
    expect(created.status).toBe(201)
    const feed = (await created.json()) as FeedCreated
    const text = await (await t.app.request(new URL(feed.url).pathname)).text()
    expect(text).toContain(`${mine.id}@jusconecta`)
    expect(text).toContain(`${open.id}@jusconecta`)
    expect(text).not.toContain(`${hidden.id}@jusconecta`)
    expect(text).not.toContain('Alheia')
  })

  it('tells them in the daily digest only of the prazos they see', async () => {
    await socio.create({ titulo: 'Prazo alheio', tipo: 'prazo', caseId: otherCase.id, data: day(1) })
    await socio.create({ titulo: 'Prazo da Ester', tipo: 'prazo', caseId: myCase.id, data: day(1) })
    // Their warning day has come (a plain 'Novo Evento' prazo has no early warning of its own).
    await t.handle.db
      .update(events)
      .set({ avisoEm: day(0) })
      .where(and(eq(events.officeId, officeId), eq(events.tipo, 'prazo')))
    await runDigest({ db: t.handle.db }, day(0))
    const notes = await t.handle.db
      .select({ title: notifications.title, message: notifications.message })
      .from(notifications)
      .where(eq(notifications.userId, estagiarioUserId))
    const note = notes.find((n) => n.title.includes('prazo'))
    expect(note?.title).toBe('1 prazo se aproxima')
    expect(note?.message).toContain('Prazo da Ester')
    expect(note?.message).not.toContain('alheio')
  })
})
