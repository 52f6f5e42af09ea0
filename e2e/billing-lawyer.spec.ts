import { randomBytes } from 'node:crypto'
import { expect, request, test, type APIRequestContext, type Browser } from '@playwright/test'
import { lawyerSignUp } from '../src/test/accounts'
import { settingsBody } from '../src/features/platform-settings/platform-settings.fixtures'
import { parsePixPayload } from '../src/lib/br/pix'
import { formatDateBR } from '../src/lib/br/dates'
import { ownAddress, seriousViolations, signInAsConfirmedMaster, toast } from './accounts.fixtures'

// The lawyer's side of the platform subscription (issue 14): the 'Assinatura' card of /dashboard/settings —
// the trial, the plan switch, a pending Pix charge (issued by the admin's 'Reprocessar', no test-only route),
// cancelling with a confirmation, and reactivating. Platform settings changed here are restored in afterAll.

const baseURL = `http://localhost:${process.env.E2E_PORT ?? 3100}`
const suffix = randomBytes(3).toString('hex')
const PIX = {
  pixKeyType: 'email',
  pixKey: 'financeiro@jusconecta.com.br',
  pixMerchantName: 'JusConecta',
  pixMerchantCity: 'Sao Paulo',
}

type StorageState = Awaited<ReturnType<APIRequestContext['storageState']>>
let trialState: StorageState
let chargedState: StorageState

async function lawyer(name: string): Promise<StorageState> {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: ownAddress() })
  const data = lawyerSignUp({
    email: `billing-${name}-${suffix}@example.com`,
    nomeCompleto: `Lia ${name} ${suffix}`,
  })
  const signUp = await api.post('/api/auth/sign-up', { data })
  expect(signUp.status(), await signUp.text()).toBe(201)
  const state = await api.storageState()
  await api.dispose()
  return state
}

async function asMaster<T>(act: (api: APIRequestContext) => Promise<T>): Promise<T> {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: ownAddress() })
  await signInAsConfirmedMaster(api)
  try {
    return await act(api)
  } finally {
    await api.dispose()
  }
}

async function contextFor(browser: Browser, storageState: StorageState, width = 1280, dark = false) {
  return browser.newContext({
    baseURL,
    storageState,
    viewport: { width, height: 900 },
    colorScheme: dark ? 'dark' : 'light',
    extraHTTPHeaders: ownAddress(),
  })
}

// The settings page is the heaviest of the dashboard, and axe runs twice: room for a loaded machine.
test.describe.configure({ mode: 'serial', timeout: 120_000 })

test.beforeAll(async () => {
  test.setTimeout(120_000)
  trialState = await lawyer('teste')
  // A lawyer whose trial ends at sign-up (0 trial days), billed by the admin's 'Reprocessar'.
  await asMaster(async (api) => {
    const saved = await api.put('/api/platform-settings', { data: settingsBody({ ...PIX, trialDays: 0 }) })
    expect(saved.status(), await saved.text()).toBe(200)
  })
  chargedState = await lawyer('cobrada')
  await asMaster(async (api) => {
    const queued = await api.post('/api/admin/financial/reprocess')
    expect(queued.status(), await queued.text()).toBe(201)
    const { runId } = (await queued.json()) as { runId: string }
    const status = async () => {
      const response = await api.get(`/api/admin/financial/reprocess/${runId}`)
      return ((await response.json()) as { status: string }).status
    }
    await expect.poll(status, { timeout: 30_000 }).toBe('done')
  })
})

test.afterAll(async () => {
  await asMaster(async (api) => {
    const saved = await api.put('/api/platform-settings', {
      data: settingsBody({ pixKeyType: null, pixKey: null, pixMerchantName: null, pixMerchantCity: null }),
    })
    expect(saved.status(), await saved.text()).toBe(200)
  })
})

test('[BILLING] a new lawyer sees the trial card and switches the plan; axe light and dark', async ({
  browser,
}) => {
  for (const dark of [false, true]) {
    const context = await contextFor(browser, trialState, 1280, dark)
    const page = await context.newPage()
    await page.goto('/dashboard/settings')
    const card = page.getByRole('region', { name: 'Assinatura' })
    await expect(card).toBeVisible({ timeout: 20_000 })
    const trialEnd = formatDateBR(new Date(Date.now() + 7 * 86_400_000))
    await expect(card).toContainText(`Período de teste até ${trialEnd}`)
    await expect(card.getByTestId('billing-plan-monthly')).toContainText('R$ 97,00 por mês')
    await expect(card.getByTestId('billing-plan-annual')).toContainText('R$ 931,20 por ano (20% de desconto)')
    await expect(page.getByTestId('subscription-banner')).toHaveCount(0)
    expect(await seriousViolations(page)).toEqual([])
    await context.close()
  }

  const context = await contextFor(browser, trialState)
  const page = await context.newPage()
  await page.goto('/dashboard/settings')
  const annual = page.getByTestId('billing-plan-annual')
  await expect(annual).toBeVisible({ timeout: 20_000 })
  await expect(annual).toHaveAttribute('aria-pressed', 'false')
  await annual.click()
  await expect(toast(page, 'Plano alterado. Ele vale a partir do próximo período.')).toBeVisible()
  await expect(annual).toHaveAttribute('aria-pressed', 'true')
  await page.reload()
  await expect(page.getByTestId('billing-plan-annual')).toHaveAttribute('aria-pressed', 'true')
  await context.close()
})

test('[BILLING] the pending charge shows its Pix QR, copia e cola and due date; fits 375 px', async ({
  browser,
}) => {
  const context = await contextFor(browser, chargedState, 375)
  const page = await context.newPage()
  await page.goto('/dashboard/settings')
  const card = page.getByRole('region', { name: 'Assinatura' })
  await expect(card.getByText('Cobrança pendente')).toBeVisible({ timeout: 20_000 })
  await expect(card.getByTestId('billing-amount')).toHaveText('R$ 97,00')
  await expect(card.getByTestId('billing-qr')).toBeVisible()
  await expect(card).toContainText(formatDateBR(new Date(Date.now() + 5 * 86_400_000)))
  const code = await card.getByLabel('Pix copia e cola').inputValue()
  const parsed = parsePixPayload(code)
  expect(parsed).toMatchObject({ valorCents: 9700, chave: PIX.pixKey })
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
  await card.scrollIntoViewIfNeeded()
  await card.screenshot({ path: 'test-results/billing-lawyer-375.png' })
  expect(await seriousViolations(page)).toEqual([])
  await context.close()
})

test('[BILLING] cancelling asks for confirmation, then the card says Cancelada', async ({ browser }) => {
  const context = await contextFor(browser, chargedState)
  const page = await context.newPage()
  await page.goto('/dashboard/settings')
  const card = page.getByRole('region', { name: 'Assinatura' })
  await expect(card).toBeVisible({ timeout: 20_000 })
  await card.getByRole('button', { name: 'Cancelar assinatura' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Cancelar a assinatura?' })
  await expect(dialog).toContainText('Os dados do escritório são mantidos')
  await dialog.getByRole('button', { name: 'Voltar' }).click()
  await expect(dialog).toBeHidden()
  await expect(card.getByTestId('billing-status')).toHaveText('Período de teste')

  await card.getByRole('button', { name: 'Cancelar assinatura' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancelar assinatura' }).click()
  await expect(toast(page, 'Assinatura cancelada.')).toBeVisible()
  await expect(card.getByTestId('billing-status')).toHaveText('Cancelada')
  await expect(card.getByText('Cobrança pendente')).toHaveCount(0)
  await card.screenshot({ path: 'test-results/billing-lawyer-cancelled.png' })

  // Reactivating (its trial already over): a new charge from now, the card shows it to pay.
  await card.getByRole('button', { name: 'Reativar assinatura' }).click()
  const again = page.getByRole('alertdialog', { name: 'Reativar a assinatura?' })
  await again.getByRole('button', { name: 'Reativar assinatura' }).click()
  await expect(toast(page, 'Assinatura reativada.')).toBeVisible()
  await expect(card.getByTestId('billing-status')).toHaveText('Em atraso')
  await expect(card.getByText('Cobrança pendente')).toBeVisible()
  await expect(card.getByRole('button', { name: 'Cancelar assinatura' })).toBeVisible()
  await card.screenshot({ path: 'test-results/billing-lawyer-reactivated.png' })
  await context.close()
})
