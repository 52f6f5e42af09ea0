import net from 'node:net'
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

/** { data: 'YYYY-MM-DD', hora: 'HH:MM' } of an instant in São Paulo (what the event form asks for). */
function spWall(instant: Date) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Sao_Paulo',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  )
  return { data: `${parts.year}-${parts.month}-${parts.day}`, hora: `${parts.hour}:${parts.minute}` }
}

const isStream = (response: { url(): string }) => response.url().endsWith('/api/notifications/stream')

test('[NOTIFICATIONS] an event reminder arrives live, survives a reload and stays read', async ({ page }) => {
  // The form takes whole minutes, so the reminder is due on the next minute boundary that leaves time to
  // fill the form: up to ~70 s away (the production runner polls every 5 s on top).
  test.setTimeout(150_000)
  await signUpViaApi(page.context().request, lawyerData())
  const streamOpen = page.waitForResponse(isStream)
  await page.goto('/dashboard/schedule')
  await expect(page.getByRole('heading', { level: 1, name: 'Agenda & Prazos' })).toBeVisible({
    timeout: 20_000,
  })
  expect((await streamOpen).status()).toBe(200)
  await expect(badge(page)).toHaveText('1')

  const dueAt = Math.ceil((Date.now() + 10_000) / 60_000) * 60_000
  const event = spWall(new Date(dueAt + 15 * 60_000))
  await page.getByRole('button', { name: 'Novo Evento' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Novo Evento' })
  await dialog.getByLabel('Título').fill('Audiência de instrução')
  await dialog.getByLabel('Data').fill(event.data)
  await dialog.getByLabel('Hora').fill(event.hora)
  await dialog.getByRole('combobox', { name: 'Lembrete', exact: true }).click()
  await page.getByRole('option', { name: '15 min antes', exact: true }).click()
  await dialog.getByRole('button', { name: 'Salvar Evento' }).click()
  await expect(dialog).toBeHidden()
  expect(Date.now(), 'the event was saved before its reminder was due').toBeLessThan(dueAt)

  // No reload: the bell counts it when the reminder fires, not before.
  await expect(badge(page)).toHaveText('2', { timeout: dueAt - Date.now() + 15_000 })
  const latency = Date.now() - dueAt
  expect(latency).toBeGreaterThanOrEqual(-1_000)
  test.info().annotations.push({ type: 'reminder latency after due (ms)', description: String(latency) })
  const title = 'Lembrete: Audiência de instrução'
  await trigger(page).click()
  const item = page.getByRole('dialog').getByRole('listitem').filter({ hasText: title })
  await expect(item).toContainText(
    `Audiência em ${event.data.split('-').reverse().join('/')} às ${event.hora}.`,
  )
  await expect(item).toHaveAttribute('data-read', 'false')

  // Persisted: after a reload it is still there and unread; marked read, it stays read.
  await page.reload()
  await expect(badge(page)).toHaveText('2', { timeout: 20_000 })
  await trigger(page).click()
  await page
    .getByRole('dialog')
    .getByRole('button', { name: `Marcar "${title}" como lida` })
    .click()
  await expect(badge(page)).toHaveText('1')
  await page.reload()
  await expect(badge(page)).toHaveText('1', { timeout: 20_000 })
  await trigger(page).click()
  const reloaded = page.getByRole('dialog').getByRole('listitem').filter({ hasText: title })
  await expect(reloaded).toHaveAttribute('data-read', 'true')
  await expect(page.getByRole('dialog').getByRole('listitem').filter({ hasText: WELCOME })).toHaveAttribute(
    'data-read',
    'false',
  )
})

/**
 * A TCP relay between the page and the server whose connections can be cut, as a network drop cuts them.
 * (context.setOffline alone does not: Chromium's offline emulation fails new requests but leaves an open
 * EventSource response streaming, so changes kept arriving "offline".)
 */
async function startRelay(targetPort: number) {
  const sockets = new Set<net.Socket>()
  const track = (socket: net.Socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => socket.destroy())
  }
  const server = net.createServer((client) => {
    const upstream = net.connect({ host: 'localhost', port: targetPort })
    track(client)
    track(upstream)
    client.pipe(upstream).pipe(client)
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, resolve))
  return {
    url: `http://localhost:${(server.address() as net.AddressInfo).port}`,
    /** Destroys every open connection (the browser's stream among them). */
    cut: () => {
      for (const socket of sockets) socket.destroy()
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

test('[NOTIFICATIONS] after a network drop the stream reconnects and the page catches up without reload', async ({
  page,
  baseURL,
}) => {
  await signUpViaApi(page.context().request, lawyerData())
  // The page talks to the server through the relay (cookies are per host, not per port: the session holds).
  const relay = await startRelay(Number(new URL(baseURL!).port))
  try {
    const streamOpen = page.waitForResponse(isStream)
    await page.goto(`${relay.url}/dashboard`)
    await expect(page.getByRole('heading', { level: 1, name: /^Bem-vindo, / })).toBeVisible({
      timeout: 20_000,
    })
    expect((await streamOpen).status()).toBe(200)
    await expect(badge(page)).toHaveText('1')
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true))

    // The network goes away: the browser reports offline (new requests fail) and open connections die.
    await page.context().setOffline(true)
    relay.cut()
    // Meanwhile the user's other device marks everything read (Playwright's API client, straight to the
    // server: not behind the page's network).
    const readAll = await page.context().request.post('/api/notifications/read-all')
    expect(readAll.status()).toBe(200)
    // Online, this change reaches an open stream within 2 s; with the stream cut, nothing arrives.
    await page.waitForTimeout(3_000)
    await expect(badge(page)).toHaveText('1')

    // Back online: the stream reconnects by itself and the page refetches what it missed.
    const reopened = page.waitForResponse(isStream, { timeout: 15_000 })
    await page.context().setOffline(false)
    expect((await reopened).status()).toBe(200)
    await expect(badge(page)).toHaveCount(0, { timeout: 5_000 })
    await expect(trigger(page)).toHaveAccessibleName('Notificações (nenhuma não lida)')
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    )
  } finally {
    await relay.close()
  }
})
