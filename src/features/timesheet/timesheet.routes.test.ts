import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDaysISO, todayISO } from '../../lib/br/dates'
import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { createTestApp, type TestApp } from '../../test/test-app'
import { TIMESHEET_MESSAGES } from './timesheet.schema'
import { hoursThisMonthByMember } from './timesheet.public.server'

// Issue 10, "Timesheet": a member's time on a case — a timer that is a row (it survives a reload), manual
// entries — with overlaps, zero/negative/oversized durations refused (400, pt-BR, nothing written) and the
// case limited to one the member may see.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

async function me(cookie: string) {
  return (await (await t.app.request('/api/me', { headers: { cookie } })).json()) as {
    user: { id: string }
    office: { id: string }
  }
}

async function newCase(cookie: string, titulo = 'Ação de cobrança'): Promise<string> {
  const response = await t.app.request(
    '/api/cases',
    jsonRequest('POST', { titulo, areaJuridica: 'Civil' }, cookie),
  )
  expect(response.status).toBe(201)
  return ((await response.json()) as { id: string }).id
}

async function lawyer() {
  const { cookie } = await signUp(t, lawyerSignUp())
  const who = await me(cookie)
  return { cookie, userId: who.user.id, officeId: who.office.id }
}

const post = (cookie: string, path: string, body?: unknown) =>
  t.app.request(`/api/timesheet${path}`, jsonRequest('POST', body ?? {}, cookie))

async function errorOf(response: Response) {
  return ((await response.json()) as { error: { message: string } }).error.message
}

async function countEntries(): Promise<number> {
  const rows = await t.handle.db.execute<{ n: number }>(sql`select count(*)::int as n from time_entries`)
  return Number(rows.rows[0]?.n)
}

async function list(cookie: string, from = addDaysISO(todayISO(), -30), to = todayISO()) {
  const response = await t.app.request(`/api/timesheet?from=${from}&to=${to}`, { headers: { cookie } })
  expect(response.status).toBe(200)
  return (await response.json()) as {
    entries: { id: string; minutos: number | null; caseTitulo: string; data: string }[]
    weeks: { weekStart: string; minutos: number; faturavelMinutos: number }[]
    totalMinutos: number
  }
}

describe('the timer', () => {
  it('starts, is still running on the next request (a reload), refuses a second one and stops into an entry', async () => {
    const { cookie } = await lawyer()
    const caseId = await newCase(cookie)
    const started = await post(cookie, '/timer/start', { caseId, descricao: 'Petição inicial' })
    expect(started.status).toBe(201)
    const running = (await started.json()) as { id: string; fim: string | null; minutos: number | null }
    expect(running).toMatchObject({ fim: null, minutos: null })

    const reload = await t.app.request('/api/timesheet/timer', { headers: { cookie } })
    expect(await reload.json()).toMatchObject({
      running: { id: running.id, caseId, descricao: 'Petição inicial' },
    })

    const second = await post(cookie, '/timer/start', { caseId })
    expect(second.status).toBe(409)
    expect(await errorOf(second)).toBe(TIMESHEET_MESSAGES.running)

    // 90 minutes later…
    await t.handle.db.execute(
      sql`update time_entries set inicio = now() - interval '90 minutes' where id = ${running.id}::uuid`,
    )
    const stopped = await post(cookie, '/timer/stop')
    expect(stopped.status).toBe(200)
    expect(await stopped.json()).toMatchObject({ id: running.id, minutos: 90 })
    expect(await (await t.app.request('/api/timesheet/timer', { headers: { cookie } })).json()).toEqual({
      running: null,
    })
    const listed = await list(cookie)
    expect(listed.entries.map((e) => [e.id, e.minutos, e.caseTitulo])).toEqual([
      [running.id, 90, 'Ação de cobrança'],
    ])
    const again = await post(cookie, '/timer/stop')
    expect(again.status).toBe(409)
    expect(await errorOf(again)).toBe(TIMESHEET_MESSAGES.notRunning)
  })

  it('a timer forgotten for days stops at 24 hours', async () => {
    const { cookie } = await lawyer()
    const caseId = await newCase(cookie)
    const started = (await (await post(cookie, '/timer/start', { caseId })).json()) as { id: string }
    await t.handle.db.execute(
      sql`update time_entries set inicio = now() - interval '3 days' where id = ${started.id}::uuid`,
    )
    expect(await (await post(cookie, '/timer/stop')).json()).toMatchObject({ minutos: 1440 })
  })
})

describe('manual entries', () => {
  it('records date, duration, case, description and billable', async () => {
    const { cookie } = await lawyer()
    const caseId = await newCase(cookie)
    const created = await post(cookie, '', {
      caseId,
      data: todayISO(),
      minutos: 45,
      descricao: 'Reunião com o cliente',
      faturavel: false,
    })
    expect(created.status).toBe(201)
    expect(await created.json()).toMatchObject({ minutos: 45, faturavel: false, inicio: null })
  })

  it('refuses zero, negative, fractional and over-24h durations with 400 and writes nothing', async () => {
    const { cookie } = await lawyer()
    const caseId = await newCase(cookie)
    const before = await countEntries()
    for (const minutos of [0, -30, 1.5, 1441]) {
      const refused = await post(cookie, '', { caseId, data: todayISO(), minutos })
      expect(refused.status).toBe(400)
      expect(await errorOf(refused)).toContain(TIMESHEET_MESSAGES.duration)
    }
    expect(await countEntries()).toBe(before)
  })

  it('refuses an entry overlapping another (half-open: back to back is fine) and a day over 24 hours', async () => {
    const { cookie } = await lawyer()
    const caseId = await newCase(cookie)
    const data = addDaysISO(todayISO(), -1)
    const at = (horaInicio: string, minutos: number) =>
      post(cookie, '', { caseId, data, minutos, horaInicio })
    expect((await at('09:00', 120)).status).toBe(201)
    const before = await countEntries()
    for (const [hora, min] of [
      ['10:00', 30],
      ['08:30', 45],
      ['08:00', 300],
    ] as const) {
      const clash = await at(hora, min)
      expect(clash.status).toBe(400)
      expect(await errorOf(clash)).toBe(TIMESHEET_MESSAGES.overlap)
    }
    expect(await countEntries()).toBe(before)
    expect((await at('11:00', 60)).status).toBe(201)
    expect((await at('08:00', 60)).status).toBe(201)

    // 4 hours so far that day; 21 more would make 25.
    const full = await post(cookie, '', { caseId, data, minutos: 1260 })
    expect(full.status).toBe(400)
    expect(await errorOf(full)).toBe(TIMESHEET_MESSAGES.dayFull)
    expect((await post(cookie, '', { caseId, data, minutos: 1200 })).status).toBe(201)
  })

  it('refuses an entry overlapping the running timer', async () => {
    const { cookie } = await lawyer()
    const caseId = await newCase(cookie)
    expect((await post(cookie, '/timer/start', { caseId })).status).toBe(201)
    await t.handle.db.execute(
      sql`update time_entries set inicio = now() - interval '2 hours' where fim is null and deleted_at is null and case_id = ${caseId}::uuid`,
    )
    const running = (await (await t.app.request('/api/timesheet/timer', { headers: { cookie } })).json()) as {
      running: { inicio: string; data: string }
    }
    const start = new Date(running.running.inicio)
    start.setMinutes(start.getMinutes() + 30)
    const hora = start.toLocaleTimeString('pt-BR', {
      timeZone: 'America/Sao_Paulo',
      hour: '2-digit',
      minute: '2-digit',
    })
    const data = start.toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' })
    const clash = await post(cookie, '', { caseId, data, minutos: 15, horaInicio: hora })
    expect(clash.status).toBe(400)
    expect(await errorOf(clash)).toBe(TIMESHEET_MESSAGES.overlap)
  })
})

describe('which case and whose entries', () => {
  it("refuses another office's case (404) and hides another member's entries", async () => {
    const ana = await lawyer()
    const bia = await lawyer()
    const biaCase = await newCase(bia.cookie)
    for (const path of ['', '/timer/start']) {
      const refused = await post(ana.cookie, path, { caseId: biaCase, data: todayISO(), minutos: 10 })
      expect(refused.status).toBe(404)
      expect(await errorOf(refused)).toBe(TIMESHEET_MESSAGES.caseNotFound)
    }
    const biaEntry = (await (
      await post(bia.cookie, '', { caseId: biaCase, data: todayISO(), minutos: 10 })
    ).json()) as {
      id: string
    }
    const deleted = await t.app.request(
      `/api/timesheet/${biaEntry.id}`,
      jsonRequest('DELETE', undefined, ana.cookie),
    )
    expect(deleted.status).toBe(404)
    expect((await list(ana.cookie)).entries).toEqual([])
    const own = await t.app.request(
      `/api/timesheet/${biaEntry.id}`,
      jsonRequest('DELETE', undefined, bia.cookie),
    )
    expect(own.status).toBe(204)
    expect((await list(bia.cookie)).entries).toEqual([])
  })

  it('an estagiário records time only on the cases they are responsible for; an assistente has no timesheet', async () => {
    const socio = await lawyer()
    const theirs = await newCase(socio.cookie, 'Caso do estagiário')
    const other = await newCase(socio.cookie, 'Caso de outro')
    const intern = await lawyer()
    const assistant = await lawyer()
    const [internMember] = (
      await t.handle.db.execute<{ id: string }>(sql`
        insert into office_members (office_id, user_id, nivel_acesso, selected_at)
        values (${socio.officeId}::uuid, ${intern.userId}, 'estagiario', now()) returning id`)
    ).rows
    await t.handle.db.execute(sql`
      insert into office_members (office_id, user_id, nivel_acesso, selected_at)
      values (${socio.officeId}::uuid, ${assistant.userId}, 'assistente', now())`)
    await t.handle.db.execute(sql`
      insert into case_members (office_id, case_id, member_id)
      values (${socio.officeId}::uuid, ${theirs}::uuid, ${internMember!.id}::uuid)`)

    const entry = (caseId: string) => ({ caseId, data: todayISO(), minutos: 30 })
    expect((await post(intern.cookie, '', entry(theirs))).status).toBe(201)
    expect((await post(intern.cookie, '', entry(other))).status).toBe(404)
    expect((await post(assistant.cookie, '', entry(theirs))).status).toBe(403)
    expect(
      (await t.app.request('/api/timesheet/timer', { headers: { cookie: assistant.cookie } })).status,
    ).toBe(403)
  })
})

describe('Minhas horas: week totals, CSV and the team page numbers', () => {
  it('totals per ISO week, billable apart, and the same rows in the CSV', async () => {
    const { cookie, officeId } = await lawyer()
    const caseId = await newCase(cookie, 'Inventário; "Silva"')
    // 2026-03-02 is a Monday.
    const add = (data: string, minutos: number, faturavel = true) =>
      post(cookie, '', { caseId, data, minutos, faturavel, descricao: '=cmd' })
    for (const [data, minutos, faturavel] of [
      ['2026-03-02', 60, true],
      ['2026-03-08', 30, false],
      ['2026-03-09', 120, true],
    ] as const)
      expect((await add(data, minutos, faturavel)).status).toBe(201)

    const listed = await list(cookie, '2026-03-01', '2026-03-31')
    expect(listed.weeks).toEqual([
      { weekStart: '2026-03-09', minutos: 120, faturavelMinutos: 120 },
      { weekStart: '2026-03-02', minutos: 90, faturavelMinutos: 60 },
    ])
    expect(listed.totalMinutos).toBe(210)
    expect(listed.entries.map((e) => e.data)).toEqual(['2026-03-09', '2026-03-08', '2026-03-02'])

    const csv = await t.app.request('/api/timesheet/export.csv?from=2026-03-01&to=2026-03-31', {
      headers: { cookie },
    })
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toContain('text/csv')
    const lines = (await csv.text()).replace('\uFEFF', '').trim().split('\r\n')
    expect(lines).toEqual([
      'Data;Processo;Descrição;Minutos;Horas;Faturável',
      `02/03/2026;"Inventário; ""Silva""";'=cmd;60;1,00;Sim`,
      `08/03/2026;"Inventário; ""Silva""";'=cmd;30;0,50;Não`,
      `09/03/2026;"Inventário; ""Silva""";'=cmd;120;2,00;Sim`,
    ])

    const badRange = await t.app.request('/api/timesheet?from=2026-03-31&to=2026-03-01', {
      headers: { cookie },
    })
    expect(badRange.status).toBe(400)
    expect(await errorOf(badRange)).toContain(TIMESHEET_MESSAGES.range)

    // This month's hours per member (the team page): only this month's entries count.
    expect((await add(todayISO(), 90)).status).toBe(201)
    const [member] = (
      await t.handle.db.execute<{ id: string }>(
        sql`select id from office_members where office_id = ${officeId}::uuid`,
      )
    ).rows
    const hours = await hoursThisMonthByMember(t.handle.db, officeId)
    expect(hours.get(member!.id)).toBe(todayISO().slice(0, 7) === '2026-03' ? 5 : 1.5)
  })
})
