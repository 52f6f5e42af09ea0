import { randomUUID } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getStorage } from '../../platform/storage.server'
import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { becomeMaster } from '../../test/master'
import { pdfText } from '../../test/pdf-text'
import { createTestApp, type TestApp } from '../../test/test-app'
import { users } from '../auth/auth.table.server'
import { offices } from '../offices/offices.table.server'
import { platformCharges, platformSubscriptions } from '../platform-billing/platform-billing.table.server'
import { profiles } from '../profiles/profiles.table.server'
import { userRoles } from '../auth/user-roles.table.server'
import { REPORT_ERRORS, platformReportsJobs, runPlatformReport } from './platform-reports.jobs.server'
import { resolveWindow } from './platform-reports.metrics.server'
import type {
  PlatformReportItem,
  PlatformReportList,
  PlatformReportsOverview,
} from './platform-reports.schema'
import { insertReport, REPORTS_AREA } from './platform-reports.service.server'
import { platformReports } from './platform-reports.table.server'

const MASTER = 'master-platform-reports@example.com'
const ID = '00000000-0000-4000-8000-000000000000'
const MARKER = 'Zuleica Marcadora'

let t: TestApp
let master: string
let plain: string
let admin: string

async function account(data = lawyerSignUp(), confirm = false) {
  let { cookie } = await signUp(t, data)
  if (confirm) cookie = await becomeMaster(t, data.email)
  const me = await (await t.app.request('/api/me', { headers: { cookie } })).json()
  return { cookie, id: me.user.id as string }
}

const call = (method: string, path: string, cookie?: string, body?: unknown) =>
  t.app.request(path, jsonRequest(method, body, cookie))

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const until = Date.now() + 60_000
  for (;;) {
    const value = await read()
    if (done(value) || Date.now() > until) return value
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

const list = async () =>
  ((await (await call('GET', '/api/admin/reports', master)).json()) as PlatformReportList).items

async function generate(body: Record<string, unknown>) {
  const response = await call('POST', '/api/admin/reports', master, body)
  expect(response.status).toBe(201)
  const item = (await response.json()) as PlatformReportItem
  expect(item.status).toBe('processando')
  const items = await eventually(list, (rows) =>
    rows.some((r) => r.id === item.id && r.status !== 'processando'),
  )
  const done = items.find((r) => r.id === item.id)
  expect(done?.status).toBe('concluido')
  return done!
}

const rowCount = async () => (await t.handle.db.select({ n: count() }).from(platformReports))[0]?.n ?? 0

beforeAll(async () => {
  t = await createTestApp({ MASTER_EMAIL: MASTER }, { jobs: platformReportsJobs })
  master = (await account(lawyerSignUp({ email: MASTER, nomeCompleto: MARKER }), true)).cookie
  plain = (await account(lawyerSignUp({ nomeCompleto: 'Paula Comum' }))).cookie
  const adminAccount = await account(lawyerSignUp({ nomeCompleto: 'Adelaide Admin' }))
  await t.handle.db.insert(userRoles).values({ userId: adminAccount.id, role: 'admin' })
  admin = adminAccount.cookie
  // Two sign-ups in March 2025, one each side of a São Paulo week boundary.
  for (const createdAt of ['2025-03-09T23:30:00-03:00', '2025-03-10T00:30:00-03:00']) {
    const id = randomUUID()
    await t.handle.db
      .insert(users)
      .values({ id, name: MARKER, email: `${id}@example.com`, createdAt: new Date(createdAt) })
    await t.handle.db.insert(profiles).values({ userId: id, userType: 'estudante', nomeCompleto: MARKER })
  }
}, 90_000)
afterAll(() => t.close())

const ROUTES: [string, string, unknown?][] = [
  ['GET', '/api/admin/reports/overview?periodo=30d'],
  ['GET', '/api/admin/reports'],
  ['POST', '/api/admin/reports', { tipo: 'usuarios', formato: 'csv', periodo: '30d' }],
  ['GET', `/api/admin/reports/${ID}/download`],
  ['DELETE', `/api/admin/reports/${ID}`],
]

describe('access: superadmin only, decided on the server', () => {
  it.each(ROUTES)('%s %s: anonymous 401, user 403, admin 403', async (method, path, body) => {
    expect((await call(method, path, undefined, body)).status).toBe(401)
    const asUser = await call(method, path, plain, body)
    expect(asUser.status).toBe(403)
    expect((await asUser.json()).error.message).toBe('Acesso negado.')
    expect((await call(method, path, admin, body)).status).toBe(403)
    expect(await rowCount()).toBe(0)
  })

  it('superadmin: 200 on the figures and the list; unknown report 404', async () => {
    expect((await call('GET', '/api/admin/reports/overview?periodo=12m', master)).status).toBe(200)
    expect((await call('GET', '/api/admin/reports', master)).status).toBe(200)
    expect((await call('GET', `/api/admin/reports/${ID}/download`, master)).status).toBe(404)
    expect((await call('DELETE', `/api/admin/reports/${ID}`, master)).status).toBe(404)
  })
})

describe('figures', () => {
  it('the overview counts what is in the tables', async () => {
    const response = await call(
      'GET',
      '/api/admin/reports/overview?periodo=custom&de=2025-03&ate=2025-03',
      master,
    )
    const data = (await response.json()) as PlatformReportsOverview
    expect(data.userTypes.total).toBe(5)
    expect(data.userTypes.items).toEqual([
      { type: 'advogado', count: 3, percent: 60 },
      { type: 'estudante', count: 2, percent: 40 },
      { type: 'entidade', count: 0, percent: 0 },
    ])
    expect(data.signupsPerWeek.filter((p) => p.count > 0)).toEqual([
      { week: '2025-03-03', count: 1 },
      { week: '2025-03-10', count: 1 },
    ])
    expect(data.billing.revenueCents).toBe(0)
  })

  it('a paid charge this month shows in the overview and on the revenue card of /admin/settings', async () => {
    const [office] = await t.handle.db.insert(offices).values({ nome: 'Escritório Receita' }).returning()
    const now = new Date()
    const [sub] = await t.handle.db
      .insert(platformSubscriptions)
      .values({ officeId: office!.id, status: 'active', trialEndsAt: now, activatedAt: now, plan: 'monthly' })
      .returning()
    await t.handle.db.insert(platformCharges).values({
      subscriptionId: sub!.id,
      officeId: office!.id,
      plan: 'monthly',
      periodStart: now,
      periodEnd: now,
      amount: '97.00',
      txid: 'TXREPORTS0001',
      brCode: '000201',
      status: 'paid',
      dueAt: now,
      paidAt: now,
    })
    const data = (await (
      await call('GET', '/api/admin/reports/overview?periodo=30d', master)
    ).json()) as PlatformReportsOverview
    expect(data.billing.revenueCents).toBe(9700)
    expect(data.billing.activeSubscribers).toBe(1)
    const cards = await (await call('GET', '/api/platform-settings/status', master)).json()
    expect(cards.monthlyRevenue).toEqual({ amount: '97.00', subscriptionsAvailable: true })
  })
})

describe('Gerar relatório → Processando → Concluído → download → delete', () => {
  it('CSV: the weekly sign-ups, aggregates only', async () => {
    const report = await generate({
      tipo: 'usuarios',
      formato: 'csv',
      periodo: 'custom',
      de: '2025-03',
      ate: '2025-03',
    })
    const download = await call('GET', `/api/admin/reports/${report.id}/download`, master)
    expect(download.status).toBe(200)
    expect(download.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(download.headers.get('content-disposition')).toMatch(
      /filename="relatorio-usuarios-\d{4}-\d{2}-\d{2}\.csv"/,
    )
    const text = await download.text()
    const lines = text.replace(/^\uFEFF/, '').split('\r\n')
    expect(lines[0]).toBe('Seção;Item;Valor')
    expect(lines).toContain('Usuários por tipo;Estudantes;2')
    expect(lines).toContain('Usuários por tipo;Estudantes (%);40,0%')
    expect(lines).toContain('Cadastros por semana;Semana de 03/03/2025;1')
    expect(lines).toContain('Cadastros por semana;Semana de 10/03/2025;1')
    expect(lines).toContain('Cadastros por semana;Total no período;2')
    expect(text).not.toContain(MARKER)
    expect(text).not.toContain('@')

    expect((await call('DELETE', `/api/admin/reports/${report.id}`, master)).status).toBe(204)
    expect((await call('GET', `/api/admin/reports/${report.id}/download`, master)).status).toBe(404)
    expect((await list()).some((r) => r.id === report.id)).toBe(false)
  }, 90_000)

  it('PDF: the revenue, read back as text', async () => {
    const report = await generate({ tipo: 'receita', formato: 'pdf', periodo: '30d' })
    const download = await call('GET', `/api/admin/reports/${report.id}/download`, master)
    expect(download.headers.get('content-type')).toBe('application/pdf')
    const text = await pdfText(new Uint8Array(await download.arrayBuffer()))
    expect(text).toContain('Relatório de Receita')
    expect(text).toContain('Receita total')
    expect(text).toContain('97,00')
    expect(text).not.toContain(MARKER)
  }, 90_000)

  it('a file that cannot be stored ends in Erro with a pt-BR reason', async () => {
    const window = await resolveWindow(t.handle.db, { periodo: '30d' })
    const row = await insertReport(t.handle.db, {
      kind: 'assinaturas',
      format: 'csv',
      window,
      requestedBy: null,
    })
    // A DATA_DIR that is a file: the storage cannot make its folders (ENOTDIR).
    const notADir = path.join(t.env.dataDir, 'not-a-folder')
    await mkdir(t.env.dataDir, { recursive: true })
    await writeFile(notADir, 'x')
    await runPlatformReport({ db: t.handle.db, env: { ...t.env, dataDir: notADir } }, row.id)
    const [failed] = await t.handle.db.select().from(platformReports).where(eq(platformReports.id, row.id))
    expect(failed?.status).toBe('erro')
    expect(failed?.error).toBe(REPORT_ERRORS.storage)
    expect(failed?.storageKey).toBeNull()
    const download = await call('GET', `/api/admin/reports/${row.id}/download`, master)
    expect(download.status).toBe(409)
    expect((await download.json()).error.message).toBe('Este relatório ainda não está concluído.')
  })

  it('deleting removes the stored file too', async () => {
    const report = await generate({ tipo: 'engajamento', formato: 'csv', periodo: '90d' })
    const [row] = await t.handle.db.select().from(platformReports).where(eq(platformReports.id, report.id))
    const storage = getStorage(t.env)
    expect(await storage.get(REPORTS_AREA, row!.storageKey!)).not.toBeNull()
    expect((await call('DELETE', `/api/admin/reports/${report.id}`, master)).status).toBe(204)
    expect(await storage.get(REPORTS_AREA, row!.storageKey!)).toBeNull()
  }, 90_000)
})

describe('bad input → pt-BR 400, nothing written', () => {
  it.each([
    [{ tipo: 'x', formato: 'csv', periodo: '30d' }, 'tipo', 'Escolha o tipo de relatório.'],
    [{ tipo: 'receita', formato: 'xls', periodo: '30d' }, 'formato', 'Escolha o formato: CSV ou PDF.'],
    [{ tipo: 'receita', formato: 'csv', periodo: 'custom', ate: '2025-03' }, 'de', 'Informe o mês inicial.'],
    [
      { tipo: 'receita', formato: 'csv', periodo: 'custom', de: '2025-04', ate: '2025-03' },
      'ate',
      'O mês final deve ser igual ou posterior ao inicial.',
    ],
    [
      { tipo: 'receita', formato: 'csv', periodo: 'custom', de: '2020-01', ate: '2025-03' },
      'ate',
      'O período pode ter no máximo 36 meses.',
    ],
    [
      { tipo: 'receita', formato: 'csv', periodo: 'custom', de: '2999-01', ate: '2999-01' },
      'de',
      'O mês inicial não pode estar no futuro.',
    ],
    [
      { tipo: 'receita', formato: 'csv', periodo: 'custom', de: '2025-13', ate: '2025-03' },
      'de',
      'Informe o mês inicial no formato AAAA-MM.',
    ],
  ])('%j', async (body, field, message) => {
    const before = await rowCount()
    const response = await call('POST', '/api/admin/reports', master, body)
    expect(response.status).toBe(400)
    expect((await response.json()).error.fields[field]).toBe(message)
    expect(await rowCount()).toBe(before)
  })

  it('the overview refuses a bad period too', async () => {
    const response = await call('GET', '/api/admin/reports/overview?periodo=custom&de=2025-03', master)
    expect(response.status).toBe(400)
    expect((await response.json()).error.fields.ate).toBe('Informe o mês final.')
    expect((await call('GET', '/api/admin/reports/overview?periodo=7d', master)).status).toBe(400)
  })
})
