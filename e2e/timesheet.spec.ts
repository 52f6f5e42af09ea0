import type { Page, TestInfo } from '@playwright/test'
import {
  expect,
  lawyerData,
  PASSWORD,
  seriousViolations,
  signUpViaApi,
  test,
  toast,
  uniqueEmail,
} from './accounts.fixtures'

// Issue 10: the header timer, 'Minhas horas' and the office audit log, as a sócio (every lawyer is the sócio
// of their own office after sign-up). Each test signs its own lawyer up (own client address: own limits).

test.describe.configure({ timeout: 60_000 })

async function signUpWithCase(page: Page, titulo: string) {
  await signUpViaApi(page.request, lawyerData({ email: uniqueEmail('horas') }))
  const client = await page.request.post('/api/clients', {
    data: { nomeCompleto: 'Carla Cliente', status: 'ativo' },
  })
  expect(client.status(), await client.text()).toBe(201)
  const clientId = ((await client.json()) as { id: string }).id
  const created = await page.request.post('/api/cases', { data: { titulo, areaJuridica: 'Civil', clientId } })
  expect(created.status(), await created.text()).toBe(201)
  return { clientId }
}

async function openTimesheet(page: Page) {
  await page.goto('/dashboard/timesheet')
  await expect(page.getByRole('heading', { level: 1, name: 'Minhas horas' })).toBeVisible({ timeout: 20_000 })
}

async function pickCase(page: Page, scope: ReturnType<Page['getByRole']>, titulo: string) {
  await scope.getByRole('combobox', { name: 'Processo' }).click()
  await page.getByRole('combobox', { name: 'Buscar caso ativo...' }).fill(titulo)
  await page.getByRole('option', { name: titulo }).click()
}

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true })
}

test('[TIMESHEET] the header timer survives a reload; stopped, it is listed with its week total', async ({
  page,
}, testInfo) => {
  const titulo = 'Ação de cobrança do cronômetro'
  await signUpWithCase(page, titulo)
  await openTimesheet(page)
  await expect(page.getByText('Nenhum lançamento no período.')).toBeVisible()

  await page.getByRole('banner').getByRole('button', { name: 'Iniciar cronômetro' }).click()
  const dialog = page.getByRole('dialog', { name: 'Iniciar cronômetro' })
  // The case is required.
  await dialog.getByRole('button', { name: 'Iniciar cronômetro' }).click()
  await expect(dialog.getByText('Selecione um processo.')).toBeVisible()
  await pickCase(page, dialog, titulo)
  await dialog.getByLabel('Descrição (opcional)').fill('Análise da inicial')
  await dialog.getByRole('button', { name: 'Iniciar cronômetro' }).click()
  await expect(toast(page, 'Cronômetro iniciado')).toBeVisible()
  const running = page.getByTestId('timer-running')
  await expect(running).toBeVisible()
  await expect(running).toHaveAccessibleName(
    /Cronômetro em andamento: \d+min em Ação de cobrança do cronômetro/,
  )
  await expect(page.getByTestId('timesheet-entry').filter({ hasText: 'Em andamento' })).toBeVisible()

  // The timer is a row on the server: a reload finds it running, still counting.
  await page.reload()
  await expect(running).toBeVisible({ timeout: 20_000 })
  await expect(running).toHaveText(/^00:\d\d$/)
  await screenshot(page, testInfo, 'timer-running')

  await running.click()
  await page.getByRole('menuitem', { name: 'Parar e salvar' }).click()
  await expect(toast(page, 'Tempo registrado: 1min')).toBeVisible()
  await expect(running).toHaveCount(0)
  await expect(page.getByRole('banner').getByRole('button', { name: 'Iniciar cronômetro' })).toBeVisible()

  const entry = page.getByTestId('timesheet-entry').filter({ hasText: titulo })
  await expect(entry).toHaveCount(1)
  await expect(entry).toContainText('Análise da inicial')
  await expect(entry).toContainText('1min')
  const week = page.getByTestId('timesheet-week')
  await expect(week.getByText('Total da semana: 1min')).toBeVisible()
  await expect(week.getByText('Faturável: 1min')).toBeVisible()
  await expect(page.getByTestId('timesheet-total-total')).toContainText('1min')
})

test('[TIMESHEET] a manual entry is listed; an overlapping one is refused in pt-BR; deletion asks first', async ({
  page,
}, testInfo) => {
  const titulo = 'Reclamação trabalhista manual'
  await signUpWithCase(page, titulo)
  await openTimesheet(page)

  await page.getByRole('button', { name: 'Novo lançamento' }).first().click()
  let dialog = page.getByRole('dialog', { name: 'Novo lançamento' })
  await dialog.getByLabel('Duração').fill('25:00')
  await dialog.getByRole('button', { name: 'Salvar lançamento' }).click()
  await expect(dialog.getByText('Informe a duração como h:mm')).toBeVisible()
  await dialog.getByLabel('Duração').fill('1:30')
  await dialog.getByLabel('Hora de início (opcional)').fill('09:00')
  await pickCase(page, dialog, titulo)
  await dialog.getByLabel('Descrição (opcional)').fill('Audiência de instrução')
  await dialog.getByRole('button', { name: 'Salvar lançamento' }).click()
  await expect(toast(page, 'Lançamento registrado: 1h 30min')).toBeVisible()
  await expect(dialog).toHaveCount(0)
  const entry = page.getByTestId('timesheet-entry').filter({ hasText: 'Audiência de instrução' })
  await expect(entry).toContainText('09:00–10:30')
  await expect(entry).toContainText('1h 30min')
  await expect(page.getByText('Total da semana: 1h 30min')).toBeVisible()

  // 10:00–11:00 overlaps 09:00–10:30: the server refuses, and the dialog says why.
  await page.getByRole('button', { name: 'Novo lançamento' }).first().click()
  dialog = page.getByRole('dialog', { name: 'Novo lançamento' })
  await dialog.getByLabel('Duração').fill('60')
  await dialog.getByLabel('Hora de início (opcional)').fill('10:00')
  await pickCase(page, dialog, titulo)
  await dialog.getByLabel('Faturável').click()
  await dialog.getByRole('button', { name: 'Salvar lançamento' }).click()
  await expect(
    dialog.getByRole('alert').filter({ hasText: 'Este período se sobrepõe a outro lançamento seu.' }),
  ).toBeVisible()
  // Moved to 10:30 it fits (half-open ranges), and counts as non-billable.
  await dialog.getByLabel('Hora de início (opcional)').fill('10:30')
  await dialog.getByRole('button', { name: 'Salvar lançamento' }).click()
  await expect(toast(page, 'Lançamento registrado: 1h 00min')).toBeVisible()
  await expect(page.getByText('Total da semana: 2h 30min')).toBeVisible()
  await expect(page.getByText('Não faturável: 1h 00min')).toBeVisible()

  expect(await seriousViolations(page)).toEqual([])
  await screenshot(page, testInfo, 'timesheet')

  const csv = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Exportar CSV' }).click()
  expect((await csv).suggestedFilename()).toMatch(/^minhas-horas-\d{4}-\d\d-\d\d-a-\d{4}-\d\d-\d\d\.csv$/)

  await entry.getByRole('button', { name: /^Excluir lançamento de/ }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Excluir lançamento?' })
  await expect(confirm).toContainText('1h 30min')
  await confirm.getByRole('button', { name: 'Excluir' }).click()
  await expect(toast(page, 'Lançamento excluído')).toBeVisible()
  await expect(entry).toHaveCount(0)
  await expect(page.getByText('Total da semana: 1h 00min')).toBeVisible()
})

test('[TIMESHEET] the audit page lists the sign-in and a client read, filters them, and fits a phone', async ({
  page,
}, testInfo) => {
  const data = lawyerData({ email: uniqueEmail('auditoria') })
  await signUpViaApi(page.request, data)
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email: data.email, password: PASSWORD },
    // The sign-up's session cookie goes along, and better-auth then wants the page's origin.
    headers: { origin: testInfo.project.use.baseURL ?? '' },
  })
  expect(signIn.status(), await signIn.text()).toBe(200)
  const client = await page.request.post('/api/clients', {
    data: { nomeCompleto: 'Clara Auditada', status: 'ativo' },
  })
  expect(client.status(), await client.text()).toBe(201)
  const clientId = ((await client.json()) as { id: string }).id
  expect((await page.request.get(`/api/clients/${clientId}`)).status()).toBe(200)

  await page.goto('/dashboard')
  const nav = page.getByRole('navigation', { name: 'Menu do painel' })
  await nav.getByRole('link', { name: 'Registro de auditoria', exact: true }).click({ timeout: 20_000 })
  await expect(page.getByRole('heading', { level: 1, name: 'Registro de auditoria' })).toBeVisible()
  const rows = page.getByTestId('audit-entry')
  await expect(rows.filter({ hasText: 'Entrada no sistema' }).first()).toBeVisible()
  await expect(rows.filter({ hasText: 'Leitura completa de cliente' })).toHaveCount(1)
  await expect(rows.filter({ hasText: 'Cliente criado' })).toHaveCount(1)
  await expect(rows.first()).toContainText('Ana Advogada')
  expect(await seriousViolations(page)).toEqual([])
  await screenshot(page, testInfo, 'audit')

  await page.getByRole('combobox', { name: 'Ação' }).click()
  await page.getByRole('option', { name: 'Leitura completa de cliente', exact: true }).click()
  await expect(rows).toHaveCount(1)
  await expect(rows).toContainText('Cliente')
  await page.getByRole('button', { name: 'Limpar filtros' }).click()
  await expect(rows.filter({ hasText: 'Entrada no sistema' }).first()).toBeVisible()

  const csv = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Exportar CSV' }).click()
  expect((await csv).suggestedFilename()).toBe('auditoria.csv')

  // 375 px: nothing wider than the screen.
  await page.setViewportSize({ width: 375, height: 800 })
  await page.reload()
  await expect(rows.first()).toBeVisible({ timeout: 20_000 })
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  await screenshot(page, testInfo, 'audit-375')
  await page.goto('/dashboard/timesheet')
  await expect(page.getByRole('heading', { level: 1, name: 'Minhas horas' })).toBeVisible({ timeout: 20_000 })
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  await screenshot(page, testInfo, 'timesheet-375')
})
