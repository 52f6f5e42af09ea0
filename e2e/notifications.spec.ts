import type { Page } from '@playwright/test'
import { expect, lawyerData, signUpViaApi, test } from './accounts.fixtures'

// Issue 9 "Notifications are real" and "Real time": persisted per user, live over Server-Sent Events.

const WELCOME = 'Bem-vindo ao JusConecta!'
const trigger = (page: Page) => page.getByRole('button', { name: /^Notificações \(/ })
const badge = (page: Page) => page.getByTestId('notifications-badge')

async function openDashboard(page: Page) {
  await page.goto('/dashboard')
  await expect(page.getByRole('heading', { level: 1, name: /^Bem-vindo, / })).toBeVisible()
}

test('[NOTIFICATIONS] a new lawyer sees the welcome notification with next steps', async ({ page }) => {
  await signUpViaApi(page.context().request, lawyerData({ nomeCompleto: 'Nina Notificada' }))
  await openDashboard(page)
  await expect(badge(page)).toHaveText('1')
  await expect(page.getByRole('region', { name: 'Resumo' })).toContainText('Notificações1')
  await trigger(page).click()
  const item = page.getByRole('dialog').getByRole('listitem')
  await expect(item).toHaveCount(1)
  await expect(item).toContainText(WELCOME)
  await expect(item).toContainText('Próximos passos')
  await expect(item.locator('time')).toHaveText(/agora|minuto/)
  await expect(item).toHaveAttribute('data-read', 'false')
})

test('[NOTIFICATIONS] changes in one tab reach the other live, and read state survives reload', async ({
  page,
}) => {
  await signUpViaApi(page.context().request, lawyerData())
  const other = await page.context().newPage()
  await openDashboard(page)
  // Tab 2's stream is subscribed once its response has begun (the server subscribes before answering).
  const streamOpen = other.waitForResponse((response) => response.url().endsWith('/api/notifications/stream'))
  await openDashboard(other)
  expect((await streamOpen).status()).toBe(200)
  await expect(badge(page)).toHaveText('1')
  await expect(badge(other)).toHaveText('1')

  // Mark all read in tab 1: tab 2's badge clears without reload.
  await trigger(page).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Marcar todas como lidas' }).click()
  await expect(badge(page)).toHaveCount(0)
  await expect(badge(other)).toHaveCount(0, { timeout: 2_000 })
  await expect(trigger(other)).toHaveAccessibleName('Notificações (nenhuma não lida)')
  await expect(other.getByRole('region', { name: 'Resumo' })).toContainText('Notificações0')

  // Read state is persisted: after a reload the item is still read.
  await other.reload()
  await expect(other.getByRole('heading', { level: 1, name: /^Bem-vindo, / })).toBeVisible()
  await trigger(other).click()
  const item = other.getByRole('dialog').getByRole('listitem')
  await expect(item).toContainText(WELCOME)
  await expect(item).toHaveAttribute('data-read', 'true')
  await expect(badge(other)).toHaveCount(0)

  // Remove in tab 2: the item leaves tab 1's list, still open since mark-all-read, live.
  await expect(page.getByRole('dialog').getByRole('listitem')).toHaveCount(1)
  await other
    .getByRole('dialog')
    .getByRole('button', { name: `Remover "${WELCOME}"` })
    .click()
  await expect(other.getByRole('dialog').getByText('Nenhuma notificação')).toBeVisible()
  await expect(page.getByRole('dialog').getByText('Nenhuma notificação')).toBeVisible({ timeout: 2_000 })
})

test('[NOTIFICATIONS] another user never sees them', async ({ page, browser }) => {
  await signUpViaApi(page.context().request, lawyerData())
  await openDashboard(page)
  await trigger(page).click()
  await expect(page.getByRole('dialog').getByRole('listitem')).toHaveCount(1)
  const response = await page.context().request.get('/api/notifications')
  const { items } = (await response.json()) as { items: { id: string }[] }

  const stranger = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '10.9.9.9' } })
  await signUpViaApi(stranger.request, lawyerData())
  expect((await stranger.request.post(`/api/notifications/${items[0]!.id}/read`)).status()).toBe(404)
  expect((await stranger.request.delete(`/api/notifications/${items[0]!.id}`)).status()).toBe(404)
  await stranger.close()
  await page.reload()
  await expect(badge(page)).toHaveText('1')
})
