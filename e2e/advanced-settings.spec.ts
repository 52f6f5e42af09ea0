import type { Page, TestInfo } from '@playwright/test'
import {
  expect,
  lawyerData,
  pickSelect,
  seriousViolations,
  signUpViaApi,
  test,
  toast,
  uniqueEmail,
} from './accounts.fixtures'

// Issue 12, 'Configurações Avançadas', as a sócio (every lawyer is the sócio of their own office after
// sign-up): settings persist across a reload, 'Restaurar Padrão' asks first, 'Testar' shows the server's exact
// error, the personalised name reaches the header, and the page is axe clean at 375 px in both themes.

test.describe.configure({ timeout: 90_000 })

async function openPage(page: Page) {
  await page.goto('/dashboard/advanced-settings')
  await expect(page.getByRole('heading', { level: 1, name: 'Configurações Avançadas' })).toBeVisible({
    timeout: 20_000,
  })
  await expect(page.getByLabel('Tempo de sessão (minutos)')).toBeVisible()
}

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true })
}

test('[SETTINGS-ADV] save → reload → still there; Restaurar Padrão with confirmation', async ({ page }) => {
  await signUpViaApi(page.request, lawyerData({ email: uniqueEmail('adv') }))
  await openPage(page)
  await expect(page.getByText('Usando os valores padrão.')).toBeVisible()
  await expect(page.getByLabel('Tempo de sessão (minutos)')).toHaveValue('480')
  await expect(page.getByLabel('Porta')).toHaveValue('587')
  await expect(page.getByLabel('Retenção (dias)')).toHaveValue('30')

  // A bad CNPJ is refused with its field highlighted and nothing saved.
  await page.getByLabel('CNPJ', { exact: true }).fill('11.222.333/0001-00')
  await page.getByRole('button', { name: 'Salvar Configurações' }).click()
  await expect(page.getByText('CNPJ inválido.')).toBeVisible()
  await expect(page.getByLabel('CNPJ', { exact: true })).toHaveAttribute('aria-invalid', 'true')

  await page.getByLabel('CNPJ', { exact: true }).fill('12ABC34501DE35')
  await page.getByLabel('Nome do escritório').fill('Almeida & Costa Advogados')
  await page.getByLabel('Tempo de sessão (minutos)').fill('120')
  await page.getByRole('switch', { name: 'Relatórios semanais' }).click()
  await page.getByLabel('E-mail para alertas').fill('alertas@almeida.adv.br')
  await pickSelect(page, 'Frequência', 'Semanal')
  await pickSelect(page, 'Tipo de chave Pix', 'Chave aleatória')
  await page.getByLabel('Chave Pix', { exact: true }).fill('123e4567-e89b-12d3-a456-426614174000')
  await page.getByLabel('Aviso interno dos prazos (dias úteis antes)').fill('5')
  await page.getByRole('button', { name: 'Salvar Configurações' }).click()
  await expect(toast(page, 'Configurações salvas.')).toBeVisible()

  await page.reload()
  await openPage(page)
  await expect(page.getByLabel('Tempo de sessão (minutos)')).toHaveValue('120')
  await expect(page.getByLabel('CNPJ', { exact: true })).toHaveValue('12.ABC.345/01DE-35')
  await expect(page.getByRole('switch', { name: 'Relatórios semanais' })).toBeChecked()
  await expect(page.getByLabel('E-mail para alertas')).toHaveValue('alertas@almeida.adv.br')
  await expect(page.getByRole('combobox', { name: 'Frequência' })).toHaveText('Semanal')
  await expect(page.getByLabel('Aviso interno dos prazos (dias úteis antes)')).toHaveValue('5')
  await expect(page.getByTestId('settings-saved-at')).toContainText('Última alteração em')
  // The header shows the personalised name.
  await expect(page.getByText('Almeida & Costa Advogados').first()).toBeVisible()

  // Restaurar Padrão: cancel keeps everything, confirm restores the defaults but keeps the office's data.
  await page.getByRole('button', { name: 'Restaurar Padrão' }).click()
  const dialog = page.getByRole('alertdialog')
  await expect(dialog).toContainText('Os dados do escritório')
  await dialog.getByRole('button', { name: 'Cancelar' }).click()
  await expect(page.getByLabel('Tempo de sessão (minutos)')).toHaveValue('120')
  await page.getByRole('button', { name: 'Restaurar Padrão' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Restaurar Padrão' }).click()
  await expect(toast(page, 'Configurações padrão restauradas.')).toBeVisible()
  await expect(page.getByLabel('Tempo de sessão (minutos)')).toHaveValue('480')
  await expect(page.getByRole('switch', { name: 'Relatórios semanais' })).not.toBeChecked()
  await expect(page.getByLabel('Nome do escritório')).toHaveValue('Almeida & Costa Advogados')
  await page.reload()
  await openPage(page)
  await expect(page.getByLabel('Tempo de sessão (minutos)')).toHaveValue('480')
})

test("[SETTINGS-ADV] 'Testar' refuses a server on the server's own network, in pt-BR", async ({ page }) => {
  await signUpViaApi(page.request, lawyerData({ email: uniqueEmail('smtp') }))
  await openPage(page)
  await page.getByLabel('Servidor SMTP').fill('127.0.0.1')
  await page.getByLabel('Porta').fill('587')
  await page.getByLabel('E-mail do escritório').fill('contato@almeida.adv.br')
  await page.getByLabel('Senha', { exact: true }).fill('senha-do-smtp')
  // 'Testar' saves the pending changes first, then sends through the saved server: loopback is refused
  // (issue 24, no SSRF), with a fixed sentence instead of the network's error.
  await page.getByRole('button', { name: 'Testar' }).click()
  await expect(page.getByTestId('smtp-test-result')).toHaveText(
    'Falha no envio: Endereço do servidor SMTP não permitido.',
    { timeout: 30_000 },
  )
  await page.reload()
  await openPage(page)
  await expect(page.getByLabel('Servidor SMTP')).toHaveValue('127.0.0.1')
  // The password is never sent back: the field stays empty and says one is saved.
  await expect(page.getByLabel('Senha', { exact: true })).toHaveValue('')
  await expect(page.getByLabel('Senha', { exact: true })).toHaveAttribute(
    'placeholder',
    'Senha salva (deixe em branco para manter)',
  )
})

test('[SETTINGS-ADV] turning the audit viewer off hides its link', async ({ page }) => {
  await signUpViaApi(page.request, lawyerData({ email: uniqueEmail('audit') }))
  await openPage(page)
  const auditLink = page.getByRole('link', { name: 'Registro de auditoria' })
  await expect(auditLink).toBeVisible()
  await page.getByRole('switch', { name: 'Log de auditoria' }).click()
  await page.getByRole('button', { name: 'Salvar Configurações' }).click()
  await expect(toast(page, 'Configurações salvas.')).toBeVisible()
  await expect(auditLink).toHaveCount(0)
})

test('[SETTINGS-ADV] 2FA required: a member without it is taken to the setup', async ({ page }) => {
  await signUpViaApi(page.request, lawyerData({ email: uniqueEmail('2fa') }))
  await openPage(page)
  await page.getByRole('switch', { name: 'Autenticação de dois fatores obrigatória' }).click()
  await page.getByRole('button', { name: 'Salvar Configurações' }).click()
  await expect(toast(page, 'Configurações salvas.')).toBeVisible()
  // Any office screen now answers 403 two_factor_required and the browser goes to the 2FA setup.
  await page.goto('/dashboard/crm')
  await expect(page).toHaveURL(/\/dashboard\/settings\?exigir2fa=1$/, { timeout: 20_000 })
  await expect(
    page.getByRole('alert').filter({ hasText: 'exige a verificação em duas etapas' }),
  ).toBeVisible()
})

for (const colorScheme of ['light', 'dark'] as const) {
  test(`[SETTINGS-ADV] axe clean and 375 px wide (${colorScheme})`, async ({ page }, testInfo) => {
    await page.emulateMedia({ colorScheme })
    await signUpViaApi(page.request, lawyerData({ email: uniqueEmail('adv-axe') }))
    await openPage(page)
    expect(await seriousViolations(page)).toEqual([])
    await page.setViewportSize({ width: 375, height: 800 })
    await page.reload()
    await openPage(page)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, testInfo, `advanced-settings-375-${colorScheme}`)
  })
}
