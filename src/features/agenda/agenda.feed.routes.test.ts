import ICAL from 'ical.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lawyerSignUp, signUp } from '../../test/accounts'
import { createTestApp, type TestApp } from '../../test/test-app'
import { agendaClient } from './agenda.fixtures'
import type { FeedCreated, FeedStatus } from './agenda.schema'
import { instantToZoned } from './agenda.time'

let t: TestApp
let api: ReturnType<typeof agendaClient>
let outsider: { cookie: string; email: string }

beforeAll(async () => {
  t = await createTestApp()
  const owner = await signUp(t, lawyerSignUp({ nomeCompleto: 'Fernanda Feed' }))
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
