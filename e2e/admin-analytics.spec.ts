import { randomBytes } from 'node:crypto'
import { expect, request, test, type APIRequestContext, type Browser, type Page } from '@playwright/test'
import { lawyerSignUp } from '../src/test/accounts'
import { ownAddress, seriousViolations, signInAsConfirmedMaster } from './accounts.fixtures'

// /admin/analytics (issue 14): the SPA reports each route change to the first-party beacon (the route
// pattern only); the superadmin's screen shows the views, the top page and the flows. Others go to /dashboard.

const baseURL = `http://localhost:${process.env.E2E_PORT ?? 3100}`
const member = lawyerSignUp({ email: `analytics-${randomBytes(3).toString('hex')}@example.com` })

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
    extraHTTPHeaders: ownAddress(),
  })
}

/** Opens `path` and waits for its page-view beacon to be answered (204: counted, or refused on purpose). */
async function visit(page: Page, path: string) {
  const beacon = page.waitForResponse(
    (response) => response.url().endsWith('/api/analytics/view') && response.request().method() === 'POST',
  )
  await page.goto(path)
  expect((await beacon).status()).toBe(204)
}

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  const memberApi = await request.newContext({ baseURL, extraHTTPHeaders: ownAddress() })
  expect((await memberApi.post('/api/auth/sign-up', { data: member })).status()).toBe(201)
  memberState = await memberApi.storageState()
  await memberApi.dispose()
  const masterApi = await request.newContext({ baseURL, extraHTTPHeaders: ownAddress() })
  await signInAsConfirmedMaster(masterApi)
  masterState = { cookies: (await masterApi.storageState()).cookies, origins: [] }
  await masterApi.dispose()
})

test('[ADMIN-ANALYTICS] pages visited show up as views, the top page and flows', async ({ browser }) => {
  const context = await contextFor(browser, masterState)
  const page = await context.newPage()
  // Other specs run on the same server and add their own views: compare with the count before this test's.
  await visit(page, '/admin/analytics')
  const viewsBefore = page.getByTestId('analytics-card-pageViews')
  await expect(viewsBefore).toContainText(/^Visualizações de página\s*\d+/)
  const before = Number((await viewsBefore.locator('p').first().textContent())?.replace(/\D/g, ''))
  // One tab, one visit: / → /vagas (and a reload) → calculator → /vagas (and a reload) → /admin/analytics.
  for (const path of ['/', '/vagas', '/vagas', '/calculadora-de-prazos', '/vagas', '/vagas'])
    await visit(page, path)
  const sent: string[] = []
  page.on('request', (req) => {
    if (req.url().endsWith('/api/analytics/view')) sent.push(req.postData() ?? '')
  })
  await visit(page, '/admin/analytics')
  // Only the route pattern and the tab's random id leave the browser; no cookie rides along.
  expect(sent).toHaveLength(1)
  expect(JSON.parse(sent[0] ?? '{}')).toEqual({
    visitId: expect.stringMatching(/^[a-f0-9]{32}$/),
    path: '/admin/analytics',
  })

  await expect(page.getByRole('heading', { name: /Analytics/, level: 1 })).toBeVisible()
  const views = page.getByTestId('analytics-card-pageViews')
  await expect(views).toContainText(/^Visualizações de página\s*\d+/)
  const count = Number((await views.locator('p').first().textContent())?.replace(/\D/g, ''))
  expect(count).toBeGreaterThanOrEqual(before + 6)
  await expect(page.getByTestId('analytics-card-online')).toContainText(/[1-9]/)
  await expect(page.getByTestId('analytics-card-sessionTime')).toContainText(/\d\d:\d\d/)
  await expect(page.getByTestId('analytics-card-bounceRate')).toContainText(/\d+(,\d)?\s?%/)
  await expect(page.getByTestId('analytics-chart')).toBeVisible()

  // Top pages and flows are route patterns (which ones lead depends on every spec run on this server; the
  // exact counts are the API tests' job).
  await expect(page.getByTestId('analytics-page-row').first()).toContainText(/^(\/|\(outra\))/)
  await expect(page.getByTestId('analytics-flows').getByTestId('analytics-flow-row').first()).toContainText(
    /^(\/|\(outra\))/,
  )
  await expect(page.getByTestId('analytics-devices')).toContainText('Desktop')
  await expect(page.getByTestId('analytics-locations')).toContainText('(SP)')

  // Period selector: 30 days.
  const period = page.getByRole('group', { name: 'Período' })
  await period.getByRole('button', { name: '30 dias' }).click()
  await expect(period.getByRole('button', { name: '30 dias' })).toHaveAttribute('aria-pressed', 'true')
  await expect(views).toContainText(/\d/)
  await context.close()
})

test('[ADMIN-ANALYTICS] a normal user is sent to /dashboard and the API refuses them', async ({
  browser,
}) => {
  const context = await contextFor(browser, memberState)
  const page = await context.newPage()
  await page.goto('/admin/analytics')
  await expect(page).toHaveURL(/\/dashboard$/)
  expect((await context.request.get('/api/admin/analytics')).status()).toBe(403)
  await context.close()
})

for (const colorScheme of ['light', 'dark'] as const) {
  test(`[ADMIN-ANALYTICS] axe (${colorScheme}); desktop and 375 px`, async ({ browser }) => {
    for (const width of [1280, 375]) {
      const context = await contextFor(browser, masterState, { width, colorScheme })
      const page = await context.newPage()
      await page.goto('/admin/analytics')
      await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${colorScheme}\\b`))
      await expect(page.getByTestId('analytics-page-row').first()).toBeVisible()
      await expect(page.getByTestId('analytics-chart')).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
      // Nothing wider than the phone: the page scrolls vertically only.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
      await page.screenshot({
        path: test.info().outputPath(`admin-analytics-${colorScheme}-${width}.png`),
        fullPage: true,
      })
      await context.close()
    }
  })
}
