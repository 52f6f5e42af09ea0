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
// (e2e/accounts.fixtures.ts signInAsConfirmedMaster). Issues 7 and 24: the master is superadmin only once a
// password was set through a reset link mailed to it (confirming the address is not enough: whoever signed up
// with it first would keep the password). The reset sets the same password, which the other specs use.

const baseURL = `http://localhost:${process.env.E2E_PORT ?? 3100}`
const master = lawyerSignUp({ email: E2E_MASTER_EMAIL, nomeCompleto: 'Mestre JusConecta' })

test('[ADMIN] the master address is an ordinary account until a password is set through its mailbox', async ({
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

  // The mailed link confirms the address, but grants nothing yet.
  await page.goto(await mailedLink(E2E_MASTER_EMAIL, '/verify-email'))
  await expect(page.getByText('Email confirmado!')).toBeVisible()
  await page.getByRole('link', { name: 'Continuar' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  expect((await page.request.get('/api/admin/stats')).status()).toBe(403)

  // 'Esqueci minha senha' → the link mailed to the master address → a new password: superadmin now, and
  // every session opened before (whoever knew the old password) has ended.
  const oldSession = (await context.cookies()).map((cookie) => `${cookie.name}=${cookie.value}`).join('; ')
  await context.clearCookies()
  await page.goto('/auth')
  await page.getByLabel('Email').fill(master.email)
  await page.getByRole('button', { name: 'Esqueci minha senha' }).click()
  await page.getByRole('button', { name: 'Enviar link' }).click()
  await expect(page.getByText('Se houver uma conta com este email')).toBeVisible()
  await page.goto(await mailedLink(E2E_MASTER_EMAIL, '/reset-password/'))
  await expect(page).toHaveURL(/\/auth\/redefinir-senha\?token=/)
  await page.getByLabel('Nova senha', { exact: true }).fill(master.password)
  await page.getByLabel('Confirmar nova senha').fill(master.password)
  await page.getByRole('button', { name: 'Salvar nova senha' }).click()
  await expect(toast(page, 'Senha redefinida!')).toBeVisible()
  await expect(page).toHaveURL(/\/auth$/)
  expect((await page.request.get('/api/me', { headers: { cookie: oldSession } })).status()).toBe(401)
  await signInThroughForm(page, master.email, master.password)
  // A superadmin's sign-in lands on /admin.
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByRole('heading', { name: /Painel Administrativo/, level: 1 })).toBeVisible()
  await context.close()
})
