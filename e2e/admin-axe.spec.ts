import { expect, request, test, type APIRequestContext, type Browser, type Page } from '@playwright/test'
import { paths } from '../src/lib/paths'
import { lawyerSignUp } from '../src/test/accounts'
import { ownAddress, seriousViolations, signInAsConfirmedMaster } from './accounts.fixtures'

// axe on EVERY admin route (issue 14), in light and dark, and a 375 px phone: the list is src/lib/paths.ts'
// admin paths, so a screen added there is checked without touching this spec. Then where a non-superadmin
// (an ordinary user, an admin who is not superadmin) ends up on each of them (spec §2, §6).

const baseURL = `http://localhost:${process.env.E2E_PORT ?? 3100}`
const ADMIN_PATHS = Object.values(paths.admin)
const suffix = Math.random().toString(36).slice(2, 8)

type StorageState = Awaited<ReturnType<APIRequestContext['storageState']>>
let masterState: StorageState
let userState: StorageState
let adminState: StorageState

/** A fresh account through the API (its own client address: sign-ups are limited per address). */
async function signedUp(nomeCompleto: string) {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: ownAddress() })
  const data = lawyerSignUp({ email: `admin-axe-${suffix}-${nomeCompleto.length}@example.com`, nomeCompleto })
  const response = await api.post('/api/auth/sign-up', { data })
  expect(response.status(), await response.text()).toBe(201)
  const me = await (await api.get('/api/me')).json()
  const state = await api.storageState()
  await api.dispose()
  return { state, id: me.user.id as string }
}

async function contextFor(
  browser: Browser,
  storageState: StorageState,
  options: { colorScheme?: 'light' | 'dark'; width?: number } = {},
) {
  return browser.newContext({
    baseURL,
    storageState,
    colorScheme: options.colorScheme ?? 'light',
    viewport: { width: options.width ?? 1280, height: 900 },
    extraHTTPHeaders: ownAddress(),
  })
}

/** The screen is up: its heading shows, its first requests are answered and no spinner is left. */
async function settled(page: Page, path: string) {
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 15_000 })
  await page.waitForLoadState('networkidle')
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
}

const slug = (path: string) => path.replace(/^\//, '').replace(/\//g, '-')

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(120_000)
  const masterApi = await request.newContext({ baseURL, extraHTTPHeaders: ownAddress() })
  await signInAsConfirmedMaster(masterApi)
  // The session only: the saved theme and language of another run must not follow.
  masterState = { cookies: (await masterApi.storageState()).cookies, origins: [] }
  userState = (await signedUp(`Úrsula Comum ${suffix}`)).state
  const admin = await signedUp(`Adão Administrador ${suffix}`)
  adminState = admin.state
  const grant = await masterApi.post(`/api/admin/users/${admin.id}/roles/admin`)
  expect(grant.status(), await grant.text()).toBe(200)
  await masterApi.dispose()
})

test('[ADMIN-AXE] the list is every admin screen of src/lib/paths.ts', () => {
  expect(ADMIN_PATHS.sort()).toEqual(
    [
      '/admin',
      '/admin/users',
      '/admin/profiles',
      '/admin/moderation',
      '/admin/settings',
      '/admin/reports',
      '/admin/financial',
      '/admin/analytics',
      '/admin/logs',
      '/admin/backup',
    ].sort(),
  )
})

for (const colorScheme of ['light', 'dark'] as const) {
  test(`[ADMIN-AXE] ${colorScheme}: no serious or critical axe violation on any admin screen`, async ({
    browser,
  }) => {
    test.setTimeout(ADMIN_PATHS.length * 30_000)
    const context = await contextFor(browser, masterState, { colorScheme })
    const page = await context.newPage()
    const found: Record<string, unknown> = {}
    for (const path of ADMIN_PATHS) {
      await settled(page, path)
      await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/)
      const violations = await seriousViolations(page)
      if (violations.length > 0) found[path] = violations
    }
    expect(found).toEqual({})
    await context.close()
  })
}

test('[ADMIN-AXE] 375 px: no admin screen scrolls sideways', async ({ browser }) => {
  test.setTimeout(ADMIN_PATHS.length * 30_000)
  const context = await contextFor(browser, masterState, { width: 375 })
  const page = await context.newPage()
  const overflowing: Record<string, number> = {}
  for (const path of ADMIN_PATHS) {
    await settled(page, path)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    if (overflow > 0) overflowing[path] = overflow
    await page.screenshot({ path: `test-results/admin-axe-${slug(path)}-375.png`, fullPage: true })
  }
  expect(overflowing).toEqual({})
  await context.close()
})

for (const who of ['user', 'admin'] as const) {
  test(`[ADMIN-AXE] a non-superadmin (${who}) is turned away from every admin screen as the spec says`, async ({
    browser,
  }) => {
    test.setTimeout(ADMIN_PATHS.length * 15_000)
    const context = await contextFor(browser, who === 'user' ? userState : adminState)
    const page = await context.newPage()
    for (const path of ADMIN_PATHS) {
      await page.goto(path)
      if (path === paths.admin.root) {
        await expect(page, path).toHaveURL(`${baseURL}/`)
      } else if (path === paths.admin.users) {
        await expect(page.getByText('Acesso negado.'), path).toBeVisible()
        await expect(page.getByRole('table')).toHaveCount(0)
      } else {
        await expect(page, path).toHaveURL(`${baseURL}${paths.dashboard.root}`)
      }
    }
    await context.close()
  })
}
