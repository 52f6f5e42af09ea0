import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lawyerSignUp, signUp } from '../../test/accounts'
import { createTestApp, type TestApp } from '../../test/test-app'
import type { AppDeps } from '../../platform/app-env.server'
import { notifications } from '../notifications/notifications.table.server'
import { agendaClient, officeOf, userIdOf } from './agenda.fixtures'
import { REMINDER_JOB, runDigest, type ReminderData } from './agenda.jobs.server'
import type { EventRow } from './agenda.schema'
import { events } from './agenda.table.server'
import { instantToZoned } from './agenda.time'

let t: TestApp & { deps: AppDeps }
let owner: { cookie: string; email: string }
let ownerId: string
let officeId: string
let api: ReturnType<typeof agendaClient>

interface JobRow extends Record<string, unknown> {
  id: string
  state: string
  start_after: Date | string
  data: ReminderData
}

async function jobOf(id: string | null): Promise<JobRow | undefined> {
  if (id === null) return undefined
  const result = await t.handle.db.execute<JobRow>(
    sql`select id, state, start_after, data from pgboss.job where name = ${REMINDER_JOB} and id = ${id}`,
  )
  return result.rows[0]
}

async function reminderJobId(eventId: string): Promise<string | null> {
  const [row] = await t.handle.db
    .select({ jobId: events.reminderJobId })
    .from(events)
    .where(eq(events.id, eventId))
  return row?.jobId ?? null
}

async function notificationsOf(userId: string) {
  return t.handle.db.select().from(notifications).where(eq(notifications.userId, userId))
}

async function waitFor<T>(probe: () => Promise<T | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value) return value
    if (Date.now() > until) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

const startAfterMs = (job: JobRow | undefined) => new Date(job?.start_after ?? 0).getTime()

beforeAll(async () => {
  t = await createTestApp({}, { jobs: true })
  owner = await signUp(t, lawyerSignUp({ nomeCompleto: 'Renata Lembrete' }))
  ownerId = await userIdOf(t, owner.email)
  officeId = await officeOf(t, owner.email)
  api = agendaClient(t, owner.cookie)
})
afterAll(() => t.close())

describe('reminders (pg-boss)', () => {
  it('schedules at inicio − lembrete, reschedules on edit, cancels on cancel/delete, restores', async () => {
    const event = await api.create({
      titulo: 'Audiência',
      data: '2030-03-12',
      hora: '14:30',
      lembreteMinutos: 60,
    })
    const firstId = await reminderJobId(event.id)
    const first = await jobOf(firstId)
    expect(first?.state).toBe('created')
    expect(startAfterMs(first)).toBe(Date.parse('2030-03-12T16:30:00.000Z'))
    expect(first?.data).toMatchObject({ eventId: event.id, officeId, lembrete: 60 })

    // A change that does not move the reminder keeps the job.
    await api.send('PATCH', `/events/${event.id}`, { titulo: 'Audiência de instrução' })
    expect(await reminderJobId(event.id)).toBe(firstId)

    // Moving it cancels the old job and schedules a new one.
    await api.send('PATCH', `/events/${event.id}`, { hora: '16:00', lembreteMinutos: 1440 })
    const secondId = await reminderJobId(event.id)
    expect(secondId).not.toBe(firstId)
    expect((await jobOf(firstId))?.state).toBe('cancelled')
    expect(startAfterMs(await jobOf(secondId))).toBe(Date.parse('2030-03-11T19:00:00.000Z'))

    // Delete cancels; restore schedules again.
    expect((await api.send('DELETE', `/events/${event.id}`)).status).toBe(204)
    expect((await jobOf(secondId))?.state).toBe('cancelled')
    expect(await reminderJobId(event.id)).toBeNull()
    await api.send('POST', `/events/${event.id}/restore`)
    const thirdId = await reminderJobId(event.id)
    expect((await jobOf(thirdId))?.state).toBe('created')

    // Cancelled status cancels; removing the lembrete leaves none.
    await api.send('PATCH', `/events/${event.id}`, { status: 'cancelado' })
    expect((await jobOf(thirdId))?.state).toBe('cancelled')
    expect(await reminderJobId(event.id)).toBeNull()
  })

  it('does not schedule a reminder whose time has already passed', async () => {
    const soon = instantToZoned(new Date(Date.now() + 10 * 60_000))
    const event = await api.create({
      titulo: 'Logo',
      tipo: 'reuniao',
      data: soon.data,
      hora: soon.hora,
      lembreteMinutos: 60,
    })
    expect(await reminderJobId(event.id)).toBeNull()
  })

  it('a due reminder notifies and e-mails the creator once; a stale one is skipped', async () => {
    const event: EventRow = await api.create({
      titulo: 'Reunião com cliente',
      tipo: 'reuniao',
      data: '2030-05-02',
      hora: '10:00',
      lembreteMinutos: 30,
      local: 'Sala 2',
    })
    const stale: ReminderData = {
      eventId: event.id,
      officeId,
      inicio: '2030-05-02T12:00:00.000Z',
      lembrete: 30,
    }
    await t.deps.jobs.send(REMINDER_JOB, stale)
    const due: ReminderData = { eventId: event.id, officeId, inicio: event.inicio, lembrete: 30 }
    // Twice: a retried or duplicated job must not notify twice.
    await t.deps.jobs.send(REMINDER_JOB, due)
    await t.deps.jobs.send(REMINDER_JOB, due)
    const rows = await waitFor(async () => {
      const list = (await notificationsOf(ownerId)).filter((n) => n.title.startsWith('Lembrete'))
      return list.length > 0 && list
    })
    // Let the other jobs run too.
    await waitFor(async () => {
      const result = await t.handle.db.execute<{ n: number }>(
        sql`select count(*)::int as n from pgboss.job where name = ${REMINDER_JOB} and state in ('created', 'active') and start_after <= now()`,
      )
      return result.rows[0]?.n === 0
    })
    const reminders = (await notificationsOf(ownerId)).filter((n) => n.title.startsWith('Lembrete'))
    expect(reminders).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      title: 'Lembrete: Reunião com cliente',
      message: 'Reunião em 02/05/2030 às 10:00 — Sala 2.',
      type: 'info',
      link: '/dashboard/schedule',
      officeId,
    })
    const mails = t.mailer.sent.filter(
      (m) => m.to === owner.email && m.subject.includes('Reunião com cliente'),
    )
    expect(mails).toHaveLength(1)
    expect(mails[0]?.subject).toBe('Lembrete (30 minutos antes): Reunião com cliente')
  })

  it('the daily digest notifies each active member once about prazos in their warning window', async () => {
    const created = await api.send('POST', '/prazos', {
      disponibilizacao: '2030-07-01',
      dias: 15,
      titulo: 'Réplica',
    })
    const prazo = (await created.json()) as EventRow
    const today = prazo.avisoEm ?? ''
    expect(await runDigest(t.deps, today)).toBe(1)
    expect(await runDigest(t.deps, today)).toBe(0)
    const digest = (await notificationsOf(ownerId)).filter((n) => n.title.includes('prazo'))
    expect(digest).toHaveLength(1)
    expect(digest[0]?.message).toContain(`Réplica (${prazo.data.split('-').reverse().join('/')})`)
    // After the due day, nothing.
    const after = instantToZoned(new Date(Date.parse(prazo.inicio) + 2 * 86_400_000)).data
    expect(await runDigest(t.deps, after)).toBe(0)
    const [row] = await t.handle.db
      .select({ avisoEm: events.avisoEm })
      .from(events)
      .where(and(eq(events.id, prazo.id), eq(events.officeId, officeId)))
    expect(row?.avisoEm).toBe(today)
  })
})
