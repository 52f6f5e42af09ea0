import AxeBuilder from '@axe-core/playwright'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { lawyerSignUp } from '../src/test/accounts'
import { base32Decode, totp } from '../src/features/settings/totp.testing'

// Settings (spec §2 "Settings", persisted per user) and account security: 2FA, sessions, activity.

type SignUpData = ReturnType<typeof lawyerSignUp>

/**
 * Signs up through the real route; the request context keeps the session cookie. Sign-up is limited to
 * 5 a minute per address and every test here comes from 127.0.0.1: on 429, wait as told and retry.
 */
async function signUp(request: APIRequestContext, overrides: Partial<SignUpData> = {}) {
  const data = lawyerSignUp({
    email: `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`,
    ...overrides,
  })
  for (let attempt = 0; attempt < 5; attempt++) {
    const response = await request.post('/api/auth/sign-up', { data })
    if (response.status() === 201) return data
    if (response.status() !== 429) throw new Error(`sign-up ${response.status()}: ${await response.text()}`)
    await new Promise((resolve) =>
      setTimeout(resolve, (Number(response.headers()['retry-after'] ?? 10) + 1) * 1000),
    )
  }
  throw new Error('sign-up still rate-limited')
}

/** The TOTP code an authenticator app would show for the key displayed at enrolment. */
function codeFor(secret: string) {
  // A code in its last seconds may expire in transit: wait for the next one.
  const msIntoPeriod = Date.now() % 30_000
  const now = msIntoPeriod > 27_000 ? Date.now() + (30_000 - msIntoPeriod) : Date.now()
  return totp(base32Decode(secret), { now })
}

async function openSettings(page: Page) {
  await page.goto('/dashboard/settings')
  // First load of the dashboard chunks on a busy 2-core machine: allow more than the default 7 s.
  await expect(page.getByRole('heading', { name: 'Configurações', level: 1 })).toBeVisible({
    timeout: 20_000,
  })
  await expect(page.getByRole('switch', { name: 'Notificações por e-mail' })).toBeVisible({ timeout: 20_000 })
}

test('[SETTINGS] saved settings survive a reload, and the page passes axe', async ({ page }) => {
  test.setTimeout(120_000)
  await signUp(page.request)
  await openSettings(page)

  const weekly = page.getByRole('switch', { name: 'Relatórios semanais' })
  const publicProfile = page.getByRole('switch', { name: 'Perfil público' })
  await expect(weekly).not.toBeChecked()
  await expect(publicProfile).toBeChecked()
  await expect(page.getByRole('button', { name: 'Salvar alterações' })).toBeDisabled()

  await weekly.click()
  await publicProfile.click()
  await page.getByRole('switch', { name: 'Assinatura digital' }).click()
  await page.getByLabel('Nome de exibição').fill('Dra. Ana')
  await page.getByLabel('Bio').fill('Direito de família e sucessões.')
  await page.getByRole('combobox', { name: 'Estado da OAB' }).click()
  await page.getByRole('option', { name: 'RJ — Rio de Janeiro' }).click()
  await expect(page.getByText('Você tem alterações não salvas.')).toBeVisible()
  await page.getByRole('button', { name: 'Salvar alterações' }).click()
  await expect(page.getByText('Configurações salvas')).toBeVisible()

  await page.reload()
  await expect(page.getByRole('switch', { name: 'Relatórios semanais' })).toBeChecked()
  await expect(page.getByRole('switch', { name: 'Perfil público' })).not.toBeChecked()
  await expect(page.getByRole('switch', { name: 'Assinatura digital' })).toBeChecked()
  await expect(page.getByLabel('Nome de exibição')).toHaveValue('Dra. Ana')
  await expect(page.getByLabel('Bio')).toHaveValue('Direito de família e sucessões.')
  await expect(page.getByRole('combobox', { name: 'Estado da OAB' })).toHaveText(/RJ — Rio de Janeiro/)

  await expect(page.getByText('Senha', { exact: true }).first()).toBeVisible() // activity loaded
  const { violations } = await new AxeBuilder({ page }).analyze()
  expect(
    violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        nodes: v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`),
      })),
  ).toEqual([])
})

test('[SETTINGS] switching the language to English changes the interface and is saved', async ({ page }) => {
  test.setTimeout(120_000)
  await signUp(page.request)
  await openSettings(page)

  await page.getByRole('combobox', { name: 'Idioma' }).click()
  await page.getByRole('option', { name: 'English' }).click()
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()
  await expect(page.getByRole('switch', { name: 'Email notifications' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect.poll(async () => (await (await page.request.get('/api/settings')).json()).language).toBe('en')

  await page.reload()
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Active sessions' })).toBeVisible()

  // Back to Portuguese: the choice is the user's, saved on the server.
  await page.getByRole('combobox', { name: 'Language' }).click()
  await page.getByRole('option', { name: 'Português (Brasil)' }).click()
  await expect(page.getByRole('heading', { name: 'Configurações', level: 1 })).toBeVisible()
  await expect
    .poll(async () => (await (await page.request.get('/api/settings')).json()).language)
    .toBe('pt-BR')
})

test('[SETTINGS] 2FA: enrol with QR and code, then signing in asks for the code', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const account = await signUp(page.request)
  await openSettings(page)

  await page.getByRole('button', { name: 'Ativar verificação em duas etapas' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Senha atual').fill(account.password)
  await dialog.getByRole('button', { name: 'Continuar' }).click()
  await expect(
    dialog.getByRole('img', { name: 'QR code para configurar o aplicativo autenticador' }),
  ).toBeVisible()
  const secret = (await dialog.getByTestId('totp-secret').textContent())?.replace(/\s/g, '') ?? ''
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/)

  const wrong = String((Number(codeFor(secret)) + 1) % 1_000_000).padStart(6, '0')
  await dialog.getByLabel('Código de 6 dígitos').fill(wrong)
  await dialog.getByRole('button', { name: 'Verificar e ativar' }).click()
  await expect(dialog.getByRole('alert')).toBeVisible() // wrong code: stays on the step with the message

  await dialog.getByLabel('Código de 6 dígitos').fill(codeFor(secret))
  await dialog.getByRole('button', { name: 'Verificar e ativar' }).click()
  await expect(dialog.getByRole('heading', { name: 'Códigos de backup' })).toBeVisible()
  await expect(dialog.getByRole('list', { name: 'Códigos de backup' }).getByRole('listitem')).toHaveCount(10)
  await dialog.getByRole('button', { name: 'Concluir' }).click()
  await expect(page.getByText('Ativada', { exact: true })).toBeVisible()

  // Sign out, then in again: the password is no longer enough.
  // better-auth checks the Origin of cookie-bearing POSTs, as a browser would send it.
  const signOut = await page.request.post('/api/auth/sign-out', {
    data: {},
    headers: { origin: baseURL ?? '' },
  })
  expect(signOut.status()).toBe(200)
  await page.goto('/auth')
  await page.getByLabel('Email', { exact: true }).fill(account.email)
  await page.getByLabel('Senha', { exact: true }).fill(account.password)
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Verificação em duas etapas' })).toBeVisible()
  await page.getByLabel('Código do autenticador').fill(codeFor(secret))
  await page.getByRole('button', { name: 'Verificar' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)

  await openSettings(page)
  await expect(page.getByText('Ativada', { exact: true })).toBeVisible()
  await expect(page.getByTestId('sign-in-event').first()).toContainText('Senha + código 2FA')
})

test('[SETTINGS] revoking another session signs that device out', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000)
  const account = await signUp(page.request)
  const phone = await browser.newContext({ baseURL })
  const signIn = await phone.request.post('/api/auth/sign-in/email', {
    data: { email: account.email, password: account.password },
    headers: {
      'user-agent':
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    },
  })
  expect(signIn.status()).toBe(200)
  expect((await phone.request.get('/api/me')).status()).toBe(200)

  await openSettings(page)
  const sessions = page.getByTestId('active-session')
  await expect(sessions).toHaveCount(2)
  await expect(sessions.first()).toContainText('Atual')
  const other = sessions.filter({ hasText: 'Safari no iOS' })
  await other.getByRole('button', { name: /Revogar/ }).click()
  await expect(page.getByText('Sessão revogada')).toBeVisible()
  await expect(sessions).toHaveCount(1)
  expect((await phone.request.get('/api/me')).status()).toBe(401)
  expect((await page.request.get('/api/me')).status()).toBe(200)
  await phone.close()
})
