import fs from 'node:fs/promises'
import type { Page } from '@playwright/test'
import {
  expect,
  lawyerData,
  seriousViolations,
  signInThroughForm,
  signUpViaApi,
  test,
} from './accounts.fixtures'

// LGPD (issue 12): 'Baixar meus dados', 'Excluir minha conta' with its 7-day grace and cancel, and a
// client's anonymisation. axe on the card and the dialogs, light and dark, and at 375 px.

async function openPrivacyCard(page: Page) {
  await page.goto('/dashboard/settings')
  // First load of the dashboard chunks on a busy 2-core machine: allow more than the default 7 s.
  const card = page.getByRole('heading', { name: 'Privacidade (LGPD)' })
  await expect(card).toBeVisible({ timeout: 20_000 })
  await card.scrollIntoViewIfNeeded()
  await expect(page.getByRole('button', { name: 'Excluir minha conta' })).toBeVisible({ timeout: 20_000 })
}

async function noHorizontalScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    screen: window.innerWidth,
  }))
  expect(widths.page).toBeLessThanOrEqual(widths.screen)
}

test('[PRIVACY] "Baixar meus dados" downloads a JSON with my data and no secret', async ({ page }) => {
  test.setTimeout(90_000)
  const me = lawyerData({ nomeCompleto: 'Teresa Titular' })
  await signUpViaApi(page.request, me)
  await openPrivacyCard(page)

  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Baixar meus dados' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^meus-dados-jusconecta-\d{4}-\d{2}-\d{2}\.json$/)
  const text = await fs.readFile((await download.path())!, 'utf8')
  const data = JSON.parse(text) as {
    user: { email: string }
    profile: { nomeCompleto: string }
    memberships: { officeNome: string }[]
    sessions: unknown[]
  }
  expect(data.user.email).toBe(me.email)
  expect(data.profile.nomeCompleto).toBe('Teresa Titular')
  expect(data.memberships.map((m) => m.officeNome)).toEqual(['Escritório Teresa Titular'])
  expect(data.sessions.length).toBeGreaterThan(0)
  expect(text).not.toMatch(/"(password|token|secret|backupCodes)"\s*:/)
  await expect(page.getByText('Download iniciado')).toBeVisible()
})

for (const colorScheme of ['light', 'dark'] as const) {
  test(`[PRIVACY] request and cancel account deletion; axe on the card and the dialog (${colorScheme})`, async ({
    page,
  }) => {
    test.setTimeout(120_000)
    await page.emulateMedia({ colorScheme })
    const me = lawyerData({ nomeCompleto: 'Rui Retirante' })
    await signUpViaApi(page.request, me)
    await openPrivacyCard(page)
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${colorScheme}\\b`))
    expect(await seriousViolations(page)).toEqual([])

    await page.getByRole('button', { name: 'Excluir minha conta' }).click()
    const dialog = page.getByRole('dialog', { name: 'Excluir minha conta' })
    await expect(dialog).toBeVisible()
    // His own one-person office closes with the account, and the dialog says so before anything happens.
    await expect(dialog.getByText('Escritório Rui Retirante')).toBeVisible()
    await expect(dialog.getByText(/Usuário removido/)).toBeVisible()
    const confirm = dialog.getByRole('button', { name: 'Agendar exclusão' })
    await expect(confirm).toBeDisabled()
    expect(await seriousViolations(page)).toEqual([])

    await dialog.getByLabel('Senha').fill('senha-errada')
    await confirm.click()
    await expect(dialog.getByText('Senha incorreta.')).toBeVisible()
    await dialog.getByLabel('Senha').fill(me.password)
    await confirm.click()
    await expect(dialog).toBeHidden()
    await expect(page.getByText('Exclusão agendada', { exact: true }).first()).toBeVisible()
    await expect(
      page.getByText(/Sua conta será excluída em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}\./),
    ).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])

    // The grace period keeps the account usable: signing in again recalls the date, and the settings page
    // still offers the cancel.
    await page.context().clearCookies()
    await signInThroughForm(page, me.email, me.password)
    await expect(page.getByText(/Sua conta será excluída em \d{2}\/\d{2}\/\d{4}\.$/)).toBeVisible({
      timeout: 20_000,
    })
    await page.goto('/dashboard/settings')
    await expect(page.getByRole('button', { name: 'Cancelar exclusão' })).toBeVisible({ timeout: 20_000 })
    await page.getByRole('button', { name: 'Cancelar exclusão' }).click()
    await expect(page.getByText('Exclusão cancelada')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Excluir minha conta' })).toBeEnabled()

    // A phone: the card fits 375 px and stays accessible.
    await page.setViewportSize({ width: 375, height: 812 })
    await page.getByRole('heading', { name: 'Privacidade (LGPD)' }).scrollIntoViewIfNeeded()
    await noHorizontalScroll(page)
    await page.getByRole('button', { name: 'Excluir minha conta' }).click()
    await expect(page.getByRole('dialog', { name: 'Excluir minha conta' })).toBeVisible()
    await noHorizontalScroll(page)
    expect(await seriousViolations(page)).toEqual([])
  })
}

test('[PRIVACY] anonymising a client erases it after a typed confirmation', async ({ page }) => {
  test.setTimeout(120_000)
  await signUpViaApi(page.request, lawyerData({ nomeCompleto: 'Sofia Sócia' }))
  const created = await page.request.post('/api/clients', {
    data: {
      nomeCompleto: 'Joaquina Pereira',
      email: 'joaquina@example.com',
      telefone: '(11) 98888-7777',
      tipoPessoa: 'fisica',
      documento: '529.982.247-25',
    },
  })
  expect(created.status()).toBe(201)
  const legalCase = await page.request.post('/api/cases', {
    data: {
      titulo: 'Indenização',
      areaJuridica: 'Civil',
      clientId: ((await created.json()) as { id: string }).id,
    },
  })
  expect(legalCase.status()).toBe(201)

  await page.goto('/dashboard/crm')
  await page.getByRole('button', { name: 'Editar cliente Joaquina Pereira' }).click({ timeout: 20_000 })
  await page.getByRole('button', { name: 'Anonimizar Joaquina Pereira' }).click()
  const step = page.getByRole('group', { name: 'Anonimizar cliente?' })
  await expect(step).toBeVisible()
  await expect(step.getByText(/irreversível/)).toBeVisible()
  const confirmation = step.getByLabel('Digite ANONIMIZAR para confirmar')
  await expect(confirmation).toBeFocused()
  const confirm = step.getByRole('button', { name: 'Anonimizar cliente' })
  await expect(confirm).toBeDisabled()
  expect(await seriousViolations(page)).toEqual([])

  // 'Cancelar' leaves this step only; the edit dialog stays open.
  await step.getByRole('button', { name: 'Cancelar' }).click()
  await expect(step).toBeHidden()
  await expect(page.getByRole('dialog', { name: 'Editar Cliente' })).toBeVisible()
  await page.getByRole('button', { name: 'Anonimizar Joaquina Pereira' }).click()

  await confirmation.fill('anonimizar')
  await expect(confirm).toBeDisabled()
  await confirmation.fill('ANONIMIZAR')
  await confirm.click()
  await expect(page.getByText('Cliente anonimizado', { exact: true }).first()).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)

  const list = page.getByRole('table', { name: /clientes/i })
  await expect(list.getByText('Cliente anonimizado')).toBeVisible()
  await expect(page.getByText('Joaquina Pereira')).toHaveCount(0)
  // The case stays, now under the anonymised client.
  await page.goto('/dashboard/cases')
  await expect(page.getByText('Indenização').first()).toBeVisible({ timeout: 20_000 })
  await expect(page.getByText('Cliente anonimizado').first()).toBeVisible()
})
