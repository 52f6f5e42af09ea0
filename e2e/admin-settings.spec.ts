import { randomBytes } from 'node:crypto'
import { request, type APIRequestContext, type Browser, type Page } from '@playwright/test'
import { lawyerSignUp } from '../src/test/accounts'
import { settingsBody } from '../src/features/platform-settings/platform-settings.fixtures'
import {
  expect,
  ownAddress,
  seriousViolations,
  signInAsConfirmedMaster,
  test,
  toast,
} from './accounts.fixtures'

// /admin/settings (issue 14): saved and enforced platform settings, as the master account. Maintenance and
// sign-ups are global: every test turns them back off, and afterAll restores spec §9's defaults whatever happened.

const baseURL = `http://localhost:${process.env.E2E_PORT ?? 3100}`
const suffix = randomBytes(3).toString('hex')
const member = lawyerSignUp({
  email: `settings-${suffix}@example.com`,
  nomeCompleto: `Sofia Settings ${suffix}`,
})
const platformName = `JusConecta E2E ${suffix}`

type StorageState = Awaited<ReturnType<APIRequestContext['storageState']>>
let masterState: StorageState
let memberState: StorageState

async function contextFor(browser: Browser, storageState?: StorageState, width = 1280) {
  return browser.newContext({
    baseURL,
    storageState,
    viewport: { width, height: 900 },
    extraHTTPHeaders: ownAddress(),
  })
}

async function restoreDefaults() {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: ownAddress() })
  await signInAsConfirmedMaster(api)
  const response = await api.put('/api/platform-settings', { data: settingsBody() })
  expect(response.status(), await response.text()).toBe(200)
  await api.dispose()
}

const region = (page: Page, name: string) => page.getByRole('region', { name })
const saveIn = (page: Page, name: string) => region(page, name).getByRole('button', { name: 'Salvar' })

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

test.afterAll(async () => {
  await restoreDefaults()
})

test('[ADMIN-SETTINGS] shows real cards, saves the platform name and the title follows; no axe violations', async ({
  browser,
}) => {
  const context = await contextFor(browser, masterState)
  const page = await context.newPage()
  await page.goto('/admin/settings')
  await expect(page.getByRole('heading', { name: 'Configurações do Sistema' })).toBeVisible()
  await expect(page.getByTestId('card-status')).toContainText(/Operacional|Atenção|Crítico/)
  await expect(page.getByTestId('card-users')).toContainText(/\d+ hoje/)
  await expect(page.getByTestId('card-storage')).toContainText(/Banco \d/)
  // The current month's paid subscription charges (/admin/financial), in R$.
  await expect(page.getByTestId('card-revenue')).toContainText(/R\$\s\d/)
  await expect(page.getByTestId('card-revenue')).not.toContainText('Assinaturas ainda não disponíveis')
  await expect(page.getByLabel('Preço mensal do advogado (R$)')).toHaveValue('97,00')
  await expect(page.getByLabel('Dias de teste grátis')).toHaveValue('7')
  await expect(page.getByLabel('Desconto anual (%)')).toHaveValue('20')
  await expect(page.getByLabel('Tempo de sessão (minutos)')).toHaveValue('120')
  await expect(page.getByLabel('Tentativas de login')).toHaveValue('5')
  expect(await seriousViolations(page)).toEqual([])

  // Client validation first: nothing is sent.
  await page.getByLabel('Tentativas de login').fill('50')
  await saveIn(page, 'Configurações de Segurança').click()
  await expect(region(page, 'Configurações de Segurança')).toContainText(
    'As tentativas de login devem ser entre 3 e 20.',
  )
  await page.getByLabel('Tentativas de login').fill('5')

  await page.getByLabel('Nome da Plataforma').fill(platformName)
  await saveIn(page, 'Configurações Gerais').click()
  await expect(toast(page, 'Configurações salvas')).toBeVisible()
  await page.reload()
  await expect(page.getByLabel('Nome da Plataforma')).toHaveValue(platformName)
  await expect(page).toHaveTitle(new RegExp(platformName))
  await page.goto('/calculadora-de-prazos')
  await expect(page).toHaveTitle(new RegExp(platformName))
  await page.goto('/dashboard')
  await expect(page.getByText(platformName).first()).toBeVisible()

  await page.setViewportSize({ width: 375, height: 800 })
  await page.goto('/admin/settings')
  await expect(page.getByLabel('Nome da Plataforma')).toBeVisible()
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  await page.screenshot({ path: 'test-results/admin-settings-375.png', fullPage: true })
  await context.close()
})

test('[ADMIN-SETTINGS] maintenance mode: a signed-in user sees the maintenance page, the admin keeps working', async ({
  browser,
}) => {
  const admin = await contextFor(browser, masterState)
  const user = await contextFor(browser, memberState)
  try {
    const adminPage = await admin.newPage()
    await adminPage.goto('/admin/settings')
    await adminPage.getByLabel('Modo Manutenção').click()
    await saveIn(adminPage, 'Configurações Gerais').click()
    await expect(toast(adminPage, 'Configurações salvas')).toBeVisible()

    const userPage = await user.newPage()
    await userPage.goto('/dashboard')
    await expect(userPage.getByRole('heading', { name: 'Plataforma em manutenção' })).toBeVisible()
    expect((await user.request.get('/api/profile')).status()).toBe(503)
    await userPage.screenshot({ path: 'test-results/admin-settings-maintenance.png' })

    await adminPage.reload()
    await expect(adminPage.getByLabel('Modo Manutenção')).toBeChecked()
    await adminPage.getByLabel('Modo Manutenção').click()
    await saveIn(adminPage, 'Configurações Gerais').click()
    await expect(toast(adminPage, 'Configurações salvas')).toBeVisible()

    await userPage.reload()
    await expect(userPage.getByRole('heading', { name: 'Plataforma em manutenção' })).toHaveCount(0)
    expect((await user.request.get('/api/profile')).status()).toBe(200)
  } finally {
    await restoreDefaults()
    await admin.close()
    await user.close()
  }
})

test('[ADMIN-SETTINGS] maintenance mode: the landing page (outside the router) shows the maintenance page too', async ({
  browser,
}) => {
  // Maintenance is global and other specs share this server: switched on through the API, looked at, and
  // switched off in `finally` within a few seconds.
  const api = await request.newContext({ baseURL, extraHTTPHeaders: ownAddress() })
  await signInAsConfirmedMaster(api)
  const visitor = await contextFor(browser)
  const admin = await contextFor(browser, masterState)
  try {
    const on = await api.put('/api/platform-settings', { data: settingsBody({ maintenanceMode: true }) })
    expect(on.status(), await on.text()).toBe(200)
    const page = await visitor.newPage()
    await page.goto('/')
    await expect(page.getByRole('heading', { name: 'Plataforma em manutenção' })).toBeVisible()
    await expect(page.getByText('O JusConecta está passando por uma manutenção programada.')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Sou administrador: entrar' })).toHaveAttribute(
      'href',
      '/auth',
    )
    await expect(page).toHaveTitle('Em manutenção · JusConecta')
    await page.screenshot({ path: 'test-results/admin-settings-landing-maintenance.png' })
    // An admin keeps the landing page.
    const adminPage = await admin.newPage()
    await adminPage.goto('/')
    await expect(adminPage.locator('main#conteudo')).toBeVisible()
    await expect(adminPage.getByRole('heading', { name: 'Plataforma em manutenção' })).toHaveCount(0)
  } finally {
    await restoreDefaults()
    await api.dispose()
  }
  const page = await visitor.newPage()
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Plataforma em manutenção' })).toHaveCount(0)
  await visitor.close()
  await admin.close()
})

test('[ADMIN-SETTINGS] new sign-ups off: the sign-up form shows the message and the API refuses', async ({
  browser,
}) => {
  const admin = await contextFor(browser, masterState)
  const visitor = await contextFor(browser)
  try {
    const adminPage = await admin.newPage()
    await adminPage.goto('/admin/settings')
    await adminPage.getByLabel('Novos Cadastros').click()
    await saveIn(adminPage, 'Configurações Gerais').click()
    await expect(toast(adminPage, 'Configurações salvas')).toBeVisible()

    const page = await visitor.newPage()
    await page.goto('/auth?aba=cadastrar')
    await expect(
      page.getByRole('alert').filter({ hasText: 'Novos cadastros estão temporariamente desativados.' }),
    ).toBeVisible()
    const refused = await visitor.request.post('/api/auth/sign-up', { data: lawyerSignUp() })
    expect(refused.status()).toBe(403)
    expect((await refused.json()).error.message).toBe(
      'Novos cadastros estão temporariamente desativados. Tente novamente mais tarde.',
    )
  } finally {
    await restoreDefaults()
    await admin.close()
    await visitor.close()
  }
})
