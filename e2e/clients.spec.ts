import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import AxeBuilder from '@axe-core/playwright'
import {
  expect,
  request as playwrightRequest,
  test as base,
  type APIRequestContext,
  type Page,
} from '@playwright/test'
import { generateCnj } from '../src/lib/br/cnj'
import { cpfDigits, generateCpf } from '../src/lib/br/cpf'
import { pickSelect } from './accounts.fixtures'

// The CRM page as a lawyer uses it. Sign-up is rate limited (5 a minute per address), so each worker signs
// one lawyer up and its tests share that office; every test names its records with its own random token.

type StorageState = Awaited<ReturnType<APIRequestContext['storageState']>>

function lawyerSignUp(nomeCompleto: string) {
  return {
    userType: 'advogado',
    email: `crm-${randomBytes(5).toString('hex')}@example.com`,
    password: 'senha-segura-123',
    confirmPassword: 'senha-segura-123',
    nomeCompleto,
    telefone: '(11) 98765-4321',
    estadoId: 35,
    cidadeId: 3550308,
    oabNumero: '123456',
    oabEstado: 'SP',
  }
}

/** Signs a new lawyer up through the API and returns the session (cookies) for a browser context. */
async function signUpLawyer(baseURL: string, nomeCompleto: string): Promise<StorageState> {
  const context = await playwrightRequest.newContext({ baseURL })
  try {
    for (let attempt = 0; ; attempt++) {
      const response = await context.post('/api/auth/sign-up', { data: lawyerSignUp(nomeCompleto) })
      if (response.status() === 429 && attempt < 3) {
        // Shared limiter with the other worker: wait for the window to reset.
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
      const baseURL = workerInfo.project.use.baseURL ?? ''
      await provide(await signUpLawyer(baseURL, 'Ana Advogada'))
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  storageState: ({ lawyerState }, provide) => provide(lawyerState),
  // A short random word for record names (letters only, so it also works as a search fragment).
  // eslint-disable-next-line no-empty-pattern
  token: async ({}, provide) => {
    const letters = 'bcdfghjklmnpqrstvwxz'
    await provide(Array.from(randomBytes(6), (byte) => letters[byte % letters.length]).join(''))
  },
})

// Each test is a whole user flow (a dozen screens' worth of steps).
test.describe.configure({ timeout: 60_000 })

async function openCrm(page: Page) {
  await page.goto('/dashboard/crm')
  // The first screen of a fresh context loads the app and checks the session: slow on a busy CI machine.
  await expect(page.getByRole('heading', { level: 1, name: 'CRM Clientes' })).toBeVisible({ timeout: 20_000 })
}

async function searchFor(page: Page, text: string) {
  await page.getByLabel('Buscar clientes').fill(text)
}

const clientRow = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name })

test('[CLIENTS] creates a pessoa física client, validating the CPF, then edits it', async ({
  page,
  token,
}) => {
  const name = `Zélia Conceição ${token}`
  const cpf = generateCpf({ formatted: true })
  await openCrm(page)

  await page.getByRole('button', { name: 'Novo Cliente' }).click()
  const dialog = page.getByRole('dialog', { name: 'Novo Cliente' })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Nome completo').fill(name)
  // Pessoa física by default: the document is a CPF, masked as typed.
  await expect(dialog.getByRole('combobox', { name: 'Tipo de pessoa' })).toHaveText('Pessoa Física')
  await dialog.getByLabel('CPF').fill('12345678900')
  await expect(dialog.getByLabel('CPF')).toHaveValue('123.456.789-00')
  await dialog.getByRole('button', { name: 'Cadastrar' }).click()
  await expect(dialog.getByText('CPF inválido')).toBeVisible()

  await dialog.getByLabel('CPF').fill(cpfDigits(cpf))
  await expect(dialog.getByLabel('CPF')).toHaveValue(cpf)
  await expect(dialog.getByText('CPF inválido')).toBeHidden()
  await expect(dialog.getByLabel('E-mail')).toHaveAttribute('type', 'email')
  await dialog.getByLabel('E-mail').fill(`zelia.${token}@example.com`)
  await dialog.getByLabel('Telefone').fill('11987654321')
  await expect(dialog.getByLabel('Telefone')).toHaveValue('(11) 98765-4321')
  await dialog.getByLabel('Data de nascimento').fill('1980-05-17')
  await dialog.getByLabel('Profissão').fill('Engenheira')
  // The city waits for a state, and a new state clears it.
  const city = dialog.getByRole('combobox', { name: 'Cidade' })
  await expect(city).toBeDisabled()
  await expect(city).toHaveText('Selecione um estado primeiro')
  await pickSelect(page, 'Estado', 'São Paulo (SP)', { exact: true })
  await expect(city).toBeEnabled()
  await city.click()
  await page.getByRole('combobox', { name: 'Buscar cidade...' }).fill('campinas')
  await page.getByRole('option', { name: 'Campinas', exact: true }).click()
  await expect(city).toHaveText('Campinas')
  await dialog.getByLabel('Endereço').fill('Rua das Flores, 100')
  await dialog.getByLabel('CEP').fill('13010000')
  await expect(dialog.getByLabel('CEP')).toHaveValue('13010-000')
  await expect(dialog.getByRole('combobox', { name: 'Status' })).toHaveText('Ativo')
  await dialog.getByRole('button', { name: 'Cadastrar' }).click()

  await expect(page.getByText('Cliente cadastrado')).toBeVisible()
  await expect(dialog).toBeHidden()
  const row = clientRow(page, name)
  await expect(row).toBeVisible()
  // The list shows masked contact data only.
  await expect(row).toContainText(`ze***@example.com`)
  await expect(row).toContainText('(11) *****-4321')
  await expect(row).toContainText(`***.${cpf.slice(4, 7)}.${cpf.slice(8, 11)}-**`)
  await expect(row).toContainText('Campinas/SP')
  await expect(row).toContainText('Pessoa Física')
  await expect(row).toContainText('Ativo')

  // Editing loads the full record (unmasked) and saves with PATCH.
  await page.getByRole('button', { name: `Editar cliente ${name}` }).click()
  const edit = page.getByRole('dialog', { name: 'Editar Cliente' })
  await expect(edit.getByLabel('CPF')).toHaveValue(cpf)
  await expect(edit.getByLabel('E-mail')).toHaveValue(`zelia.${token}@example.com`)
  await expect(edit.getByRole('combobox', { name: 'Cidade' })).toHaveText('Campinas')
  await edit.getByLabel('Profissão').fill('Arquiteta')
  await pickSelect(page, 'Status', 'Suspenso')
  // Changing the state clears the city.
  await pickSelect(page, 'Estado', 'Rio de Janeiro (RJ)', { exact: true })
  await expect(edit.getByRole('combobox', { name: 'Cidade' })).toHaveText('Selecione a cidade')
  await edit.getByRole('combobox', { name: 'Cidade' }).click()
  await page.getByRole('combobox', { name: 'Buscar cidade...' }).fill('niteroi')
  await page.getByRole('option', { name: 'Niterói', exact: true }).click()
  await edit.getByRole('button', { name: 'Salvar' }).click()
  await expect(page.getByText('Cliente atualizado')).toBeVisible()
  await expect(row).toContainText('Niterói/RJ')
  await expect(row).toContainText('Suspenso')
})

test('[CLIENTS] searches on the server by name without accents and by CPF digits, and filters by status', async ({
  page,
  token,
}) => {
  const active = `Joaquim Ação ${token}`
  const inactive = `Joana Inativa ${token}`
  const cpf = generateCpf()
  for (const [nomeCompleto, status, documento] of [
    [active, 'ativo', cpf],
    [inactive, 'inativo', null],
  ] as const) {
    const response = await page.request.post('/api/clients', { data: { nomeCompleto, status, documento } })
    expect(response.status(), await response.text()).toBe(201)
  }
  await openCrm(page)

  await searchFor(page, `joaquim acao ${token}`)
  await expect(clientRow(page, active)).toBeVisible()
  await expect(clientRow(page, inactive)).toBeHidden()
  await expect(page.getByText('Mostrando 1 de 1 clientes')).toBeVisible()

  await searchFor(page, cpf.slice(0, 9))
  await expect(clientRow(page, active)).toBeVisible()
  await expect(page.getByText('Mostrando 1 de 1 clientes')).toBeVisible()

  await searchFor(page, token)
  await expect(clientRow(page, active)).toBeVisible()
  await expect(clientRow(page, inactive)).toBeVisible()
  await pickSelect(page, 'Filtrar por status', 'Inativo')
  await expect(clientRow(page, inactive)).toBeVisible()
  await expect(clientRow(page, active)).toBeHidden()
  await pickSelect(page, 'Filtrar por status', 'Suspenso')
  await expect(page.getByText('Nenhum cliente encontrado.')).toBeVisible()
  await pickSelect(page, 'Filtrar por status', 'Todos')
  await expect(clientRow(page, active)).toBeVisible()
})

test('[CLIENTS] removes at once with Desfazer, and warns with the case count first', async ({
  page,
  token,
}) => {
  const plain = `Paulo Removido ${token}`
  const withCases = `Carla Comcasos ${token}`
  const ids: Record<string, string> = {}
  for (const nomeCompleto of [plain, withCases]) {
    const response = await page.request.post('/api/clients', { data: { nomeCompleto } })
    expect(response.status(), await response.text()).toBe(201)
    ids[nomeCompleto] = ((await response.json()) as { id: string }).id
  }
  for (const titulo of [`Caso A ${token}`, `Caso B ${token}`]) {
    const response = await page.request.post('/api/cases', {
      data: { titulo, areaJuridica: 'Civil', clientId: ids[withCases], numeroProcesso: generateCnj() },
    })
    expect(response.status(), await response.text()).toBe(201)
  }
  await openCrm(page)
  await searchFor(page, token)
  await expect(clientRow(page, withCases)).toContainText('2')

  // No cases: gone at once, and 'Desfazer' brings it back.
  await page.getByRole('button', { name: `Remover cliente ${plain}` }).click()
  await expect(clientRow(page, plain)).toBeHidden()
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Cliente removido' })
  await expect(toast).toBeVisible()
  await toast.getByRole('button', { name: 'Desfazer' }).click()
  await expect(clientRow(page, plain)).toBeVisible()

  // With cases: the count comes first; cancelling keeps it.
  await page.getByRole('button', { name: `Remover cliente ${withCases}` }).click()
  const alert = page.getByRole('alertdialog')
  await expect(alert).toContainText('Este cliente possui 2 caso(s). Os casos serão mantidos com o histórico.')
  await alert.getByRole('button', { name: 'Cancelar' }).click()
  await expect(clientRow(page, withCases)).toBeVisible()
  await page.getByRole('button', { name: `Remover cliente ${withCases}` }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remover' }).click()
  await expect(clientRow(page, withCases)).toBeHidden()
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: 'Cliente removido' }).first(),
  ).toBeVisible()

  // The cases stay, with the client's name.
  const cases = (await (await page.request.get(`/api/cases?search=${token}`)).json()) as {
    items: { clientNome: string | null }[]
  }
  expect(cases.items.map((item) => item.clientNome)).toEqual([withCases, withCases])
  // And after a reload the removed client is still gone (the delete reached the server).
  await page.reload()
  await searchFor(page, token)
  await expect(clientRow(page, plain)).toBeVisible()
  await expect(clientRow(page, withCases)).toBeHidden()
})

test('[CLIENTS] creates a pessoa jurídica client with an alphanumeric CNPJ', async ({ page, token }) => {
  const name = `Empresa Alfa ${token} Ltda`
  await openCrm(page)
  await page.getByRole('button', { name: 'Novo Cliente' }).click()
  const dialog = page.getByRole('dialog', { name: 'Novo Cliente' })
  await dialog.getByLabel('Nome completo').fill(name)
  await expect(dialog.getByLabel('Data de nascimento')).toBeVisible()
  await pickSelect(page, 'Tipo de pessoa', 'Pessoa Jurídica')
  // The label follows tipo_pessoa, and birth date is for pessoa física only.
  await expect(dialog.getByLabel('CNPJ')).toBeVisible()
  // exact: a pessoa jurídica's representative has a 'CPF do representante'.
  await expect(dialog.getByLabel('CPF', { exact: true })).toHaveCount(0)
  await expect(dialog.getByLabel('Data de nascimento')).toHaveCount(0)
  await dialog.getByLabel('CNPJ').fill('12ABC34501DE99')
  await dialog.getByRole('button', { name: 'Cadastrar' }).click()
  await expect(dialog.getByText('CNPJ inválido')).toBeVisible()
  await dialog.getByLabel('CNPJ').fill('12abc34501de35')
  await expect(dialog.getByLabel('CNPJ')).toHaveValue('12.ABC.345/01DE-35')
  await dialog.getByRole('button', { name: 'Cadastrar' }).click()
  await expect(page.getByText('Cliente cadastrado')).toBeVisible()
  const row = clientRow(page, name)
  await expect(row).toContainText('Pessoa Jurídica')
  await expect(row).toContainText('12.***.***/****-35')

  await page.getByRole('button', { name: `Editar cliente ${name}` }).click()
  await expect(page.getByRole('dialog', { name: 'Editar Cliente' }).getByLabel('CNPJ')).toHaveValue(
    '12.ABC.345/01DE-35',
  )
})

test('[CLIENTS] exports the filtered list as a CSV for Excel pt-BR', async ({ page, token }) => {
  const name = `Exportado Silva ${token}`
  const response = await page.request.post('/api/clients', {
    data: { nomeCompleto: name, email: `exp.${token}@example.com` },
  })
  expect(response.status()).toBe(201)
  await openCrm(page)
  await searchFor(page, token)
  await expect(clientRow(page, name)).toBeVisible()
  await expect(page.getByText('Mostrando 1 de 1 clientes')).toBeVisible()

  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Exportar CSV' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/\.csv$/)
  const bytes = await fs.readFile(await download.path())
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  const lines = bytes.subarray(3).toString('utf8').split('\r\n').filter(Boolean)
  expect(lines[0]).toContain(';')
  // Only the filtered client, with its full (unmasked) e-mail.
  expect(lines).toHaveLength(2)
  expect(lines[1]).toContain(name)
  expect(lines[1]).toContain(`exp.${token}@example.com`)
})

test("[CLIENTS] a lawyer of another office doesn't see the first lawyer's clients", async ({
  browser,
  page,
  token,
}, testInfo) => {
  const name = `Sigiloso Cliente ${token}`
  const response = await page.request.post('/api/clients', { data: { nomeCompleto: name } })
  expect(response.status()).toBe(201)
  const { id } = (await response.json()) as { id: string }

  const other = await browser.newContext({
    storageState: await signUpLawyer(testInfo.project.use.baseURL ?? '', 'Bruno Outro'),
  })
  const otherPage = await other.newPage()
  await otherPage.goto('/dashboard/crm')
  await expect(otherPage.getByRole('heading', { level: 1, name: 'CRM Clientes' })).toBeVisible({
    timeout: 20_000,
  })
  await expect(otherPage.getByText('Nenhum cliente encontrado.')).toBeVisible()
  await expect(otherPage.getByTestId('client-stat-total')).toContainText('0')
  await otherPage.getByLabel('Buscar clientes').fill(token)
  await expect(otherPage.getByText('Nenhum cliente encontrado.')).toBeVisible()
  expect((await otherPage.request.get(`/api/clients/${id}`)).status()).toBe(404)
  // Its empty state invites to add the first client.
  await otherPage.getByLabel('Buscar clientes').fill('')
  await otherPage.getByRole('button', { name: 'Cadastrar primeiro cliente' }).click()
  await expect(otherPage.getByRole('dialog', { name: 'Novo Cliente' })).toBeVisible()
  await other.close()
})

test('[CLIENTS] the CRM page passes axe and fits a 375 px phone', async ({ page, token }) => {
  // A long name: the phone layout must truncate it, not widen the page.
  const name = `Acessível Souza de Albuquerque Cavalcanti Pereira Magalhães ${token}`
  const response = await page.request.post('/api/clients', {
    data: { nomeCompleto: name, status: 'suspenso', telefone: '(21) 3456-7890' },
  })
  expect(response.status()).toBe(201)
  await openCrm(page)
  await expect(page.getByRole('table', { name: 'Lista de clientes' })).toBeVisible()
  const serious = (await new AxeBuilder({ page }).analyze()).violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  )
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([])

  await page.getByRole('button', { name: 'Novo Cliente' }).click()
  await expect(page.getByRole('dialog', { name: 'Novo Cliente' })).toBeVisible()
  const dialogViolations = (
    await new AxeBuilder({ page }).include('[role="dialog"]').analyze()
  ).violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
  expect(dialogViolations, JSON.stringify(dialogViolations, null, 2)).toEqual([])
  await page.keyboard.press('Escape')

  // Row actions work from the keyboard, and closing the dialog returns focus to them.
  await searchFor(page, token)
  const editButton = page.getByRole('button', { name: `Editar cliente ${name}` })
  await editButton.focus()
  await page.keyboard.press('Enter')
  const edit = page.getByRole('dialog', { name: 'Editar Cliente' })
  await expect(edit.getByLabel('Nome completo')).toHaveValue(name)
  await page.keyboard.press('Escape')
  await expect(edit).toBeHidden()
  await expect(editButton).toBeFocused()

  // Phones get one card per client instead of the table, without sideways scrolling.
  await page.setViewportSize({ width: 375, height: 800 })
  await searchFor(page, token)
  await expect(page.getByRole('list', { name: 'Lista de clientes' })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Lista de clientes' }).getByRole('listitem')).toHaveCount(1)
  await expect(page.getByRole('button', { name: `Editar cliente ${name}` })).toBeVisible()
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
})
