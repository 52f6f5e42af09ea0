import type { Page } from '@playwright/test'
import { E2E_MASTER_EMAIL } from '../playwright.config'
import {
  expect,
  lawyerData,
  seriousViolations,
  signInAsConfirmedMaster,
  signUpViaApi,
  studentData,
  test,
  toast,
} from './accounts.fixtures'

// The dashboard layout and home of spec §2: session guard, header, sidebar by role (Ctrl/Cmd+B, cookie,
// mobile sheet), notifications, theme, 'Atualizar', 'Sair'.

const sidebar = (page: Page) => page.locator('[data-slot="sidebar"]')
const groupHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true })

async function openDashboardAs(page: Page, data: Record<string, unknown>) {
  await signUpViaApi(page.context().request, data)
  await page.goto('/dashboard')
  await expect(page.getByRole('heading', { level: 1, name: /^Bem-vindo, / })).toBeVisible()
}

test('[DASHBOARD] without a session /dashboard and its pages send to /auth', async ({ page }) => {
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/auth$/)
  await page.goto('/dashboard/crm')
  await expect(page).toHaveURL(/\/auth$/)
})

test('[DASHBOARD] a lawyer sees the header, the office groups, counters and an active link', async ({
  page,
}) => {
  await openDashboardAs(page, lawyerData({ nomeCompleto: 'Lia Layout' }))
  await expect(page.getByText('JusConecta - Dashboard')).toBeVisible()
  for (const group of ['Menu Principal', 'Gestão do Escritório', 'Administração do Escritório']) {
    await expect(groupHeading(page, group)).toBeVisible()
  }
  await expect(groupHeading(page, 'Gestão do Sistema')).toHaveCount(0)
  const nav = page.getByRole('navigation', { name: 'Menu do painel' })
  for (const name of [
    'Dashboard',
    'Perfil',
    'Configurações',
    'CRM Clientes',
    'Casos & Processos',
    'Documentos',
    'Agenda & Prazos',
    'Financeiro',
    'Equipe',
    'Relatórios',
    'Gestão de Equipe',
    'Analytics',
    'Configurações Avançadas',
    'Backup de Dados',
  ]) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible()
  }
  await expect(nav.getByRole('link', { name: 'Dashboard', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  )

  // Home: badges, counters (real counts: a new office has no case), empty activity, profile info.
  await expect(page.getByText('Perfil completo')).toBeVisible()
  await expect(page.getByText('Super Admin')).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'Debug' })).toHaveCount(0)
  const counters = page.getByRole('region', { name: 'Resumo' })
  await expect(counters.getByText('Documentos')).toBeVisible()
  await expect(counters).toContainText('Casos0')
  // A new account has one unread notification: the welcome (issue 9).
  await expect(counters).toContainText('Notificações1')
  await expect(page.getByText('Nenhuma atividade recente')).toBeVisible()
  // The schedule shortcut shows the next event (issue 9); a new office has none.
  await expect(page.getByRole('link', { name: 'Agenda & Prazos Nenhum evento próximo' })).toBeVisible()

  // Following a link moves the highlight; keyboard works too.
  await nav.getByRole('link', { name: 'Perfil', exact: true }).click()
  await expect(page).toHaveURL(/\/dashboard\/profile$/)
  await expect(nav.getByRole('link', { name: 'Perfil', exact: true })).toHaveAttribute('aria-current', 'page')
  await expect(nav.getByRole('link', { name: 'Dashboard', exact: true })).not.toHaveAttribute('aria-current')
  await nav.getByRole('link', { name: 'Dashboard', exact: true }).focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/dashboard$/)
})

test('[DASHBOARD] a student sees only the main menu and the student panel', async ({ page }) => {
  await openDashboardAs(page, studentData())
  await expect(groupHeading(page, 'Menu Principal')).toBeVisible()
  await expect(groupHeading(page, 'Gestão do Escritório')).toHaveCount(0)
  await expect(groupHeading(page, 'Administração do Escritório')).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'Painel do Estudante' })).toBeVisible()
  await expect(page.getByText('Nenhuma candidatura ainda')).toBeVisible() // real panel since issue 13
})

test('[DASHBOARD] the superadmin sees the system group, the debug card and the role badge', async ({
  page,
}) => {
  // Superadmin only once the master address is confirmed through the mailed link (issue 7).
  await signInAsConfirmedMaster(page.context().request)
  await page.goto('/dashboard')
  await expect(groupHeading(page, 'Gestão do Sistema')).toBeVisible()
  const nav = page.getByRole('navigation', { name: 'Menu do painel' })
  const system = nav.getByRole('region', { name: 'Gestão do Sistema' })
  await expect(system.getByRole('link')).toHaveCount(10)
  await expect(system.getByRole('link', { name: 'Usuários' })).toHaveAttribute('href', '/admin/users')
  await expect(page.getByRole('heading', { name: 'Debug' })).toBeVisible()
  await expect(page.getByText(E2E_MASTER_EMAIL).first()).toBeVisible()
  await expect(page.getByText('Super Admin', { exact: true })).toBeVisible()
})

test('[DASHBOARD] Ctrl+B collapses the sidebar to icons, and the state survives a reload', async ({
  page,
}) => {
  await openDashboardAs(page, lawyerData())
  await expect(sidebar(page)).toHaveAttribute('data-state', 'expanded')
  expect((await sidebar(page).boundingBox())?.width).toBeCloseTo(256, 0)

  await page.keyboard.press('Control+b')
  await expect(sidebar(page)).toHaveAttribute('data-state', 'collapsed')
  await expect.poll(async () => (await sidebar(page).boundingBox())?.width).toBeCloseTo(48, 0)
  const cookie = (await page.context().cookies()).find((c) => c.name === 'sidebar_state')
  expect(cookie?.value).toBe('false')
  const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400
  expect(days).toBeGreaterThan(6.9)
  expect(days).toBeLessThanOrEqual(7)

  await page.reload()
  await expect(sidebar(page)).toHaveAttribute('data-state', 'collapsed')
  // Collapsed to icons: the label shows as a tooltip.
  await page.getByRole('link', { name: 'Perfil', exact: true }).hover()
  await expect(page.getByRole('tooltip', { name: 'Perfil' })).toBeVisible()

  await page.getByRole('button', { name: 'Alternar barra lateral (Ctrl+B)' }).click()
  await expect(sidebar(page)).toHaveAttribute('data-state', 'expanded')
  await page.keyboard.press('Meta+b')
  await expect(sidebar(page)).toHaveAttribute('data-state', 'collapsed')
})

test('[DASHBOARD] on a phone the sidebar is an 18rem sheet that closes after navigating', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 })
  await openDashboardAs(page, lawyerData())
  await expect(page.getByRole('navigation', { name: 'Menu do painel' })).toHaveCount(0)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)

  await page.getByRole('button', { name: 'Alternar barra lateral (Ctrl+B)' }).click()
  const sheet = page.getByRole('dialog', { name: 'Menu do painel' })
  await expect(sheet).toBeVisible()
  expect((await sheet.boundingBox())?.width).toBeCloseTo(288, 0)
  await sheet.getByRole('link', { name: 'Configurações', exact: true }).click()
  await expect(page).toHaveURL(/\/dashboard\/settings$/)
  await expect(sheet).toBeHidden()
})

test('[DASHBOARD] notifications: unread badge, mark read, remove', async ({ page }) => {
  // Real notifications (issue 9): a new account has the welcome one; e2e/notifications.spec.ts covers the rest.
  await openDashboardAs(page, lawyerData())
  const trigger = page.getByRole('button', { name: /^Notificações \(/ })
  await expect(trigger).toHaveAccessibleName('Notificações (1 não lida)')
  await expect(page.getByTestId('notifications-badge')).toHaveText('1')
  await trigger.click()
  const panel = page.getByRole('dialog')
  await expect(panel.getByRole('listitem')).toHaveCount(1)

  await panel.getByRole('button', { name: 'Marcar "Bem-vindo ao JusConecta!" como lida' }).click()
  await expect(page.getByTestId('notifications-badge')).toHaveCount(0)
  await expect(trigger).toHaveAccessibleName('Notificações (nenhuma não lida)')
  await expect(panel.getByRole('button', { name: 'Marcar todas como lidas' })).toBeDisabled()
  // The home counter reads the same list.
  await page.keyboard.press('Escape')
  await expect(page.getByRole('region', { name: 'Resumo' })).toContainText('Notificações0')

  await trigger.click()
  await page.getByRole('dialog').getByRole('button', { name: 'Remover "Bem-vindo ao JusConecta!"' }).click()
  await expect(page.getByRole('dialog').getByText('Nenhuma notificação')).toBeVisible()
})

test('[DASHBOARD] theme switch: Claro, Escuro, Sistema', async ({ page }) => {
  await openDashboardAs(page, lawyerData())
  const html = page.locator('html')
  await page.getByRole('button', { name: /^Alterar tema/ }).click()
  await page.getByRole('menuitemradio', { name: 'Escuro' }).click()
  await expect(html).toHaveClass(/\bdark\b/)
  await page.reload()
  await expect(html).toHaveClass(/\bdark\b/)
  await page.getByRole('button', { name: /^Alterar tema/ }).click()
  await expect(page.getByRole('menuitemradio', { name: 'Escuro' })).toHaveAttribute('aria-checked', 'true')
  await page.getByRole('menuitemradio', { name: 'Claro' }).click()
  await expect(html).toHaveClass(/\blight\b/)
  await page.getByRole('button', { name: /^Alterar tema/ }).click()
  await page.getByRole('menuitemradio', { name: 'Sistema' }).click()
  expect(await page.evaluate(() => localStorage.getItem('jusconecta-theme'))).toBe('system')
})

test("[DASHBOARD] 'Atualizar' refetches the user; 'Sair' signs out with the spec toasts", async ({
  page,
}) => {
  await openDashboardAs(page, lawyerData())
  const me = page.waitForResponse((response) => response.url().endsWith('/api/me'))
  await page.getByRole('button', { name: 'Atualizar' }).click()
  expect((await me).status()).toBe(200)
  await expect(toast(page, 'Cache atualizado')).toBeVisible()

  // A failing sign-out keeps the user in and shows the server's message.
  await page.route('**/api/auth/sign-out', (route) =>
    route.fulfill({
      status: 500,
      json: { message: 'Servidor indisponível', error: { code: 'x', message: 'Servidor indisponível' } },
    }),
  )
  await page.getByRole('button', { name: 'Sair' }).click()
  await expect(toast(page, 'Erro ao sair')).toContainText('Servidor indisponível')
  await expect(page).toHaveURL(/\/dashboard$/)
  await page.unroute('**/api/auth/sign-out')

  await page.getByRole('button', { name: 'Sair' }).click()
  await expect(toast(page, 'Logout realizado')).toContainText('Até breve!')
  await expect(page).toHaveURL(/\/$/)
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/auth$/)
})

test('[DASHBOARD] axe finds no serious or critical violation on /dashboard (light and dark, collapsed)', async ({
  page,
}) => {
  await openDashboardAs(page, lawyerData())
  await expect(page.getByRole('link', { name: /^CRM Clientes Nenhum/ })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.keyboard.press('Control+b')
  await page.emulateMedia({ colorScheme: 'dark' })
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  expect(await seriousViolations(page)).toEqual([])
  await page.getByRole('button', { name: /^Notificações \(/ }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
})
