import { expect, seriousViolations, studentData, test, toast } from './accounts.fixtures'
import {
  applyThroughJobPage,
  entityData,
  moveApplication,
  newUserPage,
  publishThroughDashboard,
  visitorPage,
} from './jobs.fixtures'

// Issue 13, JOBS: an entity publishes a job from its dashboard ('Nova Vaga'), the job shows on the landing
// and on /vagas, a student applies with a PDF, the entity moves the application, the student sees it.

test('[JOBS] entity publishes, the job is listed, a student applies, the entity moves it', async ({
  browser,
}) => {
  // Three accounts, three browsers and four axe runs: longer than the 30 s default on a loaded CI machine.
  test.slow()
  const suffix = Date.now().toString(36)
  const titulo = `Estágio em Contencioso Cível ${suffix}`
  const entity = await newUserPage(browser, entityData(`Moura Advogados ${suffix}`))
  const jobId = await publishThroughDashboard(entity, titulo)

  // The landing (outside the router) loads the newest jobs after its first paint.
  const visitor = await visitorPage(browser)
  await visitor.goto('/')
  const section = visitor.locator('#vagas')
  await expect(section.getByRole('heading', { name: titulo })).toBeVisible()
  // Scoped to this job's card: other specs (and a retry of this one) publish with the same salary.
  const card = section.getByRole('article').filter({ has: visitor.getByRole('heading', { name: titulo }) })
  await expect(card.getByText('Bolsa de R$ 1.900,00 + VT')).toBeVisible()
  await section.getByRole('link', { name: 'Ver Todas as Vagas' }).click()
  await expect(visitor).toHaveURL(/\/vagas$/)
  await expect(visitor.getByRole('heading', { level: 1, name: 'Vagas & Estágios' })).toBeVisible()
  await visitor.getByLabel('Buscar por cargo ou empresa').fill(`contencioso civel ${suffix}`)
  await visitor.getByLabel('Tipo').selectOption('Estágio')
  await visitor.getByRole('button', { name: 'Filtrar' }).click()
  await expect(visitor).toHaveURL(/tipo=Est/)
  await expect(visitor.getByRole('article')).toHaveCount(1)
  expect(await seriousViolations(visitor)).toEqual([])
  await visitor.getByRole('link', { name: `Ver vaga: ${titulo}` }).click()
  await expect(visitor).toHaveURL(new RegExp(`/vagas/${jobId}$`))
  await expect(visitor.getByRole('heading', { level: 1, name: titulo })).toBeVisible()
  // The publishing entity links to its public page (PANELS's /entidades/:slug).
  await expect(visitor.getByRole('link', { name: `Moura Advogados ${suffix}` })).toHaveAttribute(
    'href',
    /^\/entidades\/moura-advogados-[a-z0-9-]+$/,
  )
  await expect(visitor.getByRole('link', { name: 'Entre para se candidatar' })).toBeVisible()
  expect(await seriousViolations(visitor)).toEqual([])
  // The server writes the job's title and Open Graph tags into the HTML it serves.
  const html = await (await visitor.request.get(`/vagas/${jobId}`)).text()
  expect(html).toContain(`<title>${titulo} — Moura Advogados ${suffix} | JusConecta</title>`)
  expect(html).toContain('property="og:title"')

  await visitor.screenshot({ path: 'test-results/jobs-page-desktop.png', fullPage: true })
  const phone = await visitorPage(browser, 375)
  await phone.goto('/vagas')
  await expect(phone.getByRole('article').first()).toBeVisible()
  await phone.screenshot({ path: 'test-results/jobs-list-375.png', fullPage: true })
  await phone.goto(`/vagas/${jobId}`)
  await expect(phone.getByRole('heading', { level: 1, name: titulo })).toBeVisible()
  await phone.screenshot({ path: 'test-results/jobs-page-375.png', fullPage: true })

  const student = await newUserPage(browser, studentData({ nomeCompleto: `Bia Candidata ${suffix}` }))
  await applyThroughJobPage(student, jobId)

  await moveApplication(entity, titulo, `Bia Candidata ${suffix}`, 'Em análise')

  await entity.screenshot({ path: test.info().outputPath('applications-dialog.png') })
  await entity.keyboard.press('Escape')
  await entity.setViewportSize({ width: 375, height: 800 })
  await entity.screenshot({ path: test.info().outputPath('entity-dashboard-375.png'), fullPage: true })

  await student.reload()
  await expect(student.getByText('Você se candidatou: Em análise')).toBeVisible()
  const mine = (await (await student.context().request.get('/api/notifications')).json()) as {
    items: { title: string; message: string }[]
  }
  expect(mine.items.map((item) => item.message)).toContain(
    `Sua candidatura para "${titulo}" agora está: Em análise.`,
  )
})

test('[JOBS] a closed job is gone from the list and its page is a pt-BR 404', async ({ browser }) => {
  const suffix = Date.now().toString(36)
  const titulo = `Trainee Jurídico ${suffix}`
  const entity = await newUserPage(browser, entityData(`Instituto Lumen ${suffix}`))
  const created = await entity.context().request.post('/api/jobs', {
    data: {
      titulo,
      tipo: 'Trainee',
      nivel: 'Recém-formado',
      modalidade: 'Remoto',
      remoto: true,
      descricao: 'Programa de 12 meses.',
    },
  })
  expect(created.status()).toBe(201)
  const { id } = (await created.json()) as { id: string }
  await entity.goto('/dashboard')
  const item = entity.getByTestId('minha-vaga').filter({ hasText: titulo })
  await item.getByRole('button', { name: 'Encerrar' }).click()
  await expect(toast(entity, 'Vaga encerrada.')).toBeVisible()
  await expect(item.getByText('Encerrada', { exact: true })).toBeVisible()

  const visitor = await visitorPage(browser, 375)
  await visitor.goto(`/vagas?q=${encodeURIComponent(titulo)}`)
  await expect(visitor.getByText('Nenhuma vaga encontrada com esses filtros.')).toBeVisible()
  await visitor.screenshot({ path: `test-results/jobs-list-empty-375.png`, fullPage: true })
  const response = await visitor.goto(`/vagas/${id}`)
  expect(response?.status()).toBe(404)
  await expect(visitor.getByRole('heading', { name: 'Vaga não encontrada' })).toBeVisible()
})
