import { expect, test } from '@playwright/test'
import { seriousViolations } from './accounts.fixtures'

// axe on the landing page and the 404 page: no serious or critical violation, in both themes.

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme })

    test(`[A11Y] landing page (${colorScheme})`, async ({ page }) => {
      await page.goto('/')
      await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${colorScheme}\\b`))
      // Signed-out buttons shown: the session check is over.
      await expect(page.getByRole('banner').getByRole('link', { name: 'Cadastre-se' })).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
    })

    test(`[A11Y] landing page on a phone with the menu open (${colorScheme})`, async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 812 })
      await page.goto('/')
      await page.getByRole('button', { name: 'Abrir menu' }).click()
      await expect(page.getByRole('navigation', { name: 'Menu' })).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
    })

    test(`[A11Y] 404 page (${colorScheme})`, async ({ page }) => {
      await page.goto('/rota/que/nao/existe')
      await expect(page.getByRole('heading', { name: '404' })).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
    })
  })
}
