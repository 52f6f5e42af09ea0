import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { expect, request, test, type APIRequestContext, type Browser } from '@playwright/test'
import { lawyerSignUp } from '../src/test/accounts'
import { ownAddress, seriousViolations, signInAsConfirmedMaster, toast } from './accounts.fixtures'

// /admin/reports (issue 14): the business figures from the database (cards, user types, weekly charts), and a
// CSV report generated in the background: 'Processando' → 'Concluído' → downloaded.

const baseURL = `http://localhost:${process.env.E2E_PORT ?? 3100}`
const suffix = randomBytes(3).toString('hex')
const member = lawyerSignUp({
  email: `rep-${suffix}@example.com`,
  nomeCompleto: `Renata Relatório ${suffix}`,
})

type StorageState = Awaited<ReturnType<APIRequestContext['storageState']>>
let masterState: StorageState
let memberState: StorageState

async function contextFor(
  browser: Browser,
  storageState: StorageState,
  options: { width?: number; colorScheme?: 'light' | 'dark' } = {},
) {
  return browser.newContext({
    baseURL,
    storageState,
    viewport: { width: options.width ?? 1280, height: 900 },
    colorScheme: options.colorScheme ?? 'light',
  })
}

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(120_000)
  const memberApi = await request.newContext({ baseURL, extraHTTPHeaders: ownAddress() })
  const signUp = await memberApi.post('/api/auth/sign-up', { data: member })
  expect(signUp.status(), await signUp.text()).toBe(201)
  memberState = await memberApi.storageState()
  await memberApi.dispose()
  const masterApi = await request.newContext({ baseURL, extraHTTPHeaders: ownAddress() })
  await signInAsConfirmedMaster(masterApi)
  masterState = { cookies: (await masterApi.storageState()).cookies, origins: [] }
  await masterApi.dispose()
})

test('[ADMIN-REPORTS] cards, user types and weekly charts show the database figures', async ({ browser }) => {
  const context = await contextFor(browser, masterState)
  const page = await context.newPage()
  await page.goto('/admin/reports')
  // The first visit loads the page's chunk and recharts: on a busy machine that takes a while.
  await expect(page.getByRole('heading', { name: 'Relatórios de Negócio' })).toBeVisible({ timeout: 30_000 })
  const overview = await (await context.request.get('/api/admin/reports/overview?periodo=30d')).json()

  await expect(page.getByTestId('reports-card-revenue')).toContainText('Receita Total')
  await expect(page.getByTestId('reports-card-revenue')).toContainText(/R\$\s?\d/)
  await expect(page.getByTestId('reports-card-subscribers')).toContainText('Assinantes Ativos')
  await expect(page.getByTestId('reports-card-subscribers').getByTestId('reports-card-value')).toHaveText(
    String(overview.billing.activeSubscribers),
  )
  await expect(page.getByTestId('reports-card-conversion')).toContainText('Taxa de Conversão')
  await expect(page.getByTestId('reports-card-churn')).toContainText('Churn')

  // At least the master and the member signed up: lawyers are counted, with their share.
  const lawyers = overview.userTypes.items.find((i: { type: string }) => i.type === 'advogado')
  expect(lawyers.count).toBeGreaterThanOrEqual(2)
  await expect(page.getByTestId('user-type-advogado')).toContainText('Advogados')
  await expect(page.getByTestId('user-type-advogado')).toContainText(String(lawyers.count))
  await expect(page.getByText(`${overview.userTypes.total} usuários no total`)).toBeVisible()
  await expect(page.getByTestId('reports-chart')).toHaveCount(4)
  await expect(page.getByRole('heading', { name: 'Cadastros por semana' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Métricas de Engajamento' })).toBeVisible()

  // Another period: the 12 months' revenue chart has one bar group per month.
  await page.getByLabel('Período', { exact: true }).click()
  await page.getByRole('option', { name: 'Últimos 12 meses' }).click()
  await expect(page.getByTestId('reports-range')).toContainText('De 01/')
  await page.screenshot({ path: test.info().outputPath('admin-reports-1280.png'), fullPage: true })
  await context.close()
})

test('[ADMIN-REPORTS] Gerar relatório CSV → Processando → Concluído → download', async ({ browser }) => {
  test.setTimeout(120_000)
  const context = await contextFor(browser, masterState)
  const page = await context.newPage()
  await page.goto('/admin/reports')
  await page.getByRole('button', { name: 'Gerar relatório' }).click({ timeout: 30_000 })
  const dialog = page.getByRole('dialog', { name: 'Gerar relatório' })
  await expect(dialog.getByLabel('Tipo de relatório')).toContainText('Usuários')
  await expect(dialog.getByLabel('Formato')).toContainText('CSV')
  await dialog.getByRole('button', { name: 'Gerar' }).click()
  await expect(toast(page, 'Relatório em processamento')).toBeVisible()

  const row = page.getByTestId('report-row').first()
  await expect(row).toContainText('Usuários (CSV)')
  await expect(row).toContainText('Processando')
  await expect(row).toContainText('Concluído', { timeout: 90_000 })

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('link', { name: 'Baixar Usuários (CSV)' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^relatorio-usuarios-\d{4}-\d{2}-\d{2}\.csv$/)
  const text = await readFile((await download.path())!, 'utf8')
  expect(text.startsWith('\uFEFFSeção;Item;Valor\r\n')).toBe(true)
  expect(text).toContain('Usuários por tipo;Advogados;')
  expect(text).toContain('Cadastros por semana;Semana de ')
  // Aggregates only: nobody's name or e-mail.
  expect(text).not.toContain(member.nomeCompleto)
  expect(text).not.toContain('@')
  await context.close()
})

test('[ADMIN-REPORTS] a normal user is sent to /dashboard and the API refuses them', async ({ browser }) => {
  const context = await contextFor(browser, memberState)
  const page = await context.newPage()
  await page.goto('/admin/reports')
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 })
  expect((await context.request.get('/api/admin/reports/overview')).status()).toBe(403)
  expect((await context.request.get('/api/admin/reports')).status()).toBe(403)
  await context.close()
})

for (const colorScheme of ['light', 'dark'] as const) {
  test(`[ADMIN-REPORTS] axe (${colorScheme}) at 1280 and 375 px; nothing wider than the phone`, async ({
    browser,
  }) => {
    test.setTimeout(120_000)
    for (const width of [1280, 375]) {
      const context = await contextFor(browser, masterState, { width, colorScheme })
      const page = await context.newPage()
      await page.goto('/admin/reports')
      await expect(page.getByTestId('reports-card-value').first()).toBeVisible({ timeout: 30_000 })
      await expect(page.getByTestId('reports-chart').first()).toBeVisible()
      await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${colorScheme}\\b`))
      expect(await seriousViolations(page)).toEqual([])
      if (width === 375) {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
        expect(overflow).toBeLessThanOrEqual(0)
      }
      await page.screenshot({
        path: test.info().outputPath(`admin-reports-${colorScheme}-${width}.png`),
        fullPage: true,
      })
      await context.close()
    }
  })
}
