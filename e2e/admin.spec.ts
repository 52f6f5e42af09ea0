import AxeBuilder from '@axe-core/playwright'
import { expect, request, test, type APIRequestContext, type Browser } from '@playwright/test'
import { lawyerSignUp } from '../src/test/accounts'
import { E2E_MASTER_EMAIL } from '../playwright.config'
import { ownAddress, signInAsConfirmedMaster, signInThroughForm, toast } from './accounts.fixtures'

// Admin screens (spec §2 "Admin home/Users/Profiles", §6 access rules) and the superadmin simulation (§4).
// The master account's first steps (sign-up, proving it owns its mailbox) are e2e/master.setup.ts.

const baseURL = `http://localhost:${process.env.E2E_PORT ?? 3100}`
const suffix = Math.random().toString(36).slice(2, 8)
const master = lawyerSignUp({ email: E2E_MASTER_EMAIL, nomeCompleto: 'Mestre JusConecta' })
const member = lawyerSignUp({ email: `membro-${suffix}@example.com`, nomeCompleto: `Nara Normal ${suffix}` })

type StorageState = Awaited<ReturnType<APIRequestContext['storageState']>>
let masterState: StorageState
let memberState: StorageState

/** Sign-up is limited to 5 a minute per address (every test comes from 127.0.0.1): wait and retry on 429. */
async function signUpOrSignIn(api: APIRequestContext, data: ReturnType<typeof lawyerSignUp>) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const response = await api.post('/api/auth/sign-up', { data })
    if (response.status() === 201) return
    if (response.status() === 429) {
      await new Promise((resolve) =>
        setTimeout(resolve, (Number(response.headers()['retry-after'] ?? 10) + 1) * 1000),
      )
      continue
    }
    // Already signed up (a retry of this spec): sign in instead.
    const signIn = await api.post('/api/auth/sign-in/email', {
      data: { email: data.email, password: data.password },
    })
    if (signIn.ok()) return
    throw new Error(`sign-up ${response.status()}: ${await response.text()}`)
  }
  throw new Error('sign-up still rate-limited')
}

async function contextFor(browser: Browser, storageState: StorageState) {
  return browser.newContext({ baseURL, storageState })
}

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(180_000)
  const memberApi = await request.newContext({ baseURL })
  await signUpOrSignIn(memberApi, member)
  memberState = await memberApi.storageState()
  await memberApi.dispose()
  // The master account was signed up and confirmed by e2e/master.setup.ts (a project every spec depends on).
  const masterApi = await request.newContext({ baseURL, extraHTTPHeaders: ownAddress() })
  await signInAsConfirmedMaster(masterApi)
  // The session only: the browser's localStorage (language, theme) must not follow into the tests, which
  // open the admin as a fresh device would.
  masterState = { cookies: (await masterApi.storageState()).cookies, origins: [] }
  await masterApi.dispose()
})

test('[ADMIN] the confirmed master signs in to /admin with the SuperAdmin toast', async ({ browser }) => {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: ownAddress() })
  const page = await context.newPage()
  await signInThroughForm(page, master.email, master.password)
  await expect(toast(page, 'Login de SuperAdmin realizado!')).toContainText(
    'Redirecionando para o painel administrativo...',
  )
  await expect(page).toHaveURL(/\/admin$/)
  await context.close()
})

test('[ADMIN] a normal user is turned away from every admin screen', async ({ browser }) => {
  const context = await contextFor(browser, memberState)
  const page = await context.newPage()
  await page.goto('/admin')
  await expect(page).toHaveURL(`${baseURL}/`)

  await page.goto('/admin/users')
  await expect(page.getByText('Acesso negado.')).toBeVisible()
  await expect(page.getByRole('table')).toHaveCount(0)

  await page.goto('/admin/profiles')
  await expect(page).toHaveURL(/\/dashboard$/)

  // The server says no too, whatever the interface does.
  expect((await page.request.get('/api/admin/profiles')).status()).toBe(403)
  await context.close()
})

test('[ADMIN] the superadmin sees real counts and users, and grants and revokes admin', async ({
  browser,
}) => {
  const context = await contextFor(browser, masterState)
  const page = await context.newPage()
  await page.goto('/admin')
  await expect(page.getByRole('heading', { name: /Painel Administrativo/, level: 1 })).toBeVisible()
  const stats = await (await page.request.get('/api/admin/stats')).json()
  expect(stats.total).toBeGreaterThanOrEqual(2)
  await expect(page.getByTestId('stat-total')).toContainText(String(stats.total))
  await expect(page.getByTestId('stat-advogados')).toContainText(String(stats.advogados))
  await expect(page.getByRole('link', { name: 'Voltar ao Dashboard' })).toHaveAttribute('href', '/dashboard')
  await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible()

  await page.getByRole('link', { name: 'Todos os Usuários' }).click()
  await expect(page).toHaveURL(/\/admin\/users$/)
  await expect(page.getByRole('heading', { name: /Gerenciar Usuários/ })).toBeVisible()
  await expect(page.getByTestId('stat-admins')).toContainText(/\d/)
  await page.getByLabel('Buscar por nome').fill(member.nomeCompleto)
  const row = page.getByTestId('user-row').filter({ hasText: member.nomeCompleto })
  await expect(row).toHaveCount(1)
  await expect(page.getByTestId('user-row')).toHaveCount(1)
  await expect(row).toContainText('Advogado')
  await expect(row).toContainText('(11) 98765-4321')
  await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4}/)

  await row.getByRole('button', { name: `Tornar admin: ${member.nomeCompleto}` }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Tornar admin' }).click()
  await expect(page.getByText('Acesso de administrador concedido')).toBeVisible()
  await expect(row).toContainText('Admin')

  // An admin (not superadmin) still can't open the users screen.
  const memberContext = await contextFor(browser, memberState)
  const memberPage = await memberContext.newPage()
  expect((await (await memberPage.request.get('/api/me')).json()).role).toBe('admin')
  await memberPage.goto('/admin/users')
  await expect(memberPage.getByText('Acesso negado.')).toBeVisible()
  await memberContext.close()

  await row.getByRole('button', { name: `Remover admin: ${member.nomeCompleto}` }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remover admin' }).click()
  await expect(page.getByText('Acesso de administrador removido')).toBeVisible()
  await expect(row).toContainText('Usuário')
  await context.close()
})

test('[ADMIN] profiles: newest first, search by name or type, view opens the public page', async ({
  browser,
}) => {
  const context = await contextFor(browser, masterState)
  const page = await context.newPage()
  await page.goto('/admin/profiles')
  await expect(page.getByRole('heading', { name: /Gerenciar Perfis/ })).toBeVisible()
  const { items } = await (await page.request.get('/api/admin/profiles')).json()
  await expect(page.getByTestId('profile-row').first()).toContainText(items[0].nomeCompleto)
  await page.getByRole('button', { name: 'Atualizar' }).click()

  await page.getByLabel('Buscar por nome ou tipo').fill(member.nomeCompleto.toUpperCase())
  const row = page.getByTestId('profile-row').filter({ hasText: member.nomeCompleto })
  await expect(row).toHaveCount(1)
  // A public lawyer's "view" is their public page (issue 14); the details dialog is for the others.
  await row.getByRole('link', { name: `Ver perfil: ${member.nomeCompleto}` }).click()
  await expect(page).toHaveURL(/\/advogados\/[a-z0-9-]+$/)
  await expect(page.getByRole('heading', { level: 1, name: member.nomeCompleto })).toBeVisible()
  await expect(page.getByRole('main')).toContainText('OAB 123.456/SP')
  await page.goBack()
  await expect(page.getByRole('heading', { name: /Gerenciar Perfis/ })).toBeVisible()

  await page.getByLabel('Buscar por nome ou tipo').fill('estudante')
  await expect(page.getByTestId('profile-row').filter({ hasText: member.nomeCompleto })).toHaveCount(0)
  await context.close()
})

test('[ADMIN] simulating an estudante shows the student dashboard, then stops', async ({ browser }) => {
  const context = await contextFor(browser, masterState)
  const page = await context.newPage()
  await page.goto('/admin')
  await page
    .getByRole('group', { name: 'Perfil simulado' })
    .getByRole('button', { name: 'Estudante' })
    .click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole('heading', { level: 1, name: /SuperAdmin \(Simulando\)/ })).toBeVisible()
  await expect(page.locator('#student-panel-title')).toBeVisible()
  await expect(page.getByText(/Modo simulação/)).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('jusconecta-simulation'))).toBe('estudante')
  // Simulation never changes what the server allows.
  expect((await page.request.get('/api/admin/stats')).status()).toBe(200)

  await page.getByRole('button', { name: 'Parar simulação' }).click()
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByText(/Modo simulação/)).toHaveCount(0)
  expect(await page.evaluate(() => localStorage.getItem('jusconecta-simulation'))).toBeNull()
  await context.close()
})

test('[ADMIN] /admin/users passes axe', async ({ browser }) => {
  const context = await contextFor(browser, masterState)
  const page = await context.newPage()
  await page.goto('/admin/users')
  await expect(page.getByTestId('user-row').first()).toBeVisible()
  const { violations } = await new AxeBuilder({ page }).analyze()
  expect(
    violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
  ).toEqual([])
  await context.close()
})

test('[ADMIN] the language saved in settings applies on a fresh device', async ({ browser }) => {
  const context = await contextFor(browser, masterState)
  const page = await context.newPage()
  const saved = await (await page.request.get('/api/settings')).json()
  const { updatedAt: _updatedAt, ...settings } = saved
  const put = (language: string) =>
    page.request.put('/api/settings', { data: { ...settings, language }, headers: { origin: baseURL } })
  expect((await put('en')).status()).toBe(200)
  try {
    // A new browser context has nothing in localStorage: the language comes from the server.
    await page.goto('/admin')
    await expect(page.getByRole('heading', { name: /Admin panel/, level: 1 })).toBeVisible()
    await expect(page.getByRole('link', { name: 'All users' })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  } finally {
    expect((await put('pt-BR')).status()).toBe(200)
  }
  await context.close()
})
