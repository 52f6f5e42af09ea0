import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { createTestApp, type TestApp } from '../../test/test-app'
import type { AppDeps } from '../../platform/app-env.server'
import type { SignUpInput } from '../auth/auth.schema'
import { caseMembers } from '../cases/case-members.table.server'
import type { Case } from '../cases/cases.schema'
import type { Client } from '../clients/clients.schema'
import { notifications } from '../notifications/notifications.table.server'
import { officeMembers } from '../offices/offices.table.server'
import { agendaClient, userIdOf } from './agenda.fixtures'
import { agendaJobs, REMINDER_JOB, runDigest, type ReminderData } from './agenda.jobs.server'
import {
  AGENDA_MESSAGES,
  type AgendaStats,
  type EventList,
  type EventRow,
  type FeedCreated,
} from './agenda.schema'
import { events } from './agenda.table.server'
import { instantToZoned } from './agenda.time'

// Issue 24 item 3: events follow their case's visibility at EVERY level (spec §6 'cases.view'): the sócio
// and the associado see every case, the estagiário the cases where they are responsible, the assistente
// none. In the list, the cards, /next, every write by id, the links a write makes, the iCal feed, the
// daily digest and the reminders. Before the fix the assistente ('none', which caseScope did not narrow)
// saw and changed every case's events.

type Nivel = 'socio' | 'associado' | 'estagiario' | 'assistente'
const LEVELS: readonly Nivel[] = ['socio', 'associado', 'estagiario', 'assistente']

let t: TestApp & { deps: AppDeps }
let officeId: string
const api = {} as Record<Nivel, ReturnType<typeof agendaClient>>
const userIds = {} as Record<Nivel, string>
const memberIds = {} as Record<Nivel, string>
/** A case the estagiário is responsible for, one nobody but the sócio is on, and its client. */
let estCase: Case
let otherCase: Case
let otherClient: Client
let onEst: EventRow
let onOther: EventRow
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

/** What each level sees of the three events. */
const SEES: Record<Nivel, readonly ('onEst' | 'onOther' | 'open')[]> = {
  socio: ['onEst', 'onOther', 'open'],
  associado: ['onEst', 'onOther', 'open'],
  estagiario: ['onEst', 'open'],
  assistente: ['open'],
}
const idOf = (name: 'onEst' | 'onOther' | 'open') => ({ onEst, onOther, open })[name].id

beforeAll(async () => {
  t = await createTestApp()
  const owner = await signUp(t, lawyerSignUp({ nomeCompleto: 'Sofia Sócia' }))
  userIds.socio = await userIdOf(t, owner.email)
  const [membership] = await t.handle.db
    .select({ id: officeMembers.id, officeId: officeMembers.officeId })
    .from(officeMembers)
    .where(eq(officeMembers.userId, userIds.socio))
  if (!membership) throw new Error('no office')
  officeId = membership.officeId
  memberIds.socio = membership.id
  api.socio = agendaClient(t, owner.cookie)
  for (const nivel of ['associado', 'estagiario', 'assistente'] as const) {
    const account = await signUp(t, student(`Membro ${nivel}`))
    userIds[nivel] = await userIdOf(t, account.email)
    const [row] = await t.handle.db
      .insert(officeMembers)
      .values({ officeId, userId: userIds[nivel], nivelAcesso: nivel })
      .returning({ id: officeMembers.id })
    memberIds[nivel] = row!.id
    api[nivel] = agendaClient(t, account.cookie)
  }

  const post = async <T>(path: string, body: unknown): Promise<T> => {
    const response = await t.app.request(path, jsonRequest('POST', body, owner.cookie))
    expect(response.status, path).toBe(201)
    return (await response.json()) as T
  }
  otherClient = await post<Client>('/api/clients', { nomeCompleto: 'Cliente Sigiloso' })
  estCase = await post<Case>('/api/cases', {
    titulo: 'Caso do Estagiário',
    areaJuridica: 'Civil',
    responsaveis: [memberIds.socio, memberIds.estagiario],
  })
  otherCase = await post<Case>('/api/cases', {
    titulo: 'Caso Sigiloso',
    areaJuridica: 'Civil',
    numeroProcesso: '0001234-71.2024.8.26.0100',
    clientId: otherClient.id,
  })
  onEst = await api.socio.create({ titulo: 'Audiência do estagiário', caseId: estCase.id, data: day(3) })
  onOther = await api.socio.create({
    titulo: 'Audiência sigilosa',
    caseId: otherCase.id,
    clientId: otherClient.id,
    data: day(2),
  })
  open = await api.socio.create({ titulo: 'Reunião geral', tipo: 'reuniao', data: day(4) })
})
afterAll(() => t.close())

const ids = (list: EventList) => list.items.map((e) => e.id).sort()
const expected = (nivel: Nivel) => SEES[nivel].map(idOf).sort()

describe('events follow their case at every level (reads)', () => {
  for (const nivel of LEVELS) {
    it(`${nivel}: list, cards, next and the case filter show only the events of cases they see`, async () => {
      const list = (await (await api[nivel].get('/events')).json()) as EventList
      expect(ids(list)).toEqual(expected(nivel))
      expect(list.total).toBe(SEES[nivel].length)
      const text = JSON.stringify(list)
      if (!SEES[nivel].includes('onOther')) {
        // Neither the case's title, its CNJ number nor its client's name.
        expect(text).not.toContain('Sigilos')
        expect(text).not.toContain('0001234')
      }

      const byCase = (await (await api[nivel].get(`/events?caseId=${otherCase.id}`)).json()) as EventList
      expect(ids(byCase)).toEqual(SEES[nivel].includes('onOther') ? [onOther.id] : [])
      const byClient = (await (
        await api[nivel].get(`/events?clientId=${otherClient.id}`)
      ).json()) as EventList
      expect(ids(byClient)).toEqual(SEES[nivel].includes('onOther') ? [onOther.id] : [])

      const stats = (await (await api[nivel].get('/stats')).json()) as AgendaStats
      expect(stats.total).toBe(SEES[nivel].length)
      expect(stats.audiencias).toBe(SEES[nivel].filter((name) => name !== 'open').length)

      // The office's next event is the sigilosa one (day 2); then the estagiário's (day 3); then the meeting.
      const next = (await (await api[nivel].get('/next')).json()) as { event: EventRow | null }
      expect(next.event?.id).toBe(idOf(SEES[nivel].includes('onOther') ? 'onOther' : SEES[nivel][0]!))
    })
  }
})

describe('events follow their case at every level (writes)', () => {
  it('a hidden event is 404 for every write by id, and stays untouched', async () => {
    for (const nivel of ['estagiario', 'assistente'] as const) {
      const hidden = nivel === 'assistente' ? [onOther, onEst] : [onOther]
      for (const event of hidden) {
        const what = `${nivel} × ${event.titulo}`
        expect(
          (await api[nivel].send('PATCH', `/events/${event.id}`, { titulo: 'Mudei' })).status,
          what,
        ).toBe(404)
        expect((await api[nivel].send('POST', `/events/${event.id}/confirm`)).status, what).toBe(404)
        expect((await api[nivel].send('DELETE', `/events/${event.id}`)).status, what).toBe(404)
        // Deleted by the sócio, it can't be restored by them either.
        expect((await api.socio.send('DELETE', `/events/${event.id}`)).status).toBe(204)
        expect((await api[nivel].send('POST', `/events/${event.id}/restore`)).status, what).toBe(404)
        expect((await api.socio.send('POST', `/events/${event.id}/restore`)).status).toBe(200)
      }
    }
    const rows = await t.handle.db
      .select({ titulo: events.titulo, status: events.status, deletedAt: events.deletedAt })
      .from(events)
      .where(inArray(events.id, [onOther.id, onEst.id]))
    expect(rows.sort((a, b) => a.titulo.localeCompare(b.titulo))).toEqual([
      { titulo: 'Audiência do estagiário', status: 'agendado', deletedAt: null },
      { titulo: 'Audiência sigilosa', status: 'agendado', deletedAt: null },
    ])
  })

  it('the sócio and the associado write on any case; the assistente on none (403); the estagiário on theirs', async () => {
    const body = (nivel: Nivel) => ({
      titulo: `Reunião ${nivel}`,
      tipo: 'reuniao',
      data: day(6),
      hora: '10:00',
      caseId: otherCase.id,
    })
    for (const nivel of ['socio', 'associado'] as const) {
      const created = await api[nivel].send('POST', '/events', body(nivel))
      expect(created.status, nivel).toBe(201)
      const event = (await created.json()) as EventRow
      expect(event.caso?.id).toBe(otherCase.id)
      expect((await api[nivel].send('DELETE', `/events/${event.id}`)).status).toBe(204)
    }
    // The assistente: 403 with a pt-BR message on the field, whatever the case (even the estagiário's, or
    // an unknown id: the answer tells nothing about which cases exist).
    for (const caseId of [otherCase.id, estCase.id, '00000000-0000-4000-8000-000000000000']) {
      const refused = await api.assistente.send('POST', '/events', { ...body('assistente'), caseId })
      expect(refused.status).toBe(403)
      expect(await refused.json()).toEqual({
        error: {
          code: 'forbidden',
          message: AGENDA_MESSAGES.caseForbidden,
          fields: { caseId: AGENDA_MESSAGES.caseForbidden },
        },
      })
    }
    const prazo = {
      titulo: 'Prazo intruso',
      disponibilizacao: day(1),
      dias: 15,
      tribunal: 'TJSP',
      caseId: otherCase.id,
    }
    expect((await api.assistente.send('POST', '/prazos', prazo)).status).toBe(403)
    expect((await api.assistente.send('PATCH', `/events/${open.id}`, { caseId: estCase.id })).status).toBe(
      403,
    )
    // The estagiário: another case is refused exactly like an unknown one (400 on the field).
    expect((await api.estagiario.send('POST', '/events', body('estagiario'))).status).toBe(400)
    expect((await api.estagiario.send('POST', '/prazos', prazo)).status).toBe(400)
    expect((await api.estagiario.send('PATCH', `/events/${open.id}`, { caseId: otherCase.id })).status).toBe(
      400,
    )
    const own = await api.estagiario.send('POST', '/prazos', {
      ...prazo,
      titulo: 'Prazo próprio',
      caseId: estCase.id,
    })
    expect(own.status).toBe(201)
    expect(
      (await api.estagiario.send('DELETE', `/events/${((await own.json()) as EventRow).id}`)).status,
    ).toBe(204)

    // The assistente still creates and edits the events with no case.
    const free = await api.assistente.create({
      titulo: 'Atendimento',
      tipo: 'reuniao',
      clientId: otherClient.id,
    })
    expect(free.caso).toBeNull()
    expect((await api.assistente.send('PATCH', `/events/${free.id}`, { local: 'Recepção' })).status).toBe(200)
    expect((await api.assistente.send('DELETE', `/events/${free.id}`)).status).toBe(204)

    const intruders = await t.handle.db
      .select({ id: events.id })
      .from(events)
      .where(
        and(
          eq(events.officeId, officeId),
          inArray(events.titulo, ['Reunião assistente', 'Reunião estagiario', 'Prazo intruso']),
        ),
      )
    expect(intruders).toEqual([])
    const [stillOpen] = await t.handle.db
      .select({ caseId: events.caseId })
      .from(events)
      .where(eq(events.id, open.id))
    expect(stillOpen?.caseId).toBeNull()
  })
})

describe('events follow their case at every level (feed and notifications)', () => {
  it('each level’s iCal feed carries only the events it sees', async () => {
    for (const nivel of LEVELS) {
      const created = await api[nivel].send('POST', '/feed')
      expect(created.status).toBe(201)
      const feed = (await created.json()) as FeedCreated
      const text = await (await t.app.request(new URL(feed.url).pathname)).text()
      for (const name of ['onEst', 'onOther', 'open'] as const) {
        expect(text.includes(`${idOf(name)}@jusconecta`), `${nivel} × ${name}`).toBe(
          SEES[nivel].includes(name),
        )
      }
      if (!SEES[nivel].includes('onOther')) expect(text).not.toContain('sigilosa')
    }
  })

  it('the daily digest tells each level only of the prazos it sees', async () => {
    await api.socio.create({ titulo: 'Prazo sigiloso', tipo: 'prazo', caseId: otherCase.id, data: day(1) })
    await api.socio.create({ titulo: 'Prazo do estagiário', tipo: 'prazo', caseId: estCase.id, data: day(1) })
    await api.socio.create({ titulo: 'Prazo do escritório', tipo: 'prazo', data: day(1) })
    await t.handle.db
      .update(events)
      .set({ avisoEm: day(0) })
      .where(and(eq(events.officeId, officeId), eq(events.tipo, 'prazo')))
    await runDigest({ db: t.handle.db }, day(0))
    const titles: Record<Nivel, string[]> = {
      socio: ['Prazo sigiloso', 'Prazo do estagiário', 'Prazo do escritório'],
      associado: ['Prazo sigiloso', 'Prazo do estagiário', 'Prazo do escritório'],
      estagiario: ['Prazo do estagiário', 'Prazo do escritório'],
      assistente: ['Prazo do escritório'],
    }
    for (const nivel of LEVELS) {
      const [note] = await t.handle.db
        .select({ title: notifications.title, message: notifications.message })
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, userIds[nivel]),
            eq(notifications.sourceKey, `agenda.digest:${officeId}:${day(0)}`),
          ),
        )
      expect(note?.title, nivel).toBe(
        titles[nivel].length === 1 ? '1 prazo se aproxima' : `${titles[nivel].length} prazos se aproximam`,
      )
      for (const titulo of titles.socio)
        expect(note?.message.includes(titulo), `${nivel} × ${titulo}`).toBe(titles[nivel].includes(titulo))
    }
  })

  it('a reminder reaches its creator only while their level still sees the event’s case', async () => {
    const reminder = agendaJobs.find((job) => job.name === REMINDER_JOB)!
    const remind = async (event: EventRow) => {
      const data: ReminderData = { eventId: event.id, officeId, inicio: event.inicio, lembrete: 60 }
      await reminder.handler({ deps: t.deps, data })
    }
    const reminded = async (userId: string, event: EventRow) =>
      (
        await t.handle.db
          .select({ id: notifications.id })
          .from(notifications)
          .where(and(eq(notifications.userId, userId), eq(notifications.title, `Lembrete: ${event.titulo}`)))
      ).length > 0

    // The associado schedules one on the sigiloso case and one with no case; then becomes assistente.
    const onCase = await api.associado.create({
      titulo: 'Lembrete do caso',
      caseId: otherCase.id,
      data: '2030-04-01',
      lembreteMinutos: 60,
    })
    const noCase = await api.associado.create({
      titulo: 'Lembrete livre',
      tipo: 'reuniao',
      data: '2030-04-01',
      lembreteMinutos: 60,
    })
    // The estagiário schedules one on a case they are then taken off.
    const passing = await api.estagiario.create({
      titulo: 'Lembrete passageiro',
      caseId: estCase.id,
      data: '2030-04-02',
      lembreteMinutos: 60,
    })

    await t.handle.db
      .update(officeMembers)
      .set({ nivelAcesso: 'assistente' })
      .where(eq(officeMembers.id, memberIds.associado))
    await t.handle.db
      .delete(caseMembers)
      .where(and(eq(caseMembers.caseId, estCase.id), eq(caseMembers.memberId, memberIds.estagiario)))

    for (const event of [onCase, noCase, passing]) await remind(event)
    expect(await reminded(userIds.associado, noCase)).toBe(true)
    expect(await reminded(userIds.associado, onCase)).toBe(false)
    expect(await reminded(userIds.estagiario, passing)).toBe(false)

    // Back on the case, the estagiário hears of it (the job reads the rule when it runs).
    await t.handle.db
      .insert(caseMembers)
      .values({ officeId, caseId: estCase.id, memberId: memberIds.estagiario })
    await remind(passing)
    expect(await reminded(userIds.estagiario, passing)).toBe(true)
  })
})
