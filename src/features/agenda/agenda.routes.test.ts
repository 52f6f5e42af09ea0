import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calcularPrazo } from '../../lib/br/deadline'
import { addBusinessDays } from '../../lib/br/holidays'
import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { createTestApp, type TestApp } from '../../test/test-app'
import { auditLog } from '../audit/audit.table.server'
import { agendaClient, officeOf } from './agenda.fixtures'
import {
  AGENDA_MESSAGES,
  type AgendaStats,
  type CourtClosedDays,
  type CourtInfo,
  type EventList,
  type EventRow,
  type PrazoCalcResult,
} from './agenda.schema'
import { events } from './agenda.table.server'
import { instantToZoned } from './agenda.time'

let t: TestApp
let owner: { cookie: string; email: string }
let outsider: { cookie: string; email: string }
let officeId: string
let api: ReturnType<typeof agendaClient>
let clientId: string
let caseId: string
let outsiderClientId: string

async function eventCount(): Promise<number> {
  const [row] = await t.handle.db.select({ n: count() }).from(events).where(eq(events.officeId, officeId))
  return row?.n ?? 0
}

beforeAll(async () => {
  t = await createTestApp()
  owner = await signUp(t, lawyerSignUp({ nomeCompleto: 'Sofia Sócia' }))
  outsider = await signUp(t, lawyerSignUp({ nomeCompleto: 'Otto Outro' }))
  officeId = await officeOf(t, owner.email)
  api = agendaClient(t, owner.cookie)
  const post = (path: string, body: unknown, cookie: string) =>
    t.app.request(path, jsonRequest('POST', body, cookie))
  clientId = (
    (await (await post('/api/clients', { nomeCompleto: 'João da Silva' }, owner.cookie)).json()) as {
      id: string
    }
  ).id
  caseId = (
    (await (
      await post('/api/cases', { titulo: 'Ação de Cobrança', areaJuridica: 'Civil', clientId }, owner.cookie)
    ).json()) as { id: string }
  ).id
  outsiderClientId = (
    (await (await post('/api/clients', { nomeCompleto: 'Maria Alheia' }, outsider.cookie)).json()) as {
      id: string
    }
  ).id
})
afterAll(() => t.close())

describe('events', () => {
  it('refuses bad input with pt-BR messages and writes nothing', async () => {
    const before = await eventCount()
    const empty = await api.send('POST', '/events', {})
    expect(empty.status).toBe(400)
    const body = (await empty.json()) as { error: { code: string; fields: Record<string, string> } }
    expect(body.error.code).toBe('validation')
    // The event dialog's words: it validates with this same schema (issue 23).
    expect(body.error.fields.titulo).toBe(AGENDA_MESSAGES.tituloRequired)
    expect(body.error.fields.titulo).toBe('Informe o título.')

    const noHora = await api.send('POST', '/events', {
      titulo: 'Reunião',
      tipo: 'reuniao',
      data: '2030-03-12',
    })
    expect(noHora.status).toBe(400)
    expect(((await noHora.json()) as { error: { fields: Record<string, string> } }).error.fields.hora).toBe(
      AGENDA_MESSAGES.horaRequired,
    )
    const cases: [Record<string, unknown>, string, string][] = [
      [{ lembreteMinutos: 45 }, 'lembreteMinutos', AGENDA_MESSAGES.invalidReminder],
      [{ data: '2030-02-30' }, 'data', AGENDA_MESSAGES.dataInvalid],
      [{ data: '1980-01-01' }, 'data', AGENDA_MESSAGES.dataInvalid],
      [{ data: '' }, 'data', AGENDA_MESSAGES.dataRequired],
      [{ titulo: '   ' }, 'titulo', AGENDA_MESSAGES.tituloRequired],
      [{ hora: '24:00' }, 'hora', AGENDA_MESSAGES.horaInvalid],
      [{ tipo: 'festa' }, 'tipo', AGENDA_MESSAGES.invalidType],
      [{ clientId: outsiderClientId }, 'clientId', AGENDA_MESSAGES.invalidClient],
    ]
    for (const [patch, field, message] of cases) {
      const response = await api.send('POST', '/events', {
        titulo: 'X',
        tipo: 'reuniao',
        data: '2030-03-12',
        hora: '10:00',
        ...patch,
      })
      expect(response.status, field).toBe(400)
      expect(
        ((await response.json()) as { error: { fields: Record<string, string> } }).error.fields[field],
      ).toBe(message)
    }
    expect(await eventCount()).toBe(before)
  })

  it('stores São Paulo wall time as an instant and answers the row with its case and client', async () => {
    const event = await api.create({ caseId, clientId, local: 'Fórum João Mendes', lembreteMinutos: 60 })
    expect(event.inicio).toBe('2030-03-12T17:30:00.000Z')
    expect(event).toMatchObject({
      data: '2030-03-12',
      hora: '14:30',
      diaInteiro: false,
      status: 'agendado',
      prioridade: 'media',
      lembreteMinutos: 60,
      caso: { id: caseId, titulo: 'Ação de Cobrança' },
      cliente: { id: clientId, nomeCompleto: 'João da Silva' },
    })
    const prazo = await api.create({
      titulo: 'Contestação',
      tipo: 'prazo',
      data: '2030-03-20',
      hora: '09:00',
    })
    expect(prazo).toMatchObject({
      diaInteiro: true,
      hora: null,
      data: '2030-03-20',
      inicio: '2030-03-20T03:00:00.000Z',
    })
    const [audit] = await t.handle.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, event.id), eq(auditLog.action, 'event.create')))
    expect(audit?.n).toBe(1)
  })

  it("answers 404 for another office's event on every route and never lists it", async () => {
    const mine = await api.create({ titulo: 'Só do meu escritório' })
    const theirs = agendaClient(t, outsider.cookie)
    const routes: [string, string, unknown?][] = [
      ['PATCH', `/events/${mine.id}`, { titulo: 'Invadido' }],
      ['POST', `/events/${mine.id}/confirm`],
      ['DELETE', `/events/${mine.id}`],
      ['POST', `/events/${mine.id}/restore`],
      ['PATCH', '/events/not-a-uuid', { titulo: 'x' }],
    ]
    for (const [method, path, body] of routes) {
      expect((await theirs.send(method, path, body)).status, `${method} ${path}`).toBe(404)
    }
    const list = (await (await theirs.get('/events')).json()) as EventList
    expect(list.items.map((e) => e.id)).not.toContain(mine.id)
    expect(((await (await theirs.get('/stats')).json()) as AgendaStats).total).toBe(0)
    expect((await api.get(`/events?caseId=${caseId}`)).status).toBe(200)
    expect(((await (await api.get('/events')).json()) as EventList).items.map((e) => e.id)).toContain(mine.id)
    // Unchanged.
    const after = (await (await api.get('/events?limit=100')).json()) as EventList
    expect(after.items.find((e) => e.id === mine.id)?.titulo).toBe('Só do meu escritório')
    expect((await t.app.request('/api/agenda/events')).status).toBe(401)
  })

  it('filters by window, type, status, case and client, ordered by inicio', async () => {
    const a = await api.create({ titulo: 'Janela A', tipo: 'reuniao', data: '2031-05-10', hora: '09:00' })
    const b = await api.create({
      titulo: 'Janela B',
      tipo: 'audiencia',
      data: '2031-05-03',
      hora: '23:30',
      caseId,
    })
    await api.create({ titulo: 'Fora', tipo: 'reuniao', data: '2031-06-01', hora: '09:00' })
    // 2031-05-01 00:00 to 2031-06-01 00:00 São Paulo time.
    const window = 'from=2031-05-01T03:00:00.000Z&to=2031-06-01T03:00:00.000Z'
    const all = (await (await api.get(`/events?${window}`)).json()) as EventList
    expect(all.items.map((e) => e.titulo)).toEqual(['Janela B', 'Janela A'])
    expect(all.total).toBe(2)
    const meetings = (await (await api.get(`/events?${window}&tipo=reuniao`)).json()) as EventList
    expect(meetings.items.map((e) => e.id)).toEqual([a.id])
    const ofCase = (await (await api.get(`/events?${window}&caseId=${caseId}`)).json()) as EventList
    expect(ofCase.items.map((e) => e.id)).toEqual([b.id])
    await api.send('POST', `/events/${a.id}/confirm`)
    const confirmed = (await (await api.get(`/events?${window}&status=confirmado`)).json()) as EventList
    expect(confirmed.items.map((e) => e.id)).toEqual([a.id])
    const todos = (await (await api.get(`/events?${window}&tipo=todos&status=`)).json()) as EventList
    expect(todos.total).toBe(2)
    const paged = (await (await api.get(`/events?${window}&limit=1&offset=1`)).json()) as EventList
    expect(paged.items.map((e) => e.id)).toEqual([a.id])
    expect(paged.total).toBe(2)

    const bad = await api.get('/events?from=2031-06-01T00:00:00Z&to=2031-05-01T00:00:00Z')
    expect(bad.status).toBe(400)
    expect((await api.get('/events?tipo=festa')).status).toBe(400)
    expect((await api.get('/events?from=ontem')).status).toBe(400)
  })

  it('counts the four cards and finds the next event', async () => {
    const fresh = await createTestApp()
    try {
      const user = await signUp(fresh, lawyerSignUp())
      const c = agendaClient(fresh, user.cookie)
      const now = Date.now()
      const soon = new Date(now + 2 * 3_600_000)
      const z = instantToZoned(soon)
      const next = await c.create({ titulo: 'Em 2 horas', tipo: 'reuniao', data: z.data, hora: z.hora })
      await c.create({ titulo: 'Audiência longe', tipo: 'audiencia', data: '2031-01-10', hora: '10:00' })
      await c.create({ titulo: 'Prazo', tipo: 'prazo', data: '2031-01-12' })
      const cancelled = await c.create({
        titulo: 'Cancelada',
        tipo: 'audiencia',
        data: '2031-01-11',
        hora: '10:00',
      })
      await c.send('PATCH', `/events/${cancelled.id}`, { status: 'cancelado' })
      expect((await (await c.get('/stats')).json()) as AgendaStats).toEqual({
        total: 4,
        prazos: 1,
        proximas24h: 1,
        audiencias: 1,
      })
      const answer = (await (await c.get('/next')).json()) as { event: EventRow | null }
      expect(answer.event?.id).toBe(next.id)
    } finally {
      await fresh.close()
    }
  })

  it('confirms only from agendado (409 otherwise)', async () => {
    const event = await api.create({ titulo: 'Confirmar' })
    const first = await api.send('POST', `/events/${event.id}/confirm`)
    expect(first.status).toBe(200)
    expect(((await first.json()) as EventRow).status).toBe('confirmado')
    const again = await api.send('POST', `/events/${event.id}/confirm`)
    expect(again.status).toBe(409)
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe(
      AGENDA_MESSAGES.confirmOnlyAgendado,
    )
  })

  it('edits partially, re-deriving the instant, and refuses an empty or inconsistent patch', async () => {
    const event = await api.create({ titulo: 'Editar', tipo: 'reuniao', data: '2030-08-01', hora: '10:00' })
    const moved = (await (
      await api.send('PATCH', `/events/${event.id}`, { hora: '16:45' })
    ).json()) as EventRow
    expect(moved).toMatchObject({ data: '2030-08-01', hora: '16:45', inicio: '2030-08-01T19:45:00.000Z' })
    const asPrazo = (await (
      await api.send('PATCH', `/events/${event.id}`, { tipo: 'prazo' })
    ).json()) as EventRow
    expect(asPrazo).toMatchObject({ diaInteiro: true, hora: null, inicio: '2030-08-01T03:00:00.000Z' })
    const back = await api.send('PATCH', `/events/${event.id}`, { tipo: 'reuniao' })
    expect(back.status).toBe(400)
    expect((await api.send('PATCH', `/events/${event.id}`, {})).status).toBe(400)
    // The edit dialog sends tipo and hora together: a cleared hora is said under it, as the dialog says it.
    const cleared = await api.send('PATCH', `/events/${event.id}`, { tipo: 'audiencia', hora: '' })
    expect(cleared.status).toBe(400)
    expect(((await cleared.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      hora: AGENDA_MESSAGES.horaRequired,
    })
    const blank = await api.send('PATCH', `/events/${event.id}`, { titulo: ' ', data: '' })
    expect(((await blank.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      titulo: AGENDA_MESSAGES.tituloRequired,
      data: AGENDA_MESSAGES.dataRequired,
    })
  })

  it('soft-deletes and restores', async () => {
    const event = await api.create({ titulo: 'Excluir' })
    expect((await api.send('DELETE', `/events/${event.id}`)).status).toBe(204)
    const list = (await (await api.get('/events?limit=100')).json()) as EventList
    expect(list.items.map((e) => e.id)).not.toContain(event.id)
    expect((await api.send('DELETE', `/events/${event.id}`)).status).toBe(404)
    expect((await api.send('POST', `/events/${event.id}/confirm`)).status).toBe(404)
    const restored = await api.send('POST', `/events/${event.id}/restore`)
    expect(restored.status).toBe(200)
    expect(((await restored.json()) as EventRow).id).toBe(event.id)
    expect((await api.send('POST', `/events/${event.id}/restore`)).status).toBe(404)
  })
})

describe('court calendars and Criar prazo', () => {
  it('serves seeds merged with the office rows; a seeded day can be removed and closed again', async () => {
    const courts = ((await (await api.get('/courts')).json()) as { items: CourtInfo[] }).items
    expect(courts.map((c) => c.id)).toEqual(expect.arrayContaining(['TJSP', 'TRF3']))
    const days = (await (await api.get('/courts/tjsp/closed-days?year=2030')).json()) as CourtClosedDays
    expect(days.tribunal).toBe('TJSP')
    expect(days.days).toContainEqual(expect.objectContaining({ data: '2030-07-09', origem: 'seed' }))

    expect((await api.send('DELETE', '/courts/TJSP/closed-days/2030-07-09')).status).toBe(204)
    const without = (await (await api.get('/courts/TJSP/closed-days?year=2030')).json()) as CourtClosedDays
    expect(without.days.map((d) => d.data)).not.toContain('2030-07-09')
    expect((await api.send('DELETE', '/courts/TJSP/closed-days/2030-07-09')).status).toBe(404)
    const again = await api.send('POST', '/courts/TJSP/closed-days', {
      data: '2030-07-09',
      motivo: 'Revolução',
    })
    expect(again.status).toBe(201)
    expect(((await again.json()) as CourtClosedDays).days).toContainEqual({
      data: '2030-07-09',
      motivo: 'Revolução',
      origem: 'office',
    })
    const dup = await api.send('POST', '/courts/TJSP/closed-days', { data: '2030-07-09', motivo: 'De novo' })
    expect(dup.status).toBe(409)
    expect(
      (await api.send('POST', '/courts/T J/closed-days', { data: '2030-07-10', motivo: 'x' })).status,
    ).toBe(400)
    expect(
      (await api.send('POST', '/courts/TJSP/closed-days', { data: '10/07/2030', motivo: 'x' })).status,
    ).toBe(400)
    // Another office does not see this office's rows.
    const other = agendaClient(t, outsider.cookie)
    const theirs = (await (await other.get('/courts/TJSP/closed-days?year=2030')).json()) as CourtClosedDays
    expect(theirs.days.find((d) => d.data === '2030-07-09')?.origem).toBe('seed')
  })

  it('computes with the court calendar and creates the prazo with its trail and early warning', async () => {
    // A suspension order of the office's court on Monday 15 Jul 2030 (TJSP also closes 9 Jul by seed).
    expect(
      (
        await api.send('POST', '/courts/TJSP/closed-days', {
          data: '2030-07-15',
          motivo: 'Suspensão de expediente',
        })
      ).status,
    ).toBe(201)
    const calendar = [
      { data: '2030-07-09', motivo: 'Revolução' },
      { data: '2030-07-15', motivo: 'Suspensão de expediente' },
    ]
    const expected = calcularPrazo({ disponibilizacao: '2030-07-01', dias: 15, courtCalendar: calendar })
    const national = calcularPrazo({ disponibilizacao: '2030-07-01', dias: 15 })
    expect(expected.vencimento).not.toBe(national.vencimento)
    const avisoEm = addBusinessDays(expected.vencimento, -2, { extraHolidays: calendar.map((d) => d.data) })

    const calc = await api.send('POST', '/prazos/calcular', {
      disponibilizacao: '2030-07-01',
      dias: 15,
      tribunal: 'tjsp',
    })
    expect(calc.status).toBe(200)
    const result = (await calc.json()) as PrazoCalcResult
    expect(result).toMatchObject({
      vencimento: expected.vencimento,
      publicacao: expected.publicacao,
      avisoEm,
      avisoDias: 2,
    })
    expect(result.tribunal).toBe('TJSP')

    const created = await api.send('POST', '/prazos', {
      disponibilizacao: '2030-07-01',
      dias: 15,
      tribunal: 'TJSP',
      titulo: 'Contestação',
      caseId,
      lembreteMinutos: 1440,
    })
    expect(created.status).toBe(201)
    const event = (await created.json()) as EventRow
    expect(event).toMatchObject({
      tipo: 'prazo',
      diaInteiro: true,
      hora: null,
      data: expected.vencimento,
      avisoEm,
      prioridade: 'alta',
      caso: { id: caseId },
    })
    expect(event.prazo?.trilha).toEqual(expected.trilha)
    expect(event.prazo?.trilha).toContainEqual(
      expect.objectContaining({ data: '2030-07-15', causa: 'fechado_tribunal' }),
    )
    expect(event.prazo).toMatchObject({ disponibilizacao: '2030-07-01', dias: 15, tribunal: 'TJSP' })

    const bad = await api.send('POST', '/prazos', { disponibilizacao: '2030-07-01', dias: 0, titulo: 'x' })
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { error: { fields: Record<string, string> } }).error.fields.dias).toBe(
      AGENDA_MESSAGES.diasRange,
    )
  })
})
