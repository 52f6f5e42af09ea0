import { and, eq, isNull } from 'drizzle-orm'
import ICAL from 'ical.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lawyerSignUp, signUp } from '../../test/accounts'
import { createTestApp, type TestApp } from '../../test/test-app'
import { userBlocks } from '../auth/user-blocks.table.server'
import { users } from '../auth/auth.table.server'
import { officeSettings } from '../office-settings/office-settings.table.server'
import { agendaClient, officeOf, userIdOf } from './agenda.fixtures'
import type { FeedCreated, FeedStatus } from './agenda.schema'
import { instantToZoned } from './agenda.time'

let t: TestApp
let api: ReturnType<typeof agendaClient>
let outsider: { cookie: string; email: string }
let owner: { cookie: string; email: string }

beforeAll(async () => {
  t = await createTestApp()
  owner = await signUp(t, lawyerSignUp({ nomeCompleto: 'Fernanda Feed' }))
  outsider = await signUp(t, lawyerSignUp({ nomeCompleto: 'Otto Outro' }))
  api = agendaClient(t, owner.cookie)
})
afterAll(() => t.close())

describe('iCalendar feed', () => {
  it('serves a valid calendar by secret URL; regenerate kills the old URL at once; revoke → 404', async () => {
    const status = (await (await api.get('/feed')).json()) as FeedStatus
    expect(status.exists).toBe(false)
    // Inside the feed's window (90 days back, 2 years on).
    const day = (offset: number) => instantToZoned(new Date(Date.now() + offset * 86_400_000)).data
    const timed = await api.create({
      titulo: 'Audiência no feed',
      data: day(40),
      hora: '14:00',
      lembreteMinutos: 30,
    })
    const prazo = await api.create({ titulo: 'Prazo no feed', tipo: 'prazo', data: day(42) })
    const otherOffice = await agendaClient(t, outsider.cookie).create({
      titulo: 'Segredo alheio',
      data: day(41),
    })

    const created = await api.send('POST', '/feed')
    expect(created.status).toBe(201)
    const feed = (await created.json()) as FeedCreated
    expect(feed.url).toMatch(/^http:\/\/localhost:3000\/api\/agenda\/feed\/[A-Za-z0-9_-]{43}\.ics$/)
    expect(feed.webcalUrl.startsWith('webcal://')).toBe(true)
    expect(((await (await api.get('/feed')).json()) as FeedStatus).exists).toBe(true)

    const path = new URL(feed.url).pathname
    const response = await t.app.request(path)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/calendar')
    const text = await response.text()
    const vcalendar = new ICAL.Component(ICAL.parse(text))
    const vevents = vcalendar.getAllSubcomponents('vevent')
    const byUid = new Map(vevents.map((v) => [String(v.getFirstPropertyValue('uid')), v]))
    expect(byUid.has(`${otherOffice.id}@jusconecta`)).toBe(false)

    const timedEvent = byUid.get(`${timed.id}@jusconecta`)
    const timedStart = timedEvent?.getFirstPropertyValue('dtstart') as ICAL.Time
    expect(timedStart.isDate).toBe(false)
    expect(timedStart.zone?.tzid).toBe('UTC')
    expect(timedStart.toJSDate().toISOString()).toBe(timed.inicio)
    const alarm = timedEvent?.getFirstSubcomponent('valarm')
    expect(alarm).not.toBeNull()
    expect(String(alarm?.getFirstPropertyValue('trigger'))).toBe('-PT30M')

    const prazoStart = byUid.get(`${prazo.id}@jusconecta`)?.getFirstPropertyValue('dtstart') as ICAL.Time
    expect(prazoStart.isDate).toBe(true)
    expect(prazoStart.toString()).toBe(day(42))

    // Regenerate: the old URL stops at once, the new one serves the same UIDs.
    const regenerated = (await (await api.send('POST', '/feed')).json()) as FeedCreated
    expect(regenerated.url).not.toBe(feed.url)
    expect((await t.app.request(path)).status).toBe(404)
    const again = await t.app.request(new URL(regenerated.url).pathname)
    expect(again.status).toBe(200)
    expect(await again.text()).toContain(`UID:${timed.id}@jusconecta`)

    expect((await api.send('DELETE', '/feed')).status).toBe(204)
    expect((await t.app.request(new URL(regenerated.url).pathname)).status).toBe(404)
    expect((await api.send('DELETE', '/feed')).status).toBe(404)
    expect((await t.app.request('/api/agenda/feed/nada.ics')).status).toBe(404)
  })
})

describe('iCalendar feed revocation (issue 24)', () => {
  // The secret URL outlives sessions: what would refuse a signed-in request is checked on every fetch.
  async function feedPath(): Promise<string> {
    await api.create({ titulo: 'Compromisso do feed', tipo: 'reuniao', data: '2030-01-10', hora: '09:00' })
    const created = await api.send('POST', '/feed')
    expect(created.status).toBe(201)
    return new URL(((await created.json()) as FeedCreated).url).pathname
  }

  it('a platform block stops the feed at once (404, no data); lifting it brings it back', async () => {
    const path = await feedPath()
    expect((await t.app.request(path)).status).toBe(200)
    const userId = await userIdOf(t, owner.email)
    await t.handle.db.insert(userBlocks).values({ userId, reason: 'Teste de bloqueio' })
    const blocked = await t.app.request(path)
    expect(blocked.status).toBe(404)
    const body = await blocked.text()
    expect(body).not.toContain('BEGIN:VCALENDAR')
    expect(body).not.toContain('Compromisso')
    await t.handle.db
      .update(userBlocks)
      .set({ unblockedAt: new Date() })
      .where(and(eq(userBlocks.userId, userId), isNull(userBlocks.unblockedAt)))
    expect((await t.app.request(path)).status).toBe(200)
  })

  it('an office that starts requiring 2FA stops the feed of a member without it (404)', async () => {
    const path = await feedPath()
    expect((await t.app.request(path)).status).toBe(200)
    const officeId = await officeOf(t, owner.email)
    await t.handle.db
      .insert(officeSettings)
      .values({ officeId, require2fa: true })
      .onConflictDoUpdate({ target: officeSettings.officeId, set: { require2fa: true } })
    const refused = await t.app.request(path)
    expect(refused.status).toBe(404)
    expect(await refused.text()).not.toContain('BEGIN:VCALENDAR')
    // Once the member turns the verification on, the same URL serves again.
    await t.handle.db
      .update(users)
      .set({ twoFactorEnabled: true })
      .where(eq(users.id, await userIdOf(t, owner.email)))
    expect((await t.app.request(path)).status).toBe(200)
  })
})
