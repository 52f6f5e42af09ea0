import { randomBytes } from 'node:crypto'
import AxeBuilder from '@axe-core/playwright'
import sharp from 'sharp'
import {
  expect,
  request as playwrightRequest,
  test as base,
  type APIRequestContext,
  type Page,
} from '@playwright/test'
import { pickSelect } from './accounts.fixtures'

// The profile page as a lawyer and a student use it. Sign-up is rate limited (5 a minute per address), so
// each worker signs one lawyer up and its tests (which run one after another) share that profile; every
// test writes its own random values and checks those.

type StorageState = Awaited<ReturnType<APIRequestContext['storageState']>>

const baseSignUp = () => ({
  email: `perfil-${randomBytes(5).toString('hex')}@example.com`,
  password: 'senha-segura-123',
  confirmPassword: 'senha-segura-123',
  telefone: '(11) 98765-4321',
  estadoId: 35,
  cidadeId: 3550308,
})

const lawyer = () => ({
  ...baseSignUp(),
  userType: 'advogado',
  nomeCompleto: 'Ana Advogada',
  oabNumero: '123456',
  oabEstado: 'SP',
})
const student = () => ({
  ...baseSignUp(),
  userType: 'estudante',
  nomeCompleto: 'Eva Estudante',
  universidade: 'Universidade de São Paulo',
  periodoCurso: 7,
})

/** Signs up through the API; the session cookie ends up in the returned storage state. */
async function signUp(baseURL: string, body: Record<string, unknown>): Promise<StorageState> {
  const context = await playwrightRequest.newContext({ baseURL })
  try {
    for (let attempt = 0; ; attempt++) {
      const response = await context.post('/api/auth/sign-up', { data: body })
      if (response.status() === 429 && attempt < 3) {
        const wait = Number(response.headers()['retry-after'] ?? '20')
        await new Promise((resolve) => setTimeout(resolve, (wait + 1) * 1000))
        continue
      }
      expect(response.status(), await response.text()).toBe(201)
      return await context.storageState()
    }
  } finally {
    await context.dispose()
  }
}

const test = base.extend<{ token: string }, { lawyerState: StorageState }>({
  lawyerState: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide, workerInfo) => {
      await provide(await signUp(workerInfo.project.use.baseURL ?? '', lawyer()))
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  storageState: ({ lawyerState }, provide) => provide(lawyerState),
  // eslint-disable-next-line no-empty-pattern
  token: async ({}, provide) => {
    const letters = 'bcdfghjklmnpqrstvwxz'
    await provide(Array.from(randomBytes(6), (byte) => letters[byte % letters.length]).join(''))
  },
})

async function openProfile(page: Page) {
  await page.goto('/dashboard/profile')
  await expect(page.getByRole('heading', { level: 1, name: 'Meu Perfil' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Editar', exact: true })).toBeVisible()
}

async function pickCombobox(page: Page, label: string, search: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click()
  await page.getByRole('combobox', { name: 'Buscar...' }).fill(search)
  await page.getByRole('option', { name: option, exact: true }).click()
}

const region = (page: Page, name: string) => page.getByRole('region', { name })

test('[PROFILE] a lawyer edits the profile and it persists across a reload', async ({ page, token }) => {
  await openProfile(page)
  await page.getByRole('button', { name: 'Editar', exact: true }).click()

  const name = `Ana ${token}`
  await page.getByLabel('Nome completo *').fill(name)
  await page.getByLabel('Telefone').fill('21987654321')
  await expect(page.getByLabel('Telefone')).toHaveValue('(21) 98765-4321')
  await pickCombobox(page, 'Estado', 'Rio de', 'Rio de Janeiro')
  // A new state clears the city.
  await expect(page.getByRole('combobox', { name: 'Cidade', exact: true })).toHaveText(/Selecione a cidade/)
  await pickCombobox(page, 'Cidade', 'Niter', 'Niterói')

  await page.getByRole('tab', { name: 'Profissional' }).click()
  await page.getByLabel('Anos de experiência').fill('12')
  await page.getByLabel('Bio profissional').fill(`Bio ${token}`)
  await page.getByRole('tab', { name: 'Serviços' }).click()
  await page.getByLabel('Honorários mínimos (R$)').fill('1.500,50')
  await page.getByLabel('Honorários máximos (R$)').fill('abc') // invalid → 0 … then min > max
  await page.getByRole('button', { name: 'Salvar', exact: true }).click()
  await expect(page.getByText('O valor mínimo não pode ser maior que o máximo.')).toBeVisible()
  await page.getByLabel('Honorários máximos (R$)').fill('3000')
  await page.getByRole('tab', { name: 'Configurações' }).click()
  await page.getByLabel('LinkedIn').fill(`https://www.linkedin.com/in/${token}`)
  await page.getByRole('button', { name: 'Salvar', exact: true }).click()

  await expect(page.getByText('Perfil atualizado!')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Editar', exact: true })).toBeVisible()

  await page.reload()
  await expect(page.getByRole('tab', { name: 'Pessoal' })).toBeVisible()
  const personal = region(page, 'Dados pessoais')
  await expect(personal.getByText(name, { exact: true })).toBeVisible()
  await expect(personal.getByText('(21) 98765-4321')).toBeVisible()
  await expect(personal.getByText('Rio de Janeiro (RJ)')).toBeVisible()
  await expect(personal.getByText('Niterói')).toBeVisible()
  await page.getByRole('tab', { name: 'Profissional' }).click()
  await expect(page.getByText('12 anos')).toBeVisible()
  await expect(page.getByText(`Bio ${token}`)).toBeVisible()
  await page.getByRole('tab', { name: 'Serviços' }).click()
  await expect(page.getByText('R$\u00a01.500,50 a R$\u00a03.000,00')).toBeVisible()
  await page.getByRole('tab', { name: 'Configurações' }).click()
  await expect(page.getByRole('link', { name: `https://www.linkedin.com/in/${token}` })).toBeVisible()
})

test('[PROFILE] Cancelar discards the changes', async ({ page, token }) => {
  await openProfile(page)
  const before = await region(page, 'Dados pessoais').locator('dd').first().textContent()
  await page.getByRole('button', { name: 'Editar', exact: true }).click()
  await page.getByLabel('Nome completo *').fill(`Descartado ${token}`)
  await page.getByRole('button', { name: 'Cancelar', exact: true }).click()
  await expect(page.getByRole('button', { name: 'Editar', exact: true })).toBeVisible()
  await expect(page.getByText(`Descartado ${token}`)).toHaveCount(0)
  await page.reload()
  await expect(region(page, 'Dados pessoais').locator('dd').first()).toHaveText(before ?? '')
})

test('[PROFILE] a lawyer adds, edits and removes a practice area and a language', async ({ page }) => {
  await openProfile(page)
  await page.getByRole('tab', { name: 'Profissional' }).click()

  const areas = region(page, 'Áreas de atuação')
  await expect(areas.getByText('Nenhuma área de atuação cadastrada.')).toBeVisible()
  await areas.getByRole('button', { name: /Adicionar/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Adicionar área de atuação' })
  await pickSelect(page, 'Área *', 'Tributário')
  await dialog.getByLabel('Área principal').check()
  await dialog.getByRole('button', { name: 'Salvar' }).click()
  await expect(page.getByText('Item adicionado')).toBeVisible()
  await expect(areas.getByRole('listitem')).toHaveCount(1)
  await expect(areas.getByRole('listitem').first()).toContainText('Tributário')
  await expect(areas.getByRole('listitem').first()).toContainText('Principal')

  await areas.getByRole('button', { name: 'Editar Tributário' }).click()
  await pickSelect(page, 'Área *', 'Propriedade Intelectual')
  await page.getByRole('dialog').getByRole('button', { name: 'Salvar' }).click()
  await expect(page.getByText('Item atualizado')).toBeVisible()
  await expect(areas.getByRole('listitem').first()).toContainText('Propriedade Intelectual')

  await areas.getByRole('button', { name: 'Remover Propriedade Intelectual' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Remover este item?' })
  await expect(confirm).toContainText('Propriedade Intelectual')
  await confirm.getByRole('button', { name: 'Remover' }).click()
  await expect(page.getByText('Item removido')).toBeVisible()
  await expect(areas.getByText('Nenhuma área de atuação cadastrada.')).toBeVisible()

  const languages = region(page, 'Idiomas')
  await languages.getByRole('button', { name: /Adicionar/ }).click()
  const languageDialog = page.getByRole('dialog', { name: 'Adicionar idioma' })
  await languageDialog.getByRole('button', { name: 'Salvar' }).click()
  await expect(languageDialog.getByText('Idioma é obrigatório')).toBeVisible()
  await languageDialog.getByLabel('Idioma *').fill('Inglês')
  await pickSelect(page, 'Nível *', 'Avançado')
  await languageDialog.getByRole('button', { name: 'Salvar' }).click()
  await expect(languages.getByRole('listitem').first()).toContainText('Inglês')
  await expect(languages.getByRole('listitem').first()).toContainText('Avançado')

  await languages.getByRole('button', { name: 'Editar Inglês' }).click()
  await pickSelect(page, 'Nível *', 'Fluente')
  await page.getByRole('dialog').getByRole('button', { name: 'Salvar' }).click()
  await expect(languages.getByRole('listitem').first()).toContainText('Fluente')

  await page.reload()
  await page.getByRole('tab', { name: 'Profissional' }).click()
  await expect(region(page, 'Idiomas').getByRole('listitem').first()).toContainText('Fluente')
  await region(page, 'Idiomas').getByRole('button', { name: 'Remover Inglês' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remover' }).click()
  await expect(region(page, 'Idiomas').getByText('Nenhum idioma cadastrado.')).toBeVisible()
})

test('[PROFILE] a success case that identifies the client is refused', async ({ page }) => {
  await openProfile(page)
  await page.getByRole('tab', { name: 'Portfólio' }).click()
  const cases = region(page, 'Casos de sucesso')
  await expect(cases.getByText(/Não inclua dados que identifiquem o cliente/)).toBeVisible()
  await cases.getByRole('button', { name: /Adicionar/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Adicionar caso de sucesso' })
  await dialog.getByLabel('Título *').fill('Acordo trabalhista')
  await pickSelect(page, 'Área *', 'Trabalhista')
  await dialog.getByLabel('Descrição').fill('Processo 0001234-71.2024.8.26.0100')
  await dialog.getByRole('button', { name: 'Salvar' }).click()
  await expect(
    dialog.getByText('Não inclua dados que identifiquem o cliente (CPF, CNPJ ou número de processo).'),
  ).toBeVisible()
  await dialog.getByLabel('Descrição').fill('Acordo em audiência de conciliação.')
  await dialog.getByRole('button', { name: 'Salvar' }).click()
  await expect(cases.getByRole('listitem').first()).toContainText('Acordo trabalhista')
})

test('[PROFILE] a lawyer uploads and removes an avatar', async ({ page }) => {
  await openProfile(page)
  const photo = await sharp({
    create: { width: 400, height: 300, channels: 3, background: { r: 20, g: 90, b: 160 } },
  })
    .png()
    .toBuffer()

  const fileInput = page.getByLabel('Escolher foto de perfil')
  await fileInput.setInputFiles({ name: 'nota.png', mimeType: 'image/png', buffer: Buffer.from('texto') })
  await expect(page.getByText('Erro no upload')).toBeVisible()
  await expect(page.getByText('Por favor, selecione apenas arquivos de imagem.')).toBeVisible()

  await fileInput.setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: photo })
  await expect(page.getByText('Avatar atualizado!')).toBeVisible()
  const image = page.getByRole('img', { name: /Foto de perfil de/ })
  await expect(image).toBeVisible()
  expect(await image.getAttribute('src')).toMatch(/^\/api\/files\/avatars\/[\w-]{24}\.webp$/)
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256)

  await page.reload()
  await expect(page.getByRole('img', { name: /Foto de perfil de/ })).toBeVisible()
  await page.getByRole('button', { name: 'Remover foto' }).click()
  await expect(page.getByText('Avatar removido')).toBeVisible()
  await expect(page.getByRole('img', { name: /Foto de perfil de/ })).toHaveCount(0)
})

test('[PROFILE] works on a 375px phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 })
  await openProfile(page)
  const portfolio = page.getByRole('tab', { name: 'Portfólio' })
  await portfolio.scrollIntoViewIfNeeded()
  await portfolio.click()
  await expect(region(page, 'Publicações')).toBeVisible()
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(width).toBeLessThanOrEqual(375)
})

test('[A11Y] profile page has no serious or critical axe violation', async ({ page }) => {
  await openProfile(page)
  const serious = async () => {
    const { violations } = await new AxeBuilder({ page }).analyze()
    return violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(({ id, help, nodes }) => ({ id, help, targets: nodes.map((node) => node.target) }))
  }
  expect(await serious()).toEqual([])
  await page.getByRole('tab', { name: 'Profissional' }).click()
  await expect(region(page, 'Idiomas')).toBeVisible()
  expect(await serious()).toEqual([])
  await region(page, 'Idiomas')
    .getByRole('button', { name: /Adicionar/ })
    .click()
  await expect(page.getByRole('dialog', { name: 'Adicionar idioma' })).toBeVisible()
  expect(await serious()).toEqual([])
  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: 'Editar', exact: true }).click()
  await expect(page.getByLabel('Número da OAB')).toBeVisible()
  expect(await serious()).toEqual([])
})

test('[PROFILE] the city waits for a state', async ({ page }) => {
  await page.goto('/dashboard/profile')
  const cleared = await page.request.patch('/api/profile', { data: { estadoId: null, cidadeId: null } })
  expect(cleared.status()).toBe(200)
  await openProfile(page)
  await page.getByRole('button', { name: 'Editar', exact: true }).click()
  const city = page.getByRole('combobox', { name: 'Cidade', exact: true })
  await expect(city).toBeDisabled()
  await expect(city).toHaveText('Selecione um estado primeiro')
  await pickCombobox(page, 'Estado', 'Bahia', 'Bahia')
  await expect(city).toBeEnabled()
  await pickCombobox(page, 'Cidade', 'Salvador', 'Salvador')
  await page.getByRole('button', { name: 'Salvar', exact: true }).click()
  await expect(page.getByText('Perfil atualizado!')).toBeVisible()
  await expect(region(page, 'Dados pessoais').getByText('Salvador')).toBeVisible()
})

test.describe('student', () => {
  test.use({ storageState: { cookies: [], origins: [] } })

  test('[PROFILE] a student sees and edits their own fields, without lawyer tabs', async ({
    page,
    baseURL,
  }) => {
    const state = await signUp(baseURL ?? '', student())
    await page.context().addCookies(state.cookies)
    await openProfile(page)
    await expect(page.getByRole('tab')).toHaveCount(0)
    const academic = region(page, 'Dados acadêmicos')
    await expect(academic.getByText('Universidade de São Paulo')).toBeVisible()
    await expect(academic.getByText('7º período')).toBeVisible()
    await expect(academic.getByText('Estudante')).toBeVisible()

    await page.getByRole('button', { name: 'Editar', exact: true }).click()
    await page.getByLabel('Universidade').fill('UFRJ')
    await pickSelect(page, 'Nº Período', '9')
    await page.getByRole('button', { name: 'Salvar', exact: true }).click()
    await expect(page.getByText('Perfil atualizado!')).toBeVisible()
    await page.reload()
    await expect(region(page, 'Dados acadêmicos').getByText('UFRJ')).toBeVisible()
    await expect(region(page, 'Dados acadêmicos').getByText('9º período')).toBeVisible()
  })
})
