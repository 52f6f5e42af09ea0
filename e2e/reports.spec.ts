import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import {
  expect,
  lawyerData,
  ownAddress,
  seriousViolations,
  signUpViaApi,
  test,
  uniqueEmail,
} from './accounts.fixtures'

// Issue 11, Relatórios and Analytics, as a sócio (every lawyer is the sócio of their own office after sign-up):
// each report opens with its chart and exports its CSV; the analytics cards show the office's real numbers;
// axe in both themes and at 375 px. The data is created through the API, today (the default period: this month).

test.describe.configure({ timeout: 90_000 })

const today = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date()).slice(0, 10)

async function seedOffice(page: Page) {
  await signUpViaApi(
    page.request,
    lawyerData({ email: uniqueEmail('relatorios'), nomeCompleto: 'Renata Relatório' }),
  )
  const day = today()
  const newCase = async (data: Record<string, unknown>) => {
    const response = await page.request.post('/api/cases', { data: { areaJuridica: 'Civil', ...data } })
    expect(response.status(), await response.text()).toBe(201)
    return ((await response.json()) as { id: string }).id
  }
  const won = await newCase({
    titulo: 'Cobrança ganha',
    status: 'concluido',
    dataInicio: day,
    dataConclusao: day,
    resultado: 'procedente',
  })
  await newCase({
    titulo: 'Cobrança perdida',
    status: 'concluido',
    dataInicio: day,
    dataConclusao: day,
    resultado: 'improcedente',
  })
  const active = await newCase({
    titulo: 'Reclamação ativa',
    areaJuridica: 'Trabalhista',
    status: 'andamento',
  })
  for (const [caseId, minutos] of [
    [won, 90],
    [active, 30],
  ] as const) {
    const entry = await page.request.post('/api/timesheet', { data: { caseId, data: day, minutos } })
    expect(entry.status(), await entry.text()).toBe(201)
  }
  const created = await page.request.post('/api/financial/entries', {
    data: {
      tipo: 'receita',
      categoria: 'honorarios',
      descricao: 'Honorários',
      valor: '1500.50',
      dataVencimento: day,
      caseId: won,
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const entryId = ((await created.json()) as { items: { id: string }[] }).items[0]?.id ?? ''
  const paid = await page.request.post(`/api/financial/entries/${entryId}/pay`, {
    data: { dataPagamento: day, formaPagamento: 'pix' },
  })
  expect(paid.status(), await paid.text()).toBe(200)
}

async function openReport(page: Page, title: string) {
  await page.getByRole('button', { name: `Ver Relatório: ${title}` }).click()
  const panel = page.getByRole('region', { name: title })
  await expect(panel).toBeVisible()
  return panel
}

async function exportCsv(page: Page, panel: ReturnType<Page['getByRole']>, name: RegExp) {
  const download = page.waitForEvent('download')
  await panel.getByRole('button', { name: 'Exportar CSV' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(name)
  return (await readFile(await file.path())).toString('utf8')
}

test('[REPORTS] each report opens with its chart and table and exports its CSV; export all', async ({
  page,
}, testInfo) => {
  await seedOffice(page)
  await page.goto('/dashboard/reports')
  await expect(page.getByRole('heading', { level: 1, name: 'Relatórios' })).toBeVisible({ timeout: 20_000 })

  const area = await openReport(page, 'Desempenho por Área')
  await expect(area.getByTestId('report-chart').locator('svg .recharts-bar-rectangle').first()).toBeVisible()
  const civil = area.getByRole('row', { name: /^Civil/ })
  await expect(civil).toContainText('50% (1/2)')
  await expect(civil).toContainText('R$ 1.500,50')
  expect(await exportCsv(page, area, /^relatorio-desempenho-por-area-.*\.csv$/)).toContain(
    'Civil;2;2;50% (1/2);R$',
  )
  await page.screenshot({ path: testInfo.outputPath('report-area.png'), fullPage: true })

  const horas = await openReport(page, 'Horas Faturáveis')
  await expect(horas.getByTestId('report-chart').locator('svg .recharts-bar-rectangle').first()).toBeVisible()
  await expect(horas.getByRole('row', { name: /Renata Relatório/ })).toContainText('2,00')
  expect(await exportCsv(page, horas, /^relatorio-horas-faturaveis-.*\.csv$/)).toContain(
    'Cobrança ganha;1,50;1,50',
  )

  const pipeline = await openReport(page, 'Pipeline de Casos')
  // This month alone: its opened and concluded cases as bars (a line needs two months).
  await expect(
    pipeline.getByTestId('report-chart').locator('svg .recharts-bar-rectangle').first(),
  ).toBeVisible()
  expect(await exportCsv(page, pipeline, /^relatorio-pipeline-de-casos-.*\.csv$/)).toContain('Concluído;2')
  // A custom period of three months: the flow is drawn as lines.
  await page.getByRole('combobox', { name: 'Período' }).click()
  await page.getByRole('option', { name: 'Personalizado' }).click()
  const day = today()
  const start = new Date(`${day.slice(0, 8)}01T12:00:00Z`)
  start.setUTCMonth(start.getUTCMonth() - 2)
  await page.getByLabel('De', { exact: true }).fill(start.toISOString().slice(0, 10))
  await page.getByLabel('Até', { exact: true }).fill(day)
  await expect(pipeline.getByTestId('report-chart').locator('svg path.recharts-curve').first()).toBeVisible()
  await expect(pipeline.getByRole('row')).toHaveCount(4)
  await page.screenshot({ path: testInfo.outputPath('report-pipeline.png'), fullPage: true })

  // 'Exportar Relatórios' → a zip of the three CSVs.
  await page.getByRole('button', { name: 'Exportar Relatórios' }).click()
  const download = page.waitForEvent('download')
  await page.getByRole('menuitem', { name: 'Um ZIP com os três CSVs' }).click()
  expect((await download).suggestedFilename()).toMatch(/^relatorio-todos-.*\.zip$/)
})

test('[REPORTS] analytics shows the office numbers', async ({ page }) => {
  await seedOffice(page)
  await page.goto('/dashboard/analytics')
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics do Escritório' })).toBeVisible({
    timeout: 20_000,
  })
  await expect(page.getByTestId('analytics-casosAtivos')).toContainText('1')
  await expect(page.getByTestId('analytics-receitaMes')).toContainText('R$ 1.500,50')
  await expect(page.getByTestId('analytics-taxaSucesso')).toContainText('50%')
  await expect(page.getByTestId('analytics-avaliacao')).toContainText('—')
  await expect(page.getByTestId('report-chart').locator('svg .recharts-bar-rectangle').first()).toBeVisible()
  await expect(page.getByRole('region', { name: 'Produtividade da Equipe' })).toContainText(
    'Renata Relatório',
  )
})

for (const colorScheme of ['light', 'dark'] as const) {
  test(`[REPORTS] axe on reports and analytics, desktop and 375 px (${colorScheme})`, async ({ browser }) => {
    const context = await browser.newContext({ colorScheme, extraHTTPHeaders: ownAddress() })
    const page = await context.newPage()
    await seedOffice(page)
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/dashboard/reports?relatorio=horas')
      await expect(page.getByTestId('report-chart')).toBeVisible({ timeout: 20_000 })
      expect(await seriousViolations(page)).toEqual([])
      await page.goto('/dashboard/analytics')
      await expect(page.getByTestId('report-chart')).toBeVisible({ timeout: 20_000 })
      expect(await seriousViolations(page)).toEqual([])
      if (width === 375) {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
        expect(overflow).toBeLessThanOrEqual(0)
        await page.screenshot({
          path: test.info().outputPath(`analytics-375-${colorScheme}.png`),
          fullPage: true,
        })
      }
    }
    await context.close()
  })
}
