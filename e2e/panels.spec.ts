import type { APIRequestContext, Page } from '@playwright/test'
import {
  PASSWORD,
  SAO_PAULO,
  expect,
  seriousViolations,
  signUpViaApi,
  studentData,
  test,
  uniqueEmail,
} from './accounts.fixtures'

// Issue 13, PANELS: the entity panel, the entity's public page and the student panel, on real data.

function entityData(nomeEntidade: string) {
  return {
    userType: 'entidade',
    email: uniqueEmail('ent'),
    password: PASSWORD,
    confirmPassword: PASSWORD,
    nomeCompleto: 'Paula Responsável',
    telefone: '(11) 98765-4321',
    ...SAO_PAULO,
    nomeEntidade,
    cnpj: '11.222.333/0001-81',
    tipoEntidade: 'escritorio',
  }
}

const JOB = {
  tipo: 'Estágio',
  nivel: 'Estudante',
  modalidade: 'Híbrido',
  estado: 'SP',
  cidadeId: SAO_PAULO.cidadeId,
  salario: 'R$ 1.800,00',
  descricao: 'Apoio às rotinas do contencioso cível e pesquisa de jurisprudência.',
}

async function createJobViaApi(request: APIRequestContext, titulo: string) {
  const response = await request.post('/api/jobs', { data: { ...JOB, titulo } })
  expect(response.status(), await response.text()).toBe(201)
  return ((await response.json()) as { id: string }).id
}

/** A tiny but real PDF (the server sniffs the content). */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
)

async function expectNoSeriousViolations(page: Page) {
  expect(await seriousViolations(page)).toEqual([])
}

test('[PANELS] an entity publishes a job: its panel counts it and its public page lists it', async ({
  page,
}) => {
  const nome = `Silva Associados ${Date.now().toString(36)}`
  await signUpViaApi(page.context().request, entityData(nome))
  await page.goto('/dashboard')
  const panel = page.getByRole('region', { name: 'Painel da Entidade' })
  await expect(page.getByRole('heading', { name: 'Painel da Entidade' })).toBeVisible()
  await expect(panel.getByText('Nenhuma vaga aberta', { exact: true })).toBeVisible()
  await expect(panel.getByText('Nenhuma candidatura ainda')).toBeVisible()
  await expectNoSeriousViolations(page)

  // 'Nova Vaga' is JOBS's dialog; the panel refreshes itself when it publishes.
  const titulo = 'Estágio em Direito Civil'
  await panel.getByRole('button', { name: 'Nova Vaga' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Nova Vaga' })
  await dialog.getByLabel('Título *').fill(titulo)
  await dialog.getByLabel('Tipo *').selectOption('Estágio')
  await dialog.getByLabel('Nível *').selectOption('Estudante')
  await dialog.getByLabel('Modalidade *').selectOption('Híbrido')
  await dialog.getByLabel('Estado').selectOption('SP')
  await dialog.getByLabel('Descrição *').fill(JOB.descricao)
  await dialog.getByRole('button', { name: 'Publicar vaga' }).click()
  await expect(dialog).toBeHidden()
  const openJobs = panel.getByRole('region', { name: 'Vagas abertas' })
  await expect(openJobs.getByRole('link', { name: titulo })).toBeVisible()
  await expect(openJobs.getByText('0 candidaturas')).toBeVisible()
  await expectNoSeriousViolations(page)

  await panel.getByRole('link', { name: 'Ver página pública' }).click()
  await expect(page).toHaveURL(/\/entidades\/silva-associados-[a-z0-9-]+$/)
  await expect(page.getByRole('heading', { level: 1, name: nome })).toBeVisible()
  await expect(page.getByText('Escritório', { exact: true })).toBeVisible()
  await expect(page.getByRole('link', { name: titulo })).toHaveAttribute('href', /^\/vagas\/[0-9a-f-]{36}$/)
  await expect(page.getByText('1 vaga aberta')).toBeVisible()
  // Nothing personal on a public page: not the person who registered it, not the CNPJ, not the phone.
  await expect(page.locator('body')).not.toContainText('Paula')
  await expect(page.locator('body')).not.toContainText('11.222.333')
  await expect(page.locator('body')).not.toContainText('98765')
  expect(await page.title()).toContain(nome)
  await expectNoSeriousViolations(page)

  await page.setViewportSize({ width: 375, height: 800 })
  await page.screenshot({ path: test.info().outputPath('entity-page-375.png'), fullPage: true })
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)
  expect(overflow).toBe(false)

  // The landing's 'Entidades & Instituições' shows the real entity, linking to its page.
  const entityUrl = new URL(page.url()).pathname
  await page.goto('/#instituicoes')
  const section = page.locator('#instituicoes')
  const card = section.getByRole('link', { name: `Ver Entidade: ${nome}` })
  await expect(card).toHaveAttribute('href', entityUrl)
  await expect(
    section.getByRole('listitem').filter({ has: page.getByRole('link', { name: `Ver Entidade: ${nome}` }) }),
  ).toContainText('1 vaga aberta')
  await section.screenshot({ path: test.info().outputPath('landing-entities-375.png') })
  await card.click()
  await expect(page.getByRole('heading', { level: 1, name: nome })).toBeVisible()

  // The server answers a shared link with the entity's title; an unknown entity is a 404.
  const html = await (await page.context().request.get(new URL(page.url()).pathname)).text()
  expect(html).toContain(`<title>${nome.replace(/&/g, '&#38;')} — Escritório`)
  expect((await page.context().request.get('/entidades/nao-existe-000')).status()).toBe(404)
  await page.goto('/entidades/nao-existe-000')
  await expect(page.getByText('Entidade não encontrada')).toBeVisible()
})

test('[PANELS] a student sees the recommended job, applies and follows the status', async ({
  page,
  browser,
}) => {
  // The entity publishes from its own browser context.
  const entityContext = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '10.9.8.7' } })
  await signUpViaApi(entityContext.request, entityData('Costa Advocacia'))
  const titulo = `Estágio Trabalhista ${Date.now().toString(36)}`
  const jobId = await createJobViaApi(entityContext.request, titulo)

  await signUpViaApi(page.context().request, studentData())
  await page.goto('/dashboard')
  const panel = page.getByRole('region', { name: 'Painel do Estudante' })
  await expect(page.getByRole('heading', { name: 'Painel do Estudante' })).toBeVisible()
  await expect(panel.getByText('Nenhuma candidatura ainda')).toBeVisible()
  const recommended = panel.getByRole('region', { name: 'Vagas recomendadas' })
  await expect(recommended.getByRole('link', { name: titulo })).toBeVisible()
  await expect(panel.getByRole('progressbar', { name: 'Completude do perfil' })).toBeVisible()
  await expectNoSeriousViolations(page)

  // Apply through JOBS's job page: CV as PDF and a cover letter.
  await recommended.getByRole('link', { name: titulo }).click()
  await expect(page).toHaveURL(new RegExp(`/vagas/${jobId}$`))
  await page.getByRole('button', { name: 'Candidatar-se' }).click()
  const apply = page.getByRole('dialog', { name: 'Candidatar-se' })
  await apply.getByLabel('Currículo (PDF)').setInputFiles({
    name: 'curriculo.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  })
  await apply.getByLabel('Carta de apresentação').fill('Tenho interesse em direito do trabalho.')
  await apply.getByRole('button', { name: 'Enviar candidatura' }).click()
  await expect(apply).toBeHidden()

  await page.goto('/dashboard')
  const applications = panel.getByRole('region', { name: 'Minhas candidaturas' })
  await expect(applications.getByRole('link', { name: titulo })).toBeVisible()
  await expect(applications.getByText('Recebida', { exact: true })).toBeVisible()
  // Applied: no longer recommended.
  await expect(recommended.getByRole('link', { name: titulo })).toHaveCount(0)
  await expectNoSeriousViolations(page)

  // The entity sees it in its panel and moves it with JOBS's dialog; the student's panel follows.
  const entityPage = await entityContext.newPage()
  await entityPage.goto('/dashboard')
  const entityPanel = entityPage.getByRole('region', { name: 'Painel da Entidade' })
  const recent = entityPanel.getByRole('region', { name: 'Candidaturas recentes' })
  await expect(recent.getByText('Bia Estudante')).toBeVisible()
  await expect(recent.getByText('Recebida', { exact: true })).toBeVisible()
  const openJobs = entityPanel.getByRole('region', { name: 'Vagas abertas' })
  await expect(openJobs.getByText('1 candidatura', { exact: true })).toBeVisible()
  await expect(openJobs.getByText('1 nova', { exact: true })).toBeVisible()
  await expectNoSeriousViolations(entityPage)
  await entityPage.screenshot({ path: test.info().outputPath('entity-panel-desktop.png'), fullPage: true })
  await entityPage.setViewportSize({ width: 375, height: 800 })
  await entityPage.screenshot({ path: test.info().outputPath('entity-panel-375.png'), fullPage: true })
  expect(await entityPage.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(
    false,
  )

  await openJobs.getByRole('button', { name: 'Ver candidaturas (1)' }).click()
  const dialog = entityPage.getByRole('dialog')
  await dialog.getByLabel('Situação').selectOption('em_analise')
  await expect(
    entityPage.locator('[data-sonner-toast]').filter({ hasText: 'Situação atualizada' }),
  ).toBeVisible()
  await entityPage.keyboard.press('Escape')
  await expect(recent.getByText('Em análise', { exact: true })).toBeVisible()

  await page.reload()
  await expect(applications.getByText('Em análise', { exact: true })).toBeVisible()

  await page.setViewportSize({ width: 375, height: 800 })
  await page.screenshot({ path: test.info().outputPath('student-panel-375.png'), fullPage: true })
  await entityContext.close()
})
