import { randomBytes } from 'node:crypto'
import { expect, request, test, type APIRequestContext, type Browser } from '@playwright/test'
import { lawyerSignUp } from '../src/test/accounts'
import { ownAddress, seriousViolations, signInAsConfirmedMaster } from './accounts.fixtures'

// Issue 14: /admin/users blocks and unblocks (the blocked user's session ends and sign-in is refused),
// /admin/moderation approves an OAB verification request; axe on the three screens, as the master.

const baseURL = `http://localhost:${process.env.E2E_PORT ?? 3100}`
const suffix = randomBytes(3).toString('hex')
const victim = lawyerSignUp({
  email: `mod-b-${suffix}@example.com`,
  nomeCompleto: `Bruno Bloqueio ${suffix}`,
})
const lawyer = lawyerSignUp({ email: `mod-v-${suffix}@example.com`, nomeCompleto: `Vera Verifica ${suffix}` })
const PDF = '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'

type StorageState = Awaited<ReturnType<APIRequestContext['storageState']>>
let masterState: StorageState
let victimApi: APIRequestContext

async function contextFor(browser: Browser, width = 1280) {
  return browser.newContext({
    baseURL,
    storageState: masterState,
    viewport: { width, height: 900 },
    extraHTTPHeaders: ownAddress(),
  })
}

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(120_000)
  victimApi = await request.newContext({ baseURL, extraHTTPHeaders: ownAddress() })
  expect((await victimApi.post('/api/auth/sign-up', { data: victim })).status()).toBe(201)
  const lawyerApi = await request.newContext({ baseURL, extraHTTPHeaders: ownAddress() })
  expect((await lawyerApi.post('/api/auth/sign-up', { data: lawyer })).status()).toBe(201)
  const sent = await lawyerApi.post('/api/network/verification', {
    headers: { 'content-type': 'application/octet-stream' },
    data: Buffer.from(PDF),
  })
  expect(sent.status(), await sent.text()).toBe(201)
  await lawyerApi.dispose()
  const masterApi = await request.newContext({ baseURL, extraHTTPHeaders: ownAddress() })
  await signInAsConfirmedMaster(masterApi)
  masterState = { cookies: (await masterApi.storageState()).cookies, origins: [] }
  await masterApi.dispose()
})

test.afterAll(async () => {
  await victimApi.dispose()
})

test('[ADMIN-MOD] blocks a user from /admin/users (session ends, sign-in refused) and unblocks', async ({
  browser,
}) => {
  expect((await victimApi.get('/api/me')).status()).toBe(200)
  const context = await contextFor(browser)
  const page = await context.newPage()
  await page.goto('/admin/users')
  await page.getByLabel('Buscar por nome').fill(victim.nomeCompleto)
  const row = page.getByTestId('user-row').filter({ hasText: victim.nomeCompleto })
  await expect(row).toHaveCount(1)
  await row.getByRole('button', { name: `Bloquear: ${victim.nomeCompleto}` }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText('Todas as sessões deste usuário serão encerradas agora')
  await dialog.getByRole('button', { name: 'Bloquear' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Informe o motivo do bloqueio.')
  await dialog.getByLabel('Motivo do bloqueio').fill('Perfil falso')
  await dialog.getByRole('button', { name: 'Bloquear' }).click()
  await expect(page.getByText('Usuário bloqueado', { exact: true })).toBeVisible()
  await expect(row).toContainText('Bloqueado')

  // The victim's session ended at once and a new sign-in is refused in pt-BR.
  expect((await victimApi.get('/api/me')).status()).toBe(401)
  const refused = await victimApi.post('/api/auth/sign-in/email', {
    data: { email: victim.email, password: victim.password },
  })
  expect(refused.status()).toBe(403)
  expect((await refused.json()).error.message).toBe(
    'Sua conta está bloqueada pela administração da plataforma. Entre em contato com o suporte.',
  )

  // The block shows in /admin/moderation's Bloqueados tab; unblocking from /admin/users restores sign-in.
  await page.goto('/admin/moderation')
  await page.getByRole('tab', { name: 'Bloqueados' }).click()
  await expect(page.getByTestId('blocked-row').filter({ hasText: victim.nomeCompleto })).toContainText(
    'Perfil falso',
  )
  await page.goto('/admin/users')
  await page.getByLabel('Buscar por nome').fill(victim.nomeCompleto)
  await row.getByRole('button', { name: `Desbloquear: ${victim.nomeCompleto}` }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Desbloquear' }).click()
  await expect(page.getByText('Usuário desbloqueado', { exact: true })).toBeVisible()
  const again = await victimApi.post('/api/auth/sign-in/email', {
    data: { email: victim.email, password: victim.password },
  })
  expect(again.status()).toBe(200)
  await context.close()
})

test('[ADMIN-MOD] approves an OAB request in /admin/moderation; the public profile shows it verified', async ({
  browser,
}) => {
  const context = await contextFor(browser)
  const page = await context.newPage()
  await page.goto('/admin/moderation')
  await expect(page.getByRole('heading', { name: /Moderação/ })).toBeVisible()
  await expect(page.getByTestId('moderation-pendentes')).toContainText(/[1-9]/)
  const row = page.getByTestId('pending-row').filter({ hasText: lawyer.nomeCompleto })
  await expect(row).toContainText('Aguardando')
  await row.getByRole('button', { name: `Aprovar: ${lawyer.nomeCompleto}` }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Aprovar' }).click()
  await expect(page.getByText('Verificação aprovada', { exact: true })).toBeVisible()
  await expect(row).toHaveCount(0)

  await page.getByRole('tab', { name: 'Histórico' }).click()
  const decided = page.getByTestId('history-row').filter({ hasText: lawyer.nomeCompleto }).first()
  await expect(decided).toContainText('Verificação da OAB: Aprovada')
  await expect(decided).toContainText('Concluído')
  await page.getByRole('tab', { name: 'Denúncias' }).click()
  await expect(page.getByText('Nenhuma denúncia ativa no momento')).toBeVisible()

  const profiles = await page.request.get(
    `/api/admin/profiles?search=${encodeURIComponent(lawyer.nomeCompleto)}&by=name`,
  )
  const slug = ((await profiles.json()) as { items: { slug: string }[] }).items[0]?.slug
  const publicProfile = await page.request.get(`/api/directory/profiles/${slug}`)
  expect(((await publicProfile.json()) as { verified: boolean }).verified).toBe(true)
  await context.close()
})

test('[ADMIN-MOD] /admin/moderation, /admin/users and /admin/profiles pass axe, also at 375 px', async ({
  browser,
}) => {
  // Three pages × two widths of axe: on 2 busy cores that is more than the default 30 s.
  test.setTimeout(90_000)
  for (const width of [1280, 375]) {
    const context = await contextFor(browser, width)
    const page = await context.newPage()
    await page.goto('/admin/moderation')
    await expect(page.getByTestId('moderation-resolvidos')).toContainText(/\d/)
    await page.getByRole('tab', { name: 'Histórico' }).click()
    await expect(page.getByTestId('history-row').first()).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
    if (width === 375)
      await page.screenshot({ path: 'test-results/admin-moderation-375.png', fullPage: true })
    await page.goto('/admin/users')
    await expect(page.getByTestId('user-row').first()).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
    await page.screenshot({ path: `test-results/admin-moderation-users-${width}.png` })
    await page.goto('/admin/profiles')
    await expect(page.getByTestId('profile-row').first()).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
    await page
      .getByRole('button', { name: /^Editar perfil: / })
      .first()
      .click()
    await expect(page.getByRole('dialog')).toContainText('Editar perfil')
    expect(await seriousViolations(page)).toEqual([])
    await context.close()
  }
})
