import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/test-app'
import { lawyerSignUp, signUp } from '../../test/accounts'
import { becomeMaster } from '../../test/master'
import { userRoles } from '../auth/user-roles.table.server'
import type { AnalyticsOverview } from './platform-analytics.schema'
import { analyticsPageViews, analyticsVisits } from './platform-analytics.table.server'
import { BEACON_RULE } from './platform-analytics.routes.server'

const MASTER = 'master-analytics@example.com'
const PROXY = { incoming: { socket: { remoteAddress: '10.255.0.1' } } }
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36'
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148'
let nextIp = 1
const newIp = () => `203.0.113.${nextIp++}`

let t: TestApp
let master: { cookie: string }
let plain: { cookie: string }
let admin: { cookie: string }

const get = (path: string, cookie?: string) => t.app.request(path, { headers: cookie ? { cookie } : {} })

async function account(data: ReturnType<typeof lawyerSignUp>) {
  const { cookie } = await signUp(t, data)
  const me = await (await get('/api/me', cookie)).json()
  return { cookie, id: me.user.id as string }
}

function beacon(body: unknown, headers: Record<string, string> = {}, ip = '203.0.113.250') {
  return t.app.request(
    '/api/analytics/view',
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': CHROME,
        'x-forwarded-for': ip,
        ...headers,
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    },
    PROXY,
  )
}

const visit = (n: number) => `tab-${String(n).padStart(16, 'a')}`
const pageViews = async () =>
  (await t.handle.db
    .select({ pattern: analyticsPageViews.pattern, views: analyticsPageViews.views })
    .from(analyticsPageViews)
    .orderBy(analyticsPageViews.pattern)) as { pattern: string; views: number }[]

beforeAll(async () => {
  t = await createTestApp({ MASTER_EMAIL: MASTER, TRUST_PROXY: '1' })
  const masterAccount = await account(lawyerSignUp({ email: MASTER, nomeCompleto: 'Mestre Analytics' }))
  master = { ...masterAccount, cookie: await becomeMaster(t, MASTER) }
  plain = await account(lawyerSignUp({ estadoId: 33, cidadeId: 3304557 }))
  const adminAccount = await account(lawyerSignUp({ estadoId: 33, cidadeId: 3304557 }))
  await t.handle.db.insert(userRoles).values({ userId: adminAccount.id, role: 'admin' })
  admin = adminAccount
})
afterAll(() => t?.close())
beforeEach(async () => {
  for (const table of ['analytics_page_views', 'analytics_flows', 'analytics_devices', 'analytics_visits'])
    await t.handle.db.execute(sql.raw(`delete from ${table}`))
})

describe('GET /api/admin/analytics: superadmin only, decided on the server', () => {
  it('anonymous 401, user 403, admin 403, superadmin 200', async () => {
    const path = '/api/admin/analytics'
    expect((await get(path)).status).toBe(401)
    const asUser = await get(path, plain.cookie)
    expect(asUser.status).toBe(403)
    expect((await asUser.json()).error.message).toBe('Acesso negado.')
    expect((await get(path, admin.cookie)).status).toBe(403)
    const ok = await get(path, master.cookie)
    expect(ok.status).toBe(200)
    expect(ok.headers.get('cache-control')).toBe('no-store')
  })

  it('refuses a period other than 7, 30 or 90 days with a pt-BR 400', async () => {
    const response = await get('/api/admin/analytics?days=14', master.cookie)
    expect(response.status).toBe(400)
    const body = await response.json()
    expect(body.error.code).toBe('validation')
    expect(JSON.stringify(body.error)).toContain('Período inválido: escolha 7, 30 ou 90 dias')
  })

  it('answers the period, the beacons counted and the profiles per state', async () => {
    await beacon({ visitId: visit(1), path: '/' })
    await beacon({ visitId: visit(1), path: '/vagas' }, { 'user-agent': CHROME })
    await beacon({ visitId: visit(2), path: '/advogados/:slug' }, { 'user-agent': IPHONE })
    const response = await get('/api/admin/analytics?days=30', master.cookie)
    const body = (await response.json()) as AnalyticsOverview
    expect(body).toMatchObject({ days: 30, pageViews: 3, visits: 2, onlineUsers: 2, bounceRate: 0.5 })
    expect(body.viewsPerDay).toHaveLength(30)
    expect(body.topFlows).toEqual([{ from: '/', to: '/vagas', count: 1 }])
    expect(body.devices).toEqual([
      { device: 'desktop', visits: 1 },
      { device: 'mobile', visits: 1 },
    ])
    // The master signed up in SP; the ordinary user and the admin in RJ.
    expect(body.locations).toEqual([
      { uf: 'RJ', nome: 'Rio de Janeiro', profiles: 2 },
      { uf: 'SP', nome: 'São Paulo', profiles: 1 },
    ])
  })
})

describe('POST /api/analytics/view: the beacon', () => {
  it('answers 204 and stores the route pattern, never the concrete path', async () => {
    const response = await beacon({ visitId: visit(3), path: '/advogados/maria-silva-1234?ref=x' })
    expect(response.status).toBe(204)
    expect(await beacon({ visitId: visit(3), path: '/dashboard/crm/' })).toHaveProperty('status', 204)
    expect(await beacon({ visitId: visit(3), path: '/convite/abc123token' })).toHaveProperty('status', 204)
    expect(await beacon({ visitId: visit(3), path: '/wp-admin/setup.php' })).toHaveProperty('status', 204)
    expect(await pageViews()).toEqual([
      { pattern: '(outra)', views: 1 },
      { pattern: '/advogados/:slug', views: 1 },
      { pattern: '/convite/:token', views: 1 },
      { pattern: '/dashboard/crm', views: 1 },
    ])
    const dump = JSON.stringify(await t.handle.db.select().from(analyticsVisits))
    expect(dump).not.toContain('maria')
    expect(dump).not.toContain('abc123token')
    expect(dump).not.toContain('203.0.113')
  })

  it('is open to anyone, signed in or not, and the sign-in changes nothing stored', async () => {
    const signedIn = await t.app.request(
      '/api/analytics/view',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': CHROME, cookie: plain.cookie },
        body: JSON.stringify({ visitId: visit(4), path: '/dashboard' }),
      },
      PROXY,
    )
    expect(signedIn.status).toBe(204)
    expect(await pageViews()).toEqual([{ pattern: '/dashboard', views: 1 }])
  })

  it.each([
    ['a short visit id', { visitId: 'abc', path: '/' }],
    ['a visit id with odd characters', { visitId: 'a'.repeat(20) + '<script>', path: '/' }],
    ['a path without a slash', { visitId: visit(5), path: 'vagas' }],
    ['a path too long', { visitId: visit(5), path: `/${'x'.repeat(400)}` }],
    ['no path', { visitId: visit(5) }],
  ])('refuses %s with a pt-BR 400 and stores nothing', async (_name, body) => {
    const response = await beacon(body)
    expect(response.status).toBe(400)
    expect((await response.json()).error.code).toBe('validation')
    expect(await pageViews()).toEqual([])
  })

  it.each([
    ['no body', ''],
    ['a body that is not JSON', '{visitId=x'],
  ])('refuses %s with a pt-BR 400', async (_name, body) => {
    const response = await beacon(body)
    expect(response.status).toBe(400)
    expect((await response.json()).error.message).toBe('O corpo da requisição não é um JSON válido.')
    expect(await pageViews()).toEqual([])
  })

  it.each([
    ['DNT: 1', { dnt: '1' }],
    ['Sec-GPC: 1', { 'sec-gpc': '1' }],
    ['a robot', { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }],
    ['no user agent', { 'user-agent': '' }],
  ])('records nothing for %s, and still answers 204', async (_name, headers) => {
    const response = await beacon({ visitId: visit(6), path: '/' }, headers)
    expect(response.status).toBe(204)
    expect(await pageViews()).toEqual([])
    expect(await t.handle.db.select().from(analyticsVisits)).toEqual([])
  })

  it(`limits each address to ${BEACON_RULE.max} beacons a minute (429), others unaffected`, async () => {
    const ip = newIp()
    for (let i = 0; i < BEACON_RULE.max; i++)
      expect((await beacon({ visitId: visit(7), path: '/' }, {}, ip)).status).toBe(204)
    const refused = await beacon({ visitId: visit(7), path: '/' }, {}, ip)
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBeTruthy()
    expect((await beacon({ visitId: visit(8), path: '/' }, {}, newIp())).status).toBe(204)
    expect(await pageViews()).toEqual([{ pattern: '/', views: BEACON_RULE.max + 1 }])
  })
})
