import { expect, lawyerData, seriousViolations, signUpViaApi, studentData, test } from './accounts.fixtures'
import {
  applyThroughJobPage,
  entityData,
  moveApplication,
  newUserPage,
  publishThroughDashboard,
  visitorPage,
} from './jobs.fixtures'

// Issue 13's whole story: a lawyer signs up → is found by name and by OAB from the landing → opens their
// public profile; a student applies to an entity's job → the entity moves the application → the student
// sees the new status (and is notified).

test('[JOBS] the network story: lawyer found from the landing, student applies, entity moves it', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000)
  const suffix = Math.random().toString(36).slice(2, 7)

  // 1. A lawyer signs up (their profile is public by default).
  const name = `Rosa Valadares ${suffix}`
  const oab = String(100000 + Math.floor(Math.random() * 899999))
  await signUpViaApi(request, lawyerData({ nomeCompleto: name, oabNumero: oab, oabEstado: 'RS' }))

  // 2. A visitor finds them from the landing, by name and by OAB number.
  const visitor = await visitorPage(browser)
  await visitor.goto('/')
  const search = visitor.locator('#advogados')
  await expect(search.getByRole('article').first()).toBeVisible({ timeout: 20_000 })
  await search.getByLabel('Nome ou número da OAB').fill(`valadares ${suffix}`)
  await search.getByRole('button', { name: 'Filtrar' }).click()
  await expect(search.getByRole('article')).toHaveCount(1)
  await expect(search.getByRole('article', { name })).toBeVisible()
  await search.getByLabel('Nome ou número da OAB').fill(`${oab}/RS`)
  await search.getByRole('button', { name: 'Filtrar' }).click()
  await expect(search.getByRole('article')).toHaveCount(1)

  // 3. … and opens the public profile.
  await search.getByRole('link', { name: `Ver Perfil de ${name}` }).click()
  await expect(visitor).toHaveURL(/\/advogados\/rosa-valadares-/)
  await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 20_000 })
  expect(await seriousViolations(visitor)).toEqual([])

  // 4. An entity publishes a job; a student applies to it with a PDF.
  const titulo = `Estágio em Direito de Família ${suffix}`
  const entity = await newUserPage(browser, entityData(`Valadares & Lima ${suffix}`))
  const jobId = await publishThroughDashboard(entity, titulo)
  const candidate = `Caio Estudante ${suffix}`
  const student = await newUserPage(browser, studentData({ nomeCompleto: candidate }))
  await applyThroughJobPage(student, jobId)

  // 5. The entity moves the application; 6. the student sees the new status and the notification.
  await moveApplication(entity, titulo, candidate, 'Entrevista')
  await student.reload()
  await expect(student.getByText('Você se candidatou: Entrevista')).toBeVisible()
  const notifications = (await (await student.context().request.get('/api/notifications')).json()) as {
    items: { message: string; link: string | null }[]
  }
  expect(notifications.items).toContainEqual(
    expect.objectContaining({
      message: `Sua candidatura para "${titulo}" agora está: Entrevista.`,
      link: `/vagas/${jobId}`,
    }),
  )
})
