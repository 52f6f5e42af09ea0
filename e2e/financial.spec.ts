import fs from 'node:fs/promises'
import type { Page, TestInfo } from '@playwright/test'
import { todayISO } from '../src/lib/br/dates'
import { pdfText } from '../src/test/pdf-text'
import {
  expect,
  lawyerData,
  ownAddress,
  seriousViolations,
  signUpViaApi,
  test,
  toast,
  uniqueEmail,
} from './accounts.fixtures'

// Issue 11, Financeiro & Faturamento as a sócio (every lawyer is the sócio of their own office after sign-up):
// a new entry in R$, 'Marcar como Pago' moving it into the paid revenue card, the balance colour, filters, the
// CSV and the receipt PDF; axe in both themes and at 375 px. Each test signs its own lawyer up.

test.describe.configure({ timeout: 90_000 })

async function openFinancial(page: Page) {
  await page.goto('/dashboard/financial')
  await expect(page.getByRole('heading', { level: 1, name: 'Financeiro & Faturamento' })).toBeVisible({
    timeout: 20_000,
  })
}

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true })
}

const card = (page: Page, id: string) => page.getByTestId(`${id}-value`)

test('[FINANCIAL] new entry in R$, mark paid moves it into paid revenue, balance colour, filters, CSV, receipt', async ({
  page,
}, testInfo) => {
  await signUpViaApi(page.request, lawyerData({ email: uniqueEmail('fin') }))
  const client = await page.request.post('/api/clients', { data: { nomeCompleto: 'Lúcia Pagadora' } })
  expect(client.status(), await client.text()).toBe(201)
  await openFinancial(page)
  await expect(page.getByText('Nenhum lançamento encontrado.')).toBeVisible()
  await expect(card(page, 'card-saldo')).toHaveText('R$\u00a00,00')

  // An expense paid this month: the balance goes red.
  await page.getByRole('button', { name: 'Novo Lançamento' }).click()
  let dialog = page.getByRole('dialog', { name: 'Novo Lançamento' })
  await dialog.getByRole('button', { name: 'Salvar' }).click()
  await expect(dialog.getByText('Informe a descrição.')).toBeVisible()
  await dialog.getByRole('combobox', { name: 'Tipo' }).click()
  await page.getByRole('option', { name: 'Despesa' }).click()
  await dialog.getByRole('combobox', { name: 'Categoria' }).click()
  await page.getByRole('option', { name: 'Custas Processuais' }).click()
  await dialog.getByLabel('Descrição').fill('Custas iniciais')
  await dialog.getByLabel('Valor (R$)').fill('300.25')
  await dialog.getByRole('button', { name: 'Salvar' }).click()
  await expect(toast(page, 'Lançamento criado.')).toBeVisible()
  const expense = page.getByTestId('financial-entry').filter({ hasText: 'Custas iniciais' })
  await expect(expense.getByTestId('entry-valor')).toHaveText('− R$\u00a0300,25')
  await expense.getByRole('button', { name: 'Marcar como pago: Custas iniciais' }).click()
  await page
    .getByRole('dialog', { name: 'Marcar como Pago' })
    .getByRole('button', { name: 'Confirmar pagamento' })
    .click()
  await expect(toast(page, 'Pagamento registrado.')).toBeVisible()
  await expect(card(page, 'card-saldo')).toHaveText('-R$\u00a0300,25')
  await expect(card(page, 'card-saldo')).toHaveClass(/text-destructive/)

  // A receivable of the client, due today: it is 'A Receber', then paid: the balance goes green.
  await page.getByRole('button', { name: 'Novo Lançamento' }).click()
  dialog = page.getByRole('dialog', { name: 'Novo Lançamento' })
  await dialog.getByLabel('Descrição').fill('Honorários do contrato')
  await dialog.getByLabel('Valor (R$)').fill('1500.50')
  await dialog.getByRole('combobox', { name: 'Cliente' }).click()
  await page.getByRole('option', { name: 'Lúcia Pagadora' }).click()
  await dialog.getByRole('button', { name: 'Salvar' }).click()
  // The first entry's 'Lançamento criado.' (above) may still be on screen: this entry's is the newest.
  await expect(toast(page, 'Lançamento criado.').last()).toBeVisible()
  const revenue = page.getByTestId('financial-entry').filter({ hasText: 'Honorários do contrato' })
  await expect(revenue).toContainText('R$\u00a01.500,50')
  await expect(revenue).toContainText('Lúcia Pagadora')
  await expect(revenue.getByTestId('entry-status')).toHaveText('Pendente')
  await expect(card(page, 'card-a-receber')).toHaveText('R$\u00a01.500,50')
  await expect(card(page, 'card-receita-paga')).toHaveText('R$\u00a00,00')

  await revenue.getByRole('button', { name: 'Marcar como pago: Honorários do contrato' }).click()
  const pay = page.getByRole('dialog', { name: 'Marcar como Pago' })
  await expect(pay.getByLabel('Data de pagamento')).toHaveValue(todayISO())
  await pay.getByRole('combobox', { name: 'Forma de pagamento' }).click()
  await page.getByRole('option', { name: 'Transferência' }).click()
  await pay.getByRole('button', { name: 'Confirmar pagamento' }).click()
  // The expense's own 'Pagamento registrado.' (line 65) may still be on screen: this payment's is the newest.
  await expect(toast(page, 'Pagamento registrado.').last()).toBeVisible()
  await expect(revenue.getByTestId('entry-status')).toHaveText('Pago')
  await expect(revenue.getByRole('button', { name: /Marcar como pago/ })).toHaveCount(0)
  await expect(card(page, 'card-receita-paga')).toHaveText('R$\u00a01.500,50')
  await expect(card(page, 'card-a-receber')).toHaveText('R$\u00a00,00')
  await expect(card(page, 'card-saldo')).toHaveText('R$\u00a01.200,25')
  await expect(card(page, 'card-saldo')).toHaveClass(/text-success-strong/)
  await expect(page.getByTestId('financial-chart')).toBeVisible()
  await screenshot(page, testInfo, 'financial')

  // Filters: type, status, search by client name without accents.
  await page.getByRole('combobox', { name: 'Tipo' }).click()
  await page.getByRole('option', { name: 'Despesa' }).click()
  await expect(page.getByTestId('financial-entry')).toHaveCount(1)
  await expect(expense).toBeVisible()
  await page.getByRole('combobox', { name: 'Tipo' }).click()
  await page.getByRole('option', { name: 'Todos' }).click()
  await page.getByRole('combobox', { name: 'Status' }).click()
  await page.getByRole('option', { name: 'Vencido' }).click()
  await expect(page.getByText('Nenhum lançamento encontrado.')).toBeVisible()
  await page.getByRole('combobox', { name: 'Status' }).click()
  await page.getByRole('option', { name: 'Todos' }).click()
  await page.getByLabel('Buscar').fill('lucia')
  await expect(page.getByTestId('financial-entry')).toHaveCount(1)
  await expect(revenue).toBeVisible()

  // The CSV of the filtered list.
  const csvDownload = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Exportar CSV' }).click()
  const csvFile = await csvDownload
  expect(csvFile.suggestedFilename()).toMatch(/^lancamentos-\d{4}-\d\d-\d\d\.csv$/)
  const csv = await fs.readFile(String(await csvFile.path()), 'utf8')
  expect(csv).toContain('Honorários do contrato')
  expect(csv).not.toContain('Custas iniciais')

  // The receipt of the paid entry.
  const pdfDownload = page.waitForEvent('download')
  await revenue.getByRole('button', { name: 'Baixar recibo: Honorários do contrato' }).click()
  const pdfFile = await pdfDownload
  expect(pdfFile.suggestedFilename()).toMatch(/^recibo-.*\.pdf$/)
  const text = (await pdfText(new Uint8Array(await fs.readFile(String(await pdfFile.path()))))).replace(
    /\s+/g,
    ' ',
  )
  expect(text).toContain('Recebemos de Lúcia Pagadora a importância de R$ 1.500,50')
  expect(text).toContain('mil e quinhentos reais e cinquenta centavos')

  // Remove with undo.
  await page.getByLabel('Buscar').fill('')
  await expense.getByRole('button', { name: 'Excluir Custas iniciais' }).click()
  await expect(expense).toHaveCount(0)
  await toast(page, 'Lançamento excluído.').getByRole('button', { name: 'Desfazer' }).click()
  await expect(toast(page, 'Lançamento restaurado.')).toBeVisible()
  await expect(expense).toBeVisible()
})

test('[FINANCIAL] installments: a receivable split in 3 shows 1/3…3/3 with the cents on the last', async ({
  page,
}) => {
  await signUpViaApi(page.request, lawyerData({ email: uniqueEmail('fin-parcelas') }))
  await openFinancial(page)
  await page.getByRole('button', { name: 'Novo Lançamento' }).click()
  const dialog = page.getByRole('dialog', { name: 'Novo Lançamento' })
  await dialog.getByLabel('Descrição').fill('Honorários parcelados')
  await dialog.getByLabel('Valor (R$)').fill('100')
  await dialog.getByLabel('Parcelar em N vezes').fill('3')
  await expect(dialog.getByText('3 parcelas mensais; a diferença de centavos fica na última.')).toBeVisible()
  await dialog.getByRole('button', { name: 'Salvar' }).click()
  await expect(toast(page, '3 parcelas criadas.')).toBeVisible()
  const rows = page.getByTestId('financial-entry').filter({ hasText: 'Honorários parcelados' })
  await expect(rows).toHaveCount(3)
  await expect(rows.filter({ hasText: 'Parcela 3/3' })).toContainText('R$\u00a033,34')
  await expect(rows.filter({ hasText: 'Parcela 1/3' })).toContainText('R$\u00a033,33')
})

for (const colorScheme of ['light', 'dark'] as const) {
  test(`[FINANCIAL] axe on the Financeiro page, desktop and 375 px (${colorScheme})`, async ({ browser }) => {
    const context = await browser.newContext({ colorScheme, extraHTTPHeaders: ownAddress() })
    const page = await context.newPage()
    await signUpViaApi(page.request, lawyerData({ email: uniqueEmail(`fin-axe-${colorScheme}`) }))
    const today = todayISO()
    for (const data of [
      {
        tipo: 'receita',
        categoria: 'honorarios',
        descricao: 'Honorários pagos',
        valor: '900',
        dataVencimento: today,
      },
      {
        tipo: 'despesa',
        categoria: 'despesas_escritorio',
        descricao: 'Aluguel',
        valor: '1200',
        dataVencimento: '2020-01-10',
      },
    ]) {
      const created = await page.request.post('/api/financial/entries', { data })
      expect(created.status(), await created.text()).toBe(201)
    }
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 })
      await openFinancial(page)
      await expect(page.getByTestId('financial-chart')).toBeVisible({ timeout: 20_000 })
      // The 2020 expense is overdue.
      await expect(
        page.getByTestId('financial-entry').filter({ hasText: 'Aluguel' }).getByTestId('entry-status'),
      ).toHaveText('Vencido')
      expect(await seriousViolations(page)).toEqual([])
      if (width === 375) {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
        expect(overflow).toBeLessThanOrEqual(0)
        await page.screenshot({
          path: test.info().outputPath(`financial-375-${colorScheme}.png`),
          fullPage: true,
        })
      }
    }
    await context.close()
  })
}
