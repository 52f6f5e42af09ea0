import { randomBytes } from 'node:crypto'
import { expect, request, test, type APIRequestContext, type Browser, type Page } from '@playwright/test'
import { lawyerSignUp } from '../src/test/accounts'
import { ownAddress, seriousViolations, signInAsConfirmedMaster } from './accounts.fixtures'

// /admin/logs (issue 14): real platform events and system alerts, superadmin only; the /admin home's
// buttons lead to their screens. A failed sign-in made here shows up with the address it came from.

const baseURL = `http://localhost:${process.env.E2E_PORT ?? 3100}`
const suffix = randomBytes(3).toString('hex')
const member = lawyerSignUp({ email: `logs-${suffix}@example.com`, nomeCompleto: `Lia Logs ${suffix}` })
/** The address of this spec's failed sign-ins (trusted X-Forwarded-For on the e2e server). */
const attackerIp = `10.77.${randomBytes(1)[0] ?? 1}.${((randomBytes(1)[0] ?? 1) % 250) + 1}`

type StorageState = Awaited<ReturnType<APIRequestContext['storageState']>>
let masterState: StorageState
let memberState: StorageState

async function contextFor(browser: Browser, storageState: StorageState, width = 1280) {
  return browser.newContext({ baseURL, storageState, viewport: { width, height: 900 } })
}

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(120_000)
  const memberApi = await request.newContext({ baseURL, extraHTTPHeaders: ownAddress() })
  const signUp = await memberApi.post('/api/auth/sign-up', { data: member })
  expect(signUp.status(), await signUp.text()).toBe(201)
  memberState = await memberApi.storageState()
  await memberApi.dispose()
  // Three wrong passwords on the member's account, from one address (below the 5-attempt lockout).
  const attacker = await request.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': attackerIp } })
  for (let i = 0; i < 3; i++) {
    const wrong = await attacker.post('/api/auth/sign-in/email', {
      data: { email: member.email, password: 'senha-errada' },
    })
    expect(wrong.status()).toBe(401)
  }
  await attacker.dispose()
  const masterApi = await request.newContext({ baseURL, extraHTTPHeaders: ownAddress() })
  await signInAsConfirmedMaster(masterApi)
  masterState = { cookies: (await masterApi.storageState()).cookies, origins: [] }
  await masterApi.dispose()
})

const range = (page: Page) => page.getByTestId('logs-range')

test('[ADMIN-LOGS] the /admin home buttons lead to their screens', async ({ browser }) => {
  const context = await contextFor(browser, masterState)
  const page = await context.newPage()
  const targets: [string, RegExp][] = [
    ['Todos os Usuários', /\/admin\/users$/],
    ['Usuários Pendentes de Aprovação', /\/admin\/moderation$/],
    ['Relatórios de Usuários', /\/admin\/reports$/],
    ['Configurações Gerais', /\/admin\/settings$/],
    ['Gerenciar Administradores', /\/admin\/users\?role=admin$/],
    ['Logs do Sistema', /\/admin\/logs$/],
  ]
  for (const [name, url] of targets) {
    await page.goto('/admin')
    await page.getByRole('link', { name }).click()
    await expect(page).toHaveURL(url)
  }
  await expect(page.getByRole('heading', { name: /Logs e Auditoria/ })).toBeVisible()
  await context.close()
})

test('[ADMIN-LOGS] shows the failed sign-in made in this test with its address, filters and pages', async ({
  browser,
}) => {
  const context = await contextFor(browser, masterState)
  const page = await context.newPage()
  await page.goto('/admin/logs')
  await expect(page.getByRole('heading', { name: /Logs e Auditoria/ })).toBeVisible()
  await expect(page.getByTestId('logs-card-failedLogins')).toContainText(/\d/)

  // Search by the address: the three attempts, newest first, naming the account attacked.
  await page.getByLabel('Buscar eventos').fill(attackerIp)
  await expect(range(page)).toHaveText('1-3 de 3')
  const events = page.getByTestId('log-event')
  await expect(events).toHaveCount(3)
  await expect(events.first()).toContainText('Login sem sucesso')
  await expect(events.first()).toContainText(`Tentativa de login sem sucesso: Lia Logs ${suffix}`)
  await expect(events.first()).toContainText(`IP ${attackerIp}`)

  // Filter buttons: only sign-ins of the kind chosen; the count follows.
  await page.getByLabel('Buscar eventos').fill('')
  const filters = page.getByRole('group', { name: 'Filtrar por tipo' })
  await filters.getByRole('button', { name: 'Novo usuário' }).click()
  await expect(filters.getByRole('button', { name: 'Novo usuário' })).toHaveAttribute('aria-pressed', 'true')
  await expect(events.first()).toContainText('Novo usuário cadastrado')
  for (const badge of await events.getByText('Novo usuário', { exact: true }).all())
    await expect(badge).toBeVisible()

  // All kinds: 6 per page, '1-6 de N', next page '7-12 de N'.
  await filters.getByRole('button', { name: 'Todos' }).click()
  await expect(range(page)).toHaveText(/^1-6 de (mais de )?[\d.]+$/)
  await expect(events).toHaveCount(6)
  // Other specs sign people up meanwhile, so N may grow between the two pages: only its shape is checked.
  await page.getByRole('button', { name: 'Próxima' }).click()
  await expect(range(page)).toHaveText(/^7-\d+ de (mais de )?[\d.]+$/)
  await expect(events.first()).toBeVisible()
  await context.close()
})

test('[ADMIN-LOGS] "Verificar agora" runs the system checks and shows their state', async ({ browser }) => {
  const context = await contextFor(browser, masterState)
  const page = await context.newPage()
  await page.goto('/admin/logs')
  await page.getByRole('button', { name: 'Verificar agora' }).click()
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Verificação concluída' })).toBeVisible()
  await expect(
    page.getByText(/^Verificados automaticamente a cada 5 minutos\. Última verificação: /),
  ).toBeVisible()
  await context.close()
})

test('[ADMIN-LOGS] 5 wrong passwords lock the account for 15 minutes, said on the form and logged', async ({
  browser,
}) => {
  const victim = lawyerSignUp({ email: `lock-${suffix}@example.com`, nomeCompleto: `Tito Trava ${suffix}` })
  const api = await request.newContext({ baseURL, extraHTTPHeaders: ownAddress() })
  expect((await api.post('/api/auth/sign-up', { data: victim })).status()).toBe(201)
  await api.dispose()
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: ownAddress() })
  const page = await context.newPage()
  await page.goto('/auth')
  await page.getByLabel('Email').fill(victim.email)
  await page.getByLabel('Senha').fill('senha-errada')
  const submit = page.getByRole('button', { name: 'Entrar', exact: true })
  for (let attempt = 1; attempt <= 5; attempt++) {
    const answered = page.waitForResponse('**/api/auth/sign-in/email')
    await submit.click()
    expect((await answered).status()).toBe(attempt < 5 ? 401 : 423)
    await expect(submit).toBeEnabled()
  }
  await expect(
    page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'Erro no login' })
      .filter({
        hasText: /Conta bloqueada temporariamente após 5 tentativas .* Tente novamente às \d\d:\d\d/,
      }),
  ).toBeVisible()
  await context.close()

  const admin = await contextFor(browser, masterState)
  const logs = await admin.newPage()
  await logs.goto('/admin/logs')
  await logs
    .getByRole('group', { name: 'Filtrar por tipo' })
    .getByRole('button', { name: 'Conta bloqueada' })
    .click()
  await expect(logs.getByTestId('log-event').first()).toContainText(
    `Conta de Tito Trava ${suffix} bloqueada por 15 minutos após 5 tentativas`,
  )
  await admin.close()
})

test('[ADMIN-LOGS] a normal user is sent to /dashboard and the API refuses them', async ({ browser }) => {
  const context = await contextFor(browser, memberState)
  const page = await context.newPage()
  await page.goto('/admin/logs')
  await expect(page).toHaveURL(/\/dashboard$/)
  expect((await context.request.get('/api/admin/logs')).status()).toBe(403)
  await context.close()
})

test('[ADMIN-LOGS] axe on /admin/logs and /admin; desktop and 375 px screenshots', async ({ browser }) => {
  for (const width of [1280, 375]) {
    const context = await contextFor(browser, masterState, width)
    const page = await context.newPage()
    await page.goto('/admin/logs')
    await expect(page.getByTestId('log-event').first()).toBeVisible()
    await expect(page.getByTestId('logs-card-events')).toContainText(/\d/)
    expect(await seriousViolations(page)).toEqual([])
    await page.screenshot({ path: test.info().outputPath(`admin-logs-${width}.png`), fullPage: true })
    await page.goto('/admin')
    await expect(page.getByRole('link', { name: 'Logs do Sistema' })).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
    await context.close()
  }
})
