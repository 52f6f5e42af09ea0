import { expect, test } from '@playwright/test'
import { lawyerSignUp } from '../src/test/accounts'
import { E2E_MASTER_EMAIL } from '../playwright.config'
import {
  chooseCity,
  mailedLink,
  ownAddress,
  selectOption,
  signInThroughForm,
  toast,
} from './accounts.fixtures'

// Runs before every other spec (playwright.config.ts: the 'chromium' project depends on this one), because
// the master address can be signed up only once per server and specs running in parallel sign in as it
// (e2e/accounts.fixtures.ts signInAsConfirmedMaster). Issue 7: the master must prove it owns its mailbox
// before it is superadmin.

const baseURL = `http://localhost:${process.env.E2E_PORT ?? 3100}`
const master = lawyerSignUp({ email: E2E_MASTER_EMAIL, nomeCompleto: 'Mestre JusConecta' })

test('[ADMIN] the master address is an ordinary account until its mailbox confirms it', async ({
  browser,
}) => {
  test.setTimeout(90_000)
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: ownAddress() })
  const page = await context.newPage()
  await page.goto('/auth')
  await page.getByRole('tab', { name: 'Cadastrar' }).click()
  await page.getByLabel('Nome completo').fill(master.nomeCompleto)
  await page.getByLabel('Email').fill(master.email)
  await page.getByLabel('Senha', { exact: true }).fill(master.password)
  await page.getByLabel('Confirmar senha').fill(master.password)
  await page.getByLabel('Telefone').pressSequentially('11987654321')
  await selectOption(page, 'Estado', 'São Paulo')
  await chooseCity(page, 'são paulo', 'São Paulo')
  await page.getByLabel('Número da OAB').fill(master.oabNumero)
  await selectOption(page, 'Estado da OAB', 'SP')
  await page.getByRole('button', { name: 'Cadastrar', exact: true }).click()
  // Signed in at once as an ordinary account; the page says a confirmation link was sent.
  await expect(toast(page, 'Cadastro realizado com sucesso!')).toContainText(
    'Verifique seu email para confirmar a conta.',
  )
  await expect(page).toHaveURL(/\/dashboard$/)
  await page.screenshot({ path: test.info().outputPath('master-unconfirmed-sign-up.png') })
  expect((await (await page.request.get('/api/me')).json()).role).toBe('user')
  expect((await page.request.get('/api/admin/stats')).status()).toBe(403)
  await page.goto('/admin')
  await expect(page).toHaveURL(`${baseURL}/`)

  // Signing in again before confirming: still ordinary, and told again to confirm.
  await context.clearCookies()
  await signInThroughForm(page, master.email, master.password)
  await expect(toast(page, 'Login realizado com sucesso!')).toContainText(
    'Verifique seu email para confirmar a conta.',
  )
  await expect(page).toHaveURL(/\/dashboard$/)
  expect((await page.request.get('/api/admin/stats')).status()).toBe(403)

  // The mailed link confirms the address: superadmin from now on.
  await page.goto(await mailedLink(E2E_MASTER_EMAIL))
  await expect(page.getByText('Email confirmado!')).toBeVisible()
  await page.getByRole('link', { name: 'Continuar' }).click()
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByRole('heading', { name: /Painel Administrativo/, level: 1 })).toBeVisible()
  await context.close()
})
