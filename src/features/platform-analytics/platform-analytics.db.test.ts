import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../../test/test-app'
import type { Database } from '../../db/client.server'
import { AGGREGATE_RETENTION_DAYS, foldVisits, VISIT_RETENTION_DAYS } from './platform-analytics.jobs.server'
import { recordView, type ViewInput } from './platform-analytics.record.server'
import { countOnline, getAnalyticsOverview } from './platform-analytics.service.server'
import { analyticsDaily, analyticsPageViews, analyticsVisits } from './platform-analytics.table.server'

const TABLES = [
  'analytics_daily',
  'analytics_devices',
  'analytics_flows',
  'analytics_page_views',
  'analytics_visits',
]

let db: Database
let drop: (() => Promise<void>) | undefined
beforeAll(async () => {
  const created = await createTestDatabase()
  db = created.handle.db
  drop = created.drop
})
afterAll(() => drop?.())
beforeEach(async () => {
  for (const table of TABLES) await db.execute(sql.raw(`delete from ${table}`))
})

const MINUTE = 60_000
/** Instants relative to now: the period ("last 7 days") is the database's today. */
const ago = (ms: number) => new Date(Date.now() - ms)
/** The America/Sao_Paulo date of an instant, as the tables store it. */
const spDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(at)

const view = (visitId: string, pattern: string, at: Date, device: ViewInput['device'] = 'desktop') =>
  recordView(db, { visitId, pattern, device, at })
const visitId = (n: number) => `visit-${String(n).padStart(12, '0')}`

describe('recording page views', () => {
  it('counts N views per pattern and per day, and the total', async () => {
    const base = ago(60 * MINUTE)
    for (let i = 0; i < 5; i++) await view(visitId(1), '/vagas', new Date(base.getTime() + i * 1000))
    await view(visitId(2), '/', base)
    await view(visitId(2), '/vagas', new Date(base.getTime() + 2000))
    const overview = await getAnalyticsOverview(db, 7)
    expect(overview.pageViews).toBe(7)
    expect(overview.topPages).toEqual([
      { pattern: '/vagas', views: 6 },
      { pattern: '/', views: 1 },
    ])
    expect(overview.viewsPerDay).toHaveLength(7)
    expect(overview.viewsPerDay.find((d) => d.day === spDay(base))?.views).toBe(7)
    expect(overview.viewsPerDay.reduce((sum, d) => sum + d.views, 0)).toBe(7)
    expect(overview.to).toBe(spDay(new Date()))
  })

  it('counts each move between two different pages of a visit as a flow', async () => {
    const base = ago(30 * MINUTE)
    const steps = ['/', '/vagas', '/vagas/:id', '/vagas/:id', '/vagas', '/vagas/:id']
    for (const [i, pattern] of steps.entries())
      await view(visitId(3), pattern, new Date(base.getTime() + i * 1000))
    await view(visitId(4), '/', base)
    await view(visitId(4), '/vagas', new Date(base.getTime() + 5000))
    const { topFlows } = await getAnalyticsOverview(db, 7)
    expect(topFlows).toEqual([
      { from: '/', to: '/vagas', count: 2 },
      { from: '/vagas', to: '/vagas/:id', count: 2 },
      { from: '/vagas/:id', to: '/vagas', count: 1 },
    ])
  })

  it('derives bounce rate, average session time and device shares from the visits', async () => {
    const t0 = ago(90 * MINUTE)
    const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000)
    await view(visitId(5), '/', at(0), 'mobile') // bounce: 0 s
    await view(visitId(6), '/', at(0))
    await view(visitId(6), '/vagas', at(60))
    await view(visitId(6), '/advogados/:slug', at(180)) // 180 s
    await view(visitId(7), '/auth', at(0), 'tablet')
    await view(visitId(7), '/dashboard', at(120), 'tablet') // 120 s, device counted once
    const overview = await getAnalyticsOverview(db, 7)
    expect(overview.visits).toBe(3)
    expect(overview.bounceRate).toBeCloseTo(1 / 3)
    expect(overview.avgSessionSeconds).toBe(100)
    expect(overview.devices).toEqual([
      { device: 'desktop', visits: 1 },
      { device: 'mobile', visits: 1 },
      { device: 'tablet', visits: 1 },
    ])
    const [row] = await db
      .select()
      .from(analyticsVisits)
      .where(sql`visit_id = ${visitId(6)}`)
    expect(row).toMatchObject({
      views: 3,
      entryPattern: '/',
      lastPattern: '/advogados/:slug',
      device: 'desktop',
    })
  })

  it('keeps each view inside its period: 10 days ago is in 30 days, not in 7', async () => {
    await view(visitId(8), '/vagas', ago(10 * 24 * 60 * MINUTE))
    await view(visitId(9), '/', ago(MINUTE))
    const week = await getAnalyticsOverview(db, 7)
    const month = await getAnalyticsOverview(db, 30)
    expect(week.pageViews).toBe(1)
    expect(week.visits).toBe(1)
    expect(month.pageViews).toBe(2)
    expect(month.visits).toBe(2)
    expect(month.viewsPerDay).toHaveLength(30)
    expect((await getAnalyticsOverview(db, 90)).viewsPerDay).toHaveLength(90)
  })

  it('answers zeros and nulls when nothing was recorded', async () => {
    const overview = await getAnalyticsOverview(db, 7)
    expect(overview).toMatchObject({
      onlineUsers: 0,
      pageViews: 0,
      visits: 0,
      avgSessionSeconds: null,
      bounceRate: null,
      devices: [],
      topPages: [],
      topFlows: [],
    })
    expect(overview.viewsPerDay.every((d) => d.views === 0)).toBe(true)
  })
})

describe('online users', () => {
  it('are the visits with a view in the last 5 minutes, read from the table', async () => {
    await view(visitId(10), '/', ago(4 * MINUTE))
    await view(visitId(11), '/', ago(6 * MINUTE))
    await view(visitId(12), '/', ago(20 * MINUTE))
    await view(visitId(12), '/vagas', ago(30_000))
    expect(await countOnline(db)).toBe(2)
    expect((await getAnalyticsOverview(db, 7)).onlineUsers).toBe(2)
  })
})

describe('the daily fold job', () => {
  it(`folds visits older than ${VISIT_RETENTION_DAYS} days into per-day totals and deletes them, once`, async () => {
    const old = ago(3 * 24 * 60 * MINUTE)
    await view(visitId(20), '/', old) // bounce
    await view(visitId(21), '/', old)
    await view(visitId(21), '/vagas', new Date(old.getTime() + 90_000)) // 90 s
    await view(visitId(22), '/', ago(MINUTE)) // fresh: stays raw
    const before = await getAnalyticsOverview(db, 7)

    expect(await foldVisits(db)).toBe(2)
    const raw = await db.select({ id: analyticsVisits.visitId }).from(analyticsVisits)
    expect(raw.map((r) => r.id)).toEqual([visitId(22)])
    const daily = await db.select().from(analyticsDaily)
    expect(daily).toEqual([{ day: spDay(old), visits: 2, bounces: 1, durationSeconds: 90 }])

    // The screen's figures don't change: a visit is counted either raw or folded, never both.
    const after = await getAnalyticsOverview(db, 7)
    expect(after.visits).toBe(3)
    expect(after.avgSessionSeconds).toBe(30)
    expect(after.bounceRate).toBeCloseTo(2 / 3)
    expect(after).toEqual(before)

    // Idempotent: a second run folds nothing and adds nothing.
    expect(await foldVisits(db)).toBe(0)
    expect(await db.select().from(analyticsDaily)).toEqual(daily)
  })

  it('deletes per-day aggregates past the retention', async () => {
    // Days are São Paulo days (the job's cutoff): current_date is the server's, a day ahead after 21:00 there.
    const spToday = sql`(now() at time zone 'America/Sao_Paulo')::date`
    await db.insert(analyticsPageViews).values([
      {
        day: sql`${spToday} - ${AGGREGATE_RETENTION_DAYS + 1}::int` as unknown as string,
        pattern: '/',
        views: 3,
      },
      {
        day: sql`${spToday} - ${AGGREGATE_RETENTION_DAYS}::int` as unknown as string,
        pattern: '/',
        views: 4,
      },
    ])
    await foldVisits(db)
    const left = await db.select({ views: analyticsPageViews.views }).from(analyticsPageViews)
    expect(left).toEqual([{ views: 4 }])
  })
})

describe('no personal data', () => {
  it('no analytics table has a column that could hold a person, an address, a user agent or a raw path', async () => {
    const { rows } = await db.execute(sql`select table_name, column_name from information_schema.columns
      where table_schema = current_schema() and table_name like 'analytics\_%' order by 1, 2`)
    const columns = rows as { table_name: string; column_name: string }[]
    expect([...new Set(columns.map((c) => c.table_name))]).toEqual(TABLES)
    const forbidden =
      /(^|_)(user|users|user_id|ip|address|user_agent|agent|ua|email|name|nome|path|url|slug|session)(_|$)/
    expect(columns.filter((c) => forbidden.test(c.column_name))).toEqual([])
    for (const name of ['user_id', 'ip', 'user_agent'])
      expect(columns.map((c) => c.column_name)).not.toContain(name)
  })
})
