import { expect, test, type Page } from '@playwright/test'
import { seriousViolations } from './accounts.fixtures'

// The public deadline calculator (issue 9): /calculadora-de-prazos, linked from the landing footer, no
// account needed. Expected dates are the hand-checked cases of src/lib/br/deadline.cases.ts.

async function calculate(page: Page, disponibilizacao: string, dias: string) {
  await page.getByLabel('Data de disponibilização (DJe/DJEN)').fill(disponibilizacao)
  await page.getByLabel('Prazo em dias úteis').fill(dias)
  await page.getByRole('button', { name: 'Calcular prazo' }).click()
}

const trail = (page: Page) => page.getByRole('region', { name: 'Trilha dia a dia' }).getByRole('listitem')

test('[PRAZOS] a visitor reaches the calculator from the landing and gets the due date and trail', async ({
  page,
}) => {
  await page.goto('/')
  await page.getByRole('contentinfo').getByRole('link', { name: 'Calculadora de Prazos' }).click()
  await expect(page).toHaveURL(/\/calculadora-de-prazos$/)
  await expect(
    page.getByRole('heading', { level: 1, name: 'Calculadora de Prazos Processuais' }),
  ).toBeVisible()
  await expect(page.getByText('Preencha os dados acima')).toBeVisible()

  // Fri 13/02/2026, 5 dias: Carnaval skipped, published on Ash Wednesday, due Wed 25/02.
  await calculate(page, '2026-02-13', '5')
  await expect(page.getByTestId('prazo-publicacao')).toHaveText('18/02/2026 (qua)')
  await expect(page.getByTestId('prazo-inicio')).toHaveText('19/02/2026 (qui)')
  await expect(page.getByTestId('prazo-vencimento')).toHaveText('25/02/2026 (qua)')
  await expect(page.getByRole('heading', { name: 'Resultado' })).toBeFocused()
  await expect(trail(page)).toHaveCount(13)
  await expect(trail(page).filter({ hasText: '16/02/2026' })).toContainText(
    'Feriado nacional: Carnaval (segunda-feira)',
  )
  await expect(trail(page).filter({ hasText: '25/02/2026' })).toContainText('Dia útil 5 de 5 — vencimento')
  await expect(page.getByText('5 dias contados e 6 dias pulados')).toBeVisible()
})

test('[PRAZOS] a court calendar and extra closed days move the dates', async ({ page }) => {
  await page.goto('/calculadora-de-prazos')
  // TRF3 closes 20/12–06/01 (Lei 5.010/66): available Fri 19/12/2025 → published Wed 07/01/2026.
  await page.getByLabel('Tribunal').selectOption('TRF3')
  await calculate(page, '2025-12-19', '5')
  await expect(page.getByTestId('prazo-publicacao')).toHaveText('07/01/2026 (qua)')
  await expect(page.getByTestId('prazo-inicio')).toHaveText('21/01/2026 (qua)')
  await expect(page.getByTestId('prazo-vencimento')).toHaveText('27/01/2026 (ter)')
  await expect(trail(page).filter({ hasText: '22/12/2025' })).toContainText('Fechado pelo tribunal: Recesso')
  await expect(trail(page).filter({ hasText: '08/01/2026' })).toContainText('Suspensão dos prazos')

  // A closed due day: Mon 09/03/2026, 5 dias ends Tue 17/03; closed → Wed 18/03.
  await page.getByLabel('Tribunal').selectOption('')
  await page.getByLabel('Outros dias fechados (opcional)').fill('17/03/2026')
  await calculate(page, '2026-03-09', '5')
  await expect(page.getByTestId('prazo-vencimento')).toHaveText('18/03/2026 (qua)')
})

test('[PRAZOS] bad input is explained in pt-BR next to the field', async ({ page }) => {
  await page.goto('/calculadora-de-prazos')
  await page.getByLabel('Prazo em dias úteis').fill('400')
  await page.getByLabel('Outros dias fechados (opcional)').fill('31/02/2026')
  await page.getByRole('button', { name: 'Calcular prazo' }).click()
  await expect(page.getByText('Informe a data de disponibilização.')).toBeVisible()
  await expect(page.getByText('O prazo deve ser de 1 a 365 dias úteis.')).toBeVisible()
  await expect(page.getByText('Data inválida: “31/02/2026”. Use dd/mm/aaaa.')).toBeVisible()
  await expect(page.getByLabel('Prazo em dias úteis')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText('Preencha os dados acima')).toBeVisible()
})

for (const colorScheme of ['light', 'dark'] as const) {
  test(`[PRAZOS] the calculator with a result is axe clean on a phone (${colorScheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme })
    await page.setViewportSize({ width: 375, height: 812 })
    await page.goto('/calculadora-de-prazos')
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${colorScheme}\\b`))
    expect(await seriousViolations(page)).toEqual([])
    await calculate(page, '2026-03-26', '16')
    await expect(page.getByTestId('prazo-vencimento')).toHaveText('22/04/2026 (qua)')
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    expect(await seriousViolations(page)).toEqual([])
  })
}
