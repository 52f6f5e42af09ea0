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
import { todayISO } from '../src/lib/br/dates'
import { pickSelect } from './accounts.fixtures'

// The cases page as a lawyer uses it. Sign-up is rate limited (5 a minute per address), so each worker signs
// one lawyer up and its tests share that office; every test names its records with its own random token.

type StorageState = Awaited<ReturnType<APIRequestContext['storageState']>>

async function signUpLawyer(baseURL: string): Promise<StorageState> {
  const context = await playwrightRequest.newContext({ baseURL })
  try {
    for (let attempt = 0; ; attempt++) {
      const response = await context.post('/api/auth/sign-up', {
        data: {
          userType: 'advogado',
          email: `cases-${randomBytes(5).toString('hex')}@example.com`,
          password: 'senha-segura-123',
          confirmPassword: 'senha-segura-123',
          nomeCompleto: 'Carlos Advogado',
          telefone: '(11) 98765-4321',
          estadoId: 35,
          cidadeId: 3550308,
          oabNumero: '654321',
          oabEstado: 'SP',
        },
      })
      if (response.status() === 429 && attempt < 3) {
        // Shared limiter with the other workers: wait for the window to reset.
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
      await provide(await signUpLawyer(workerInfo.project.use.baseURL ?? ''))
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

async function openCases(page: Page) {
  await page.goto('/dashboard/cases')
  // The first screen of a fresh context loads the app and checks the session: slow on a busy CI machine.
  await expect(page.getByRole('heading', { level: 1, name: 'Casos & Processos' })).toBeVisible({
    timeout: 20_000,
  })
}

async function createClient(page: Page, nomeCompleto: string, status = 'ativo') {
  const response = await page.request.post('/api/clients', { data: { nomeCompleto, status } })
  expect(response.status(), await response.text()).toBe(201)
  return ((await response.json()) as { id: string }).id
}

const caseRow = (page: Page, titulo: string) => page.getByRole('row').filter({ hasText: titulo })

test('[CASES] creates a case with a CNJ number, its court and an active client', async ({ page, token }) => {
  const client = `Cliente Ativo ${token}`
  const inactive = `Cliente Inativo ${token}`
  await createClient(page, client)
  await createClient(page, inactive, 'inativo')
  const titulo = `Reclamação trabalhista ${token}`
  await openCases(page)

  await page.getByRole('button', { name: 'Novo Caso' }).click()
  const dialog = page.getByRole('dialog', { name: 'Novo Caso' })
  // Título and área jurídica are required.
  await dialog.getByRole('button', { name: 'Cadastrar' }).click()
  await expect(dialog.getByText('Título é obrigatório')).toBeVisible()
  await expect(dialog.getByText('Selecione a área jurídica')).toBeVisible()
  await dialog.getByLabel('Título').fill(titulo)
  await pickSelect(page, 'Área jurídica', 'Trabalhista')
  await expect(dialog.getByRole('combobox', { name: 'Status' })).toHaveText('Aberto')
  await expect(dialog.getByLabel('Data de início')).toHaveValue(todayISO())

  // The process number is masked as typed and checked as a CNJ number; a valid one shows its court.
  const numero = dialog.getByLabel('Número do processo')
  await numero.fill('00012347220248260100')
  await expect(numero).toHaveValue('0001234-72.2024.8.26.0100')
  await numero.blur()
  await expect(dialog.getByText('Número do processo inválido')).toBeVisible()
  await numero.fill('00012347120248260100')
  await expect(numero).toHaveValue('0001234-71.2024.8.26.0100')
  await expect(dialog.getByText('TJSP — Justiça Estadual')).toBeVisible()
  await expect(dialog.getByText('Número do processo inválido')).toBeHidden()

  await expect(dialog.getByLabel('Valor da causa')).toHaveAttribute('step', '0.01')
  await dialog.getByLabel('Valor da causa').fill('15000.5')
  // The conclusion can't come before the start.
  await dialog.getByLabel('Data de início').fill('2024-03-10')
  await dialog.getByLabel('Data de conclusão').fill('2024-03-01')
  await dialog.getByRole('button', { name: 'Cadastrar' }).click()
  await expect(dialog.getByText('Data de conclusão não pode ser anterior à data de início')).toBeVisible()
  await dialog.getByLabel('Data de conclusão').fill('')
  await expect(dialog.getByText('Data de conclusão não pode ser anterior à data de início')).toBeHidden()
  await dialog.getByLabel('Vara').fill('2ª Vara do Trabalho')

  // The client picker searches active clients only.
  await dialog.getByRole('combobox', { name: 'Cliente' }).click()
  await page.getByRole('combobox', { name: 'Buscar cliente ativo...' }).fill(token)
  await expect(page.getByRole('option', { name: client })).toBeVisible()
  await expect(page.getByRole('option', { name: inactive })).toHaveCount(0)
  await page.getByRole('option', { name: client }).click()
  await expect(dialog.getByRole('combobox', { name: 'Cliente' })).toHaveText(client)
  await dialog.getByRole('button', { name: 'Cadastrar' }).click()

  await expect(page.getByText('Caso cadastrado')).toBeVisible()
  await expect(dialog).toBeHidden()
  const row = caseRow(page, titulo)
  await expect(row).toContainText('0001234-71.2024.8.26.0100')
  await expect(row).toContainText('TJSP')
  await expect(row).toContainText('Trabalhista')
  await expect(row).toContainText('Aberto')
  await expect(row).toContainText(/R\$\s15\.000,50/)
  await expect(row).toContainText('10/03/2024')
  await expect(row).toContainText(client)

  // Search by process number digits and by area; filter by status.
  const search = page.getByLabel('Buscar casos')
  const onlyOne = page.getByText('Mostrando 1 de 1 casos')
  await search.fill('00012347120248260100')
  await expect(onlyOne).toBeVisible()
  await expect(row).toBeVisible()
  await search.fill(`${token} trabalhista`)
  await expect(onlyOne).toBeVisible()
  await expect(row).toBeVisible()
  await search.fill(token)
  await pickSelect(page, 'Filtrar por status', 'Em Andamento')
  await expect(page.getByText('Nenhum caso encontrado.')).toBeVisible()

  // Edit: the status moves freely.
  await pickSelect(page, 'Filtrar por status', 'Todos')
  await page.getByRole('button', { name: `Editar caso ${titulo}` }).click()
  const edit = page.getByRole('dialog', { name: 'Editar Caso' })
  await expect(edit.getByLabel('Número do processo')).toHaveValue('0001234-71.2024.8.26.0100')
  await expect(edit.getByRole('combobox', { name: 'Cliente' })).toHaveText(client)
  await pickSelect(page, 'Status', 'Em Andamento')
  await edit.getByRole('button', { name: 'Salvar' }).click()
  await expect(page.getByText('Caso atualizado')).toBeVisible()
  await pickSelect(page, 'Filtrar por status', 'Em Andamento')
  await expect(row).toContainText('Em Andamento')
})

test('[CASES] saves empty optional values as null, and removes with Desfazer', async ({ page, token }) => {
  const titulo = `Inventário ${token}`
  await openCases(page)
  await page.getByRole('button', { name: 'Novo Caso' }).click()
  const dialog = page.getByRole('dialog', { name: 'Novo Caso' })
  await dialog.getByLabel('Título').fill(titulo)
  await pickSelect(page, 'Área jurídica', 'Família')
  await dialog.getByRole('button', { name: 'Cadastrar' }).click()
  await expect(page.getByText('Caso cadastrado')).toBeVisible()
  const row = caseRow(page, titulo)
  await expect(row).toContainText('Sem cliente')

  const list = (await (await page.request.get(`/api/cases?search=${token}`)).json()) as {
    items: { id: string }[]
  }
  expect(list.items).toHaveLength(1)
  const record = (await (await page.request.get(`/api/cases/${list.items[0]?.id}`)).json()) as Record<
    string,
    unknown
  >
  expect(record).toMatchObject({
    numeroProcesso: null,
    descricao: null,
    valorCausa: null,
    dataConclusao: null,
    tribunal: null,
    vara: null,
    observacoes: null,
    clientId: null,
    status: 'aberto',
    dataInicio: todayISO(),
  })

  await page.getByRole('button', { name: `Remover caso ${titulo}` }).click()
  await expect(row).toBeHidden()
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Caso removido' })
  await toast.getByRole('button', { name: 'Desfazer' }).click()
  await expect(row).toBeVisible()
  await page.reload()
  await expect(caseRow(page, titulo)).toBeVisible()
})

test('[CASES] exports the filtered list as a CSV for Excel pt-BR', async ({ page, token }) => {
  const titulo = `Execução fiscal ${token}`
  const response = await page.request.post('/api/cases', {
    data: { titulo, areaJuridica: 'Tributário', valorCausa: 1234.5, numeroProcesso: generateCnj() },
  })
  expect(response.status(), await response.text()).toBe(201)
  await openCases(page)
  await page.getByLabel('Buscar casos').fill(token)
  await expect(caseRow(page, titulo)).toBeVisible()
  await expect(page.getByText('Mostrando 1 de 1 casos')).toBeVisible()

  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Exportar CSV' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/\.csv$/)
  const bytes = await fs.readFile(await download.path())
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  const lines = bytes.subarray(3).toString('utf8').split('\r\n').filter(Boolean)
  expect(lines[0]).toContain(';')
  expect(lines).toHaveLength(2)
  expect(lines[1]).toContain(titulo)
  expect(lines[1]).toMatch(/1\.234,50/)
})

test('[CASES] the cases page passes axe and fits a 375 px phone', async ({ page, token }) => {
  // A long title: the phone layout must truncate it, not widen the page.
  const titulo = `Ação acessível de indenização por danos morais e materiais contra a operadora ${token}`
  const response = await page.request.post('/api/cases', {
    data: { titulo, areaJuridica: 'Consumidor', status: 'concluido', numeroProcesso: generateCnj() },
  })
  expect(response.status(), await response.text()).toBe(201)
  await openCases(page)
  await expect(page.getByRole('table', { name: 'Lista de casos' })).toBeVisible()
  const serious = (await new AxeBuilder({ page }).analyze()).violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  )
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([])

  await page.getByRole('button', { name: 'Novo Caso' }).click()
  await expect(page.getByRole('dialog', { name: 'Novo Caso' })).toBeVisible()
  const inDialog = (await new AxeBuilder({ page }).include('[role="dialog"]').analyze()).violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  )
  expect(inDialog, JSON.stringify(inDialog, null, 2)).toEqual([])
  await page.keyboard.press('Escape')

  await page.setViewportSize({ width: 375, height: 800 })
  await page.getByLabel('Buscar casos').fill(token)
  const cards = page.getByRole('list', { name: 'Lista de casos' })
  await expect(cards.getByRole('listitem')).toHaveCount(1)
  await expect(page.getByRole('button', { name: `Editar caso ${titulo}` })).toBeVisible()
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
})
