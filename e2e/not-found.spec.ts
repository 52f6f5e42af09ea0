import { expect, test } from '@playwright/test'

test('[SHELL] an unknown path shows the 404 page with a link home', async ({ page }) => {
  await page.goto('/caminho/que/nao/existe')
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible()
  await expect(page.getByText('Oops! Page not found')).toBeVisible()
  await page.getByRole('link', { name: 'Return to Home' }).click()
  await expect(page).toHaveURL('/')
})

test('[SHELL] unknown /api and /assets paths answer 404, not the SPA', async ({ request }) => {
  const api = await request.get('/api/nada')
  expect(api.status()).toBe(404)
  expect(await api.json()).toEqual({ error: { code: 'not_found', message: 'Rota não encontrada.' } })
  const asset = await request.get('/assets/nada.js')
  expect(asset.status()).toBe(404)
  const robots = await request.get('/robots.txt')
  expect(await robots.text()).toContain('User-agent: *')
})
