import { randomInt } from 'node:crypto'
import { expect, lawyerData, signUpViaApi, test, toast } from './accounts.fixtures'

// Issue 7: every 429 reaches the screen in pt-BR — better-auth's sign-in limit through the form, and a
// refusal whose body is not ours (a reverse proxy's own 429 page) through the screens' error states.

const RATE_LIMITED = 'Muitas tentativas. Aguarde um minuto e tente novamente.'
const SIGN_IN_MAX = 10 // RATE_LIMIT_SIGN_IN_MAX's default; the e2e server keeps it

test('[RATE-LIMIT] the sign-in form shows the pt-BR message once the address reaches its limit', async ({
  page,
}, testInfo) => {
  // A client address of this test's own (the e2e server trusts one proxy hop: TRUST_PROXY=true).
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': `203.0.113.${randomInt(1, 255)}` })
  await page.goto('/auth')
  await page.getByLabel('Email').fill('ninguem-cadastrado@example.com')
  await page.getByLabel('Senha').fill('senha-errada')
  const submit = page.getByRole('button', { name: 'Entrar', exact: true })

  for (let attempt = 0; attempt < SIGN_IN_MAX; attempt++) {
    // Another unknown address each time: five failures on ONE account lock it first (issue 14).
    await page.getByLabel('Email').fill(`ninguem-${attempt}-${randomInt(1e9)}@example.com`)
    const answered = page.waitForResponse('**/api/auth/sign-in/email')
    await submit.click()
    expect((await answered).status()).toBe(401)
    await expect(submit).toBeEnabled()
  }
  const limited = page.waitForResponse('**/api/auth/sign-in/email')
  await submit.click()
  expect((await limited).status()).toBe(429)
  await expect(toast(page, 'Erro no login').filter({ hasText: RATE_LIMITED })).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('sign-in-429.png') })
  // Nothing on screen speaks English.
  await expect(page.getByText('Too many requests', { exact: false })).toHaveCount(0)
})

test("[RATE-LIMIT] a proxy's own 429 page still reads in pt-BR on the dashboard and in a list", async ({
  page,
}, testInfo) => {
  await signUpViaApi(page.context().request, lawyerData({ nomeCompleto: 'Rita Limite' }))
  const proxyPage = {
    status: 429,
    contentType: 'text/html',
    body: '<html><body>429 Too Many Requests</body></html>',
  }

  // The session check refused: the dashboard says why instead of a generic session error.
  await page.route('**/api/me', (route) => route.fulfill(proxyPage))
  await page.goto('/dashboard')
  await expect(page.getByRole('alert').filter({ hasText: RATE_LIMITED })).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('dashboard-429.png') })

  // A data route refused: the list's error toast carries the same message.
  await page.unroute('**/api/me')
  await page.route('**/api/clients?*', (route) => route.fulfill(proxyPage))
  await page.goto('/dashboard/crm')
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: RATE_LIMITED }).first()).toBeVisible()
})
