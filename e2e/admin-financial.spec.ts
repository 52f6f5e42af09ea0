import { randomBytes } from 'node:crypto'
import { expect, request, test, type APIRequestContext, type Browser, type Page } from '@playwright/test'
import { lawyerSignUp } from '../src/test/accounts'
import { settingsBody } from '../src/features/platform-settings/platform-settings.fixtures'
import type { PendingChargesPage } from '../src/features/platform-billing/platform-billing.admin.schema'
import { ownAddress, seriousViolations, signInAsConfirmedMaster, toast } from './accounts.fixtures'

// /admin/financial (issue 14) as the master account, on data made the way production makes it: the master sets
// a 0-day trial and the platform's Pix key (admin settings API), two lawyers sign up, 'Reprocessar Pagamentos'
// issues their first charges. One is received by hand, the other through an imported bank statement.
// Other specs share this server: the trial goes back to 7 days right after the sign-ups, the Pix key at the end.

const baseURL = `http://localhost:${process.env.E2E_PORT ?? 3100}`
const suffix = randomBytes(3).toString('hex')
const first = lawyerSignUp({
  email: `fin-a-${suffix}@example.com`,
  nomeCompleto: `Fabia Financeiro ${suffix}`,
})
const second = lawyerSignUp({
  email: `fin-b-${suffix}@example.com`,
  nomeCompleto: `Gil Financeiro ${suffix}`,
})
const officeOf = (data: { nomeCompleto: string }) => `Escritório ${data.nomeCompleto}`
const PIX = {
  pixKeyType: 'email',
  pixKey: 'financeiro@jusconecta.test',
  pixMerchantName: 'JusConecta',
  pixMerchantCity: 'Sao Paulo',
}

type StorageState = Awaited<ReturnType<APIRequestContext['storageState']>>
let masterState: StorageState
let memberState: StorageState
let originalPix: Record<string, unknown> = {}

async function contextFor(
  browser: Browser,
  storageState: StorageState,
  options: { width?: number; colorScheme?: 'light' | 'dark' } = {},
) {
  return browser.newContext({
    baseURL,
    storageState,
    colorScheme: options.colorScheme ?? 'light',
    viewport: { width: options.width ?? 1280, height: 900 },
  })
}

/** The screen is up: its heading and its figures (the shared 2-core machine can take a while on a cold page). */
async function openFinancial(page: Page) {
  await page.goto('/admin/financial')
  await expect(page.getByRole('heading', { name: 'Financeiro do Sistema' })).toBeVisible({ timeout: 20_000 })
  await expect(page.getByTestId('metric-revenue')).toContainText('R$', { timeout: 15_000 })
}

async function masterApi() {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: ownAddress() })
  await signInAsConfirmedMaster(api)
  return api
}

async function putSettings(api: APIRequestContext, patch: Record<string, unknown>) {
  const response = await api.put('/api/platform-settings', { data: settingsBody(patch) })
  expect(response.status(), await response.text()).toBe(200)
}

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(120_000)
  const api = await masterApi()
  const current = await (await api.get('/api/platform-settings')).json()
  originalPix = Object.fromEntries(Object.keys(PIX).map((k) => [k, current[k] ?? null]))
  masterState = { cookies: (await api.storageState()).cookies, origins: [] }
  // A 0-day trial only for as long as the two sign-ups take.
  await putSettings(api, { ...PIX, trialDays: 0 })
  try {
    for (const data of [first, second]) {
      const member = await request.newContext({ baseURL, extraHTTPHeaders: ownAddress() })
      const signUp = await member.post('/api/auth/sign-up', { data })
      expect(signUp.status(), await signUp.text()).toBe(201)
      if (data === first) memberState = await member.storageState()
      await member.dispose()
    }
  } finally {
    await putSettings(api, PIX)
    await api.dispose()
  }
})

test.afterAll(async () => {
  const api = await masterApi()
  await putSettings(api, originalPix)
  await api.dispose()
})

test('[ADMIN-FINANCIAL] Reprocessar Pagamentos issues the charges; a pending charge is received by hand', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const context = await contextFor(browser, masterState)
  const page = await context.newPage()
  await openFinancial(page)
  await expect(page.getByTestId('billing-settings')).toContainText('Preço mensal')
  await expect(page.getByText('Chave Pix configurada')).toBeVisible()

  await page.getByRole('button', { name: 'Reprocessar Pagamentos' }).click()
  await expect(toast(page, 'Reprocessamento concluído')).toBeVisible({ timeout: 60_000 })
  await expect(page.getByTestId('reprocess-result')).toContainText(/Cobranças emitidas: [1-9]/)

  await page.getByRole('button', { name: 'Cobranças Pendentes' }).click()
  const dialog = page.getByRole('dialog', { name: 'Cobranças Pendentes' })
  const row = dialog.getByTestId('pending-row').filter({ hasText: officeOf(first) })
  await expect(row).toBeVisible()
  await expect(dialog.getByTestId('pending-row').filter({ hasText: officeOf(second) })).toBeVisible()
  await row.getByRole('button', { name: `Registrar o pagamento da cobrança de ${officeOf(first)}` }).click()
  const pay = page.getByRole('dialog', { name: 'Registrar Pagamento' })
  await expect(pay.getByLabel('Valor recebido (R$)')).toHaveValue(/^\d+,\d{2}$/)
  await pay.getByRole('button', { name: 'Registrar pagamento' }).click()
  await expect(toast(page, 'Pagamento registrado')).toBeVisible()
  await expect(row).toHaveCount(0)
  await page.keyboard.press('Escape')

  const paid = page.getByTestId('transaction-row').filter({ hasText: officeOf(first) })
  await expect(paid).toContainText('Baixa manual')
  await page.getByRole('button', { name: /^Ativa/ }).click()
  await expect(page.getByTestId('subscription-row').filter({ hasText: officeOf(first) })).toContainText(
    'Ativa',
  )
  await context.close()
})

test('[ADMIN-FINANCIAL] Sincronizar Pagamentos: a bank statement reconciled by txid, twice', async ({
  browser,
}) => {
  const api = await masterApi()
  const pending = (await (
    await api.get('/api/admin/financial/charges/pending?limit=100')
  ).json()) as PendingChargesPage
  await api.dispose()
  const charge = pending.items.find((item) => item.officeName === officeOf(second))
  expect(charge).toBeTruthy()
  const amount = (charge?.amount ?? '0.00').replace('.', ',')
  const today = new Date().toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' })
  const csv = [
    'Data;Histórico;Valor;Identificador',
    `${today};PIX RECEBIDO;"${amount}";${charge?.txid}`,
    `${today};PIX RECEBIDO;10,00;DESCONHECIDO${suffix}`,
    `${today};TARIFA;-1,50;`,
  ].join('\r\n')

  const context = await contextFor(browser, masterState)
  const page = await context.newPage()
  await openFinancial(page)
  const importOnce = async () => {
    await page.getByRole('button', { name: 'Sincronizar Pagamentos' }).click()
    const dialog = page.getByRole('dialog', { name: 'Sincronizar Pagamentos' })
    await dialog.getByText('Formatos aceitos').click()
    await expect(dialog.getByTestId('statement-headers')).toContainText('Identificador')
    await dialog.getByLabel('Extrato bancário (CSV, até 2 MB)').setInputFiles({
      name: 'extrato.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`\uFEFF${csv}`, 'utf8'),
    })
    await dialog.getByRole('button', { name: 'Conferir extrato' }).click()
    await expect(dialog.getByTestId('reconcile-result')).toBeVisible()
    return dialog
  }
  const dialog = await importOnce()
  await expect(dialog.getByTestId('summary-matched')).toHaveText('Confere: 1')
  await expect(dialog.getByTestId('summary-unknown')).toHaveText('Desconhecida: 1')
  await expect(dialog.getByText('1 linha ignorada')).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await dialog.getByRole('button', { name: 'Aplicar 1 pagamento' }).click()
  await expect(toast(page, '1 pagamento registrado')).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('admin-financial-statement.png'), fullPage: true })
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('transaction-row').filter({ hasText: officeOf(second) })).toContainText(
    'Extrato bancário',
  )

  // The same file again: nothing to apply, nothing paid twice.
  const again = await importOnce()
  await expect(again.getByTestId('summary-already_paid')).toHaveText('Já paga: 1')
  await expect(again.getByTestId('summary-matched')).toHaveCount(0)
  await expect(again.getByRole('button', { name: 'Nenhum pagamento a aplicar' })).toBeDisabled()
  await context.close()
})

test('[ADMIN-FINANCIAL] monthly report, axe in light and dark, 375 px; others are sent to /dashboard', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const context = await contextFor(browser, masterState)
  const page = await context.newPage()
  await openFinancial(page)
  await expect(page.getByTestId('transaction-row').first()).toBeVisible()
  await expect(page.getByTestId('revenue-chart')).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: test.info().outputPath('admin-financial-1280.png'), fullPage: true })

  await page.getByRole('button', { name: 'Relatório Mensal' }).click()
  const report = page.getByRole('dialog', { name: 'Relatório Mensal' })
  const month = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' }).slice(0, 7)
  await report.getByLabel('Mês').fill(month)
  await expect(report.getByTestId('report-summary')).toContainText('Pagas no mês')
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    report.getByRole('link', { name: 'Baixar CSV' }).click(),
  ])
  expect(download.suggestedFilename()).toBe(`relatorio-assinaturas-${month}.csv`)
  const pdf = await context.request.get(`/api/admin/financial/report?month=${month}&format=pdf`)
  expect(pdf.headers()['content-type']).toBe('application/pdf')
  await context.close()

  const dark = await contextFor(browser, masterState, { colorScheme: 'dark', width: 375 })
  const phone = await dark.newPage()
  await openFinancial(phone)
  await expect(phone.locator('html')).toHaveClass(/\bdark\b/)
  await expect(phone.getByTestId('transaction-row').first()).toBeVisible()
  expect(await seriousViolations(phone)).toEqual([])
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  await phone.screenshot({ path: test.info().outputPath('admin-financial-375-dark.png'), fullPage: true })
  await dark.close()

  const member = await contextFor(browser, memberState)
  const memberPage = await member.newPage()
  await memberPage.goto('/admin/financial')
  await expect(memberPage).toHaveURL(/\/dashboard/, { timeout: 20_000 })
  await member.close()
})
