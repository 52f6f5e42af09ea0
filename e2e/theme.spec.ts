import { expect, test } from '@playwright/test'

// Theme provider (spec §2): light, dark or system, default system, kept under 'jusconecta-theme'.

test('[THEME] dark stays dark after a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' })
  await page.goto('/')
  const html = page.locator('html')
  await expect(html).toHaveClass(/\blight\b/)
  const theme = page.getByRole('group', { name: 'Tema' })
  await expect(theme.getByRole('button', { name: 'Sistema' })).toHaveAttribute('aria-pressed', 'true')

  await theme.getByRole('button', { name: 'Escuro' }).click()
  await expect(html).toHaveClass(/\bdark\b/)
  await expect(theme.getByRole('button', { name: 'Escuro' })).toHaveAttribute('aria-pressed', 'true')
  expect(await page.evaluate(() => localStorage.getItem('jusconecta-theme'))).toBe('dark')

  await page.reload()
  await expect(html).toHaveClass(/\bdark\b/)
  await expect(page.getByRole('button', { name: 'Escuro' })).toHaveAttribute('aria-pressed', 'true')

  // Other pages of the app honour the same choice.
  await page.goto('/pagina/inexistente')
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible()
  await expect(html).toHaveClass(/\bdark\b/)
})

test('[THEME] light overrides a dark system, and system follows the system', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.goto('/')
  const html = page.locator('html')
  await expect(html).toHaveClass(/\bdark\b/) // default: system

  await page.getByRole('button', { name: 'Claro' }).click()
  await expect(html).toHaveClass(/\blight\b/)
  await page.reload()
  await expect(html).toHaveClass(/\blight\b/)

  await page.getByRole('button', { name: 'Sistema' }).click()
  await expect(html).toHaveClass(/\bdark\b/)
  await page.emulateMedia({ colorScheme: 'light' })
  await expect(html).toHaveClass(/\blight\b/)
  expect(await page.evaluate(() => localStorage.getItem('jusconecta-theme'))).toBe('system')
})
