import { expect, lawyerData, seriousViolations, signUpViaApi, test } from './accounts.fixtures'

// Issue 13, DIRECTORY: a lawyer signs up → is found by name and by OAB from the landing's search → their
// public profile (/advogados/:slug) opens, with the server-written Open Graph tags; axe on both pages.

test('[DIRECTORY] a new lawyer is found by name and by OAB from the landing and opens the public profile', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const suffix = Math.random().toString(36).slice(2, 7)
  const name = `Helena Quintanilha ${suffix}`
  const oab = String(100000 + Math.floor(Math.random() * 899999))
  await signUpViaApi(request, lawyerData({ nomeCompleto: name, oabNumero: oab, oabEstado: 'MG' }))

  await page.goto('/')
  const search = page.locator('#advogados')
  await expect(search.getByRole('button', { name: 'Filtrar' })).toBeVisible()
  // The real results load after the first paint.
  await expect(search.getByRole('article').first()).toBeVisible({ timeout: 20_000 })

  // By a fragment of the name, without the accent-sensitive spelling.
  await search.getByLabel('Nome ou número da OAB').fill(`quintanilha ${suffix}`)
  await search.getByRole('button', { name: 'Filtrar' }).click()
  await expect(search.getByRole('article')).toHaveCount(1)
  const card = search.getByRole('article', { name })
  await expect(card).toContainText(`OAB ${oab.slice(0, 3)}.${oab.slice(3)}/MG`)
  await expect(card).toContainText('São Paulo, SP')
  await expect(card).toContainText('Sem avaliações')

  // By OAB number with its section.
  await search.getByLabel('Nome ou número da OAB').fill(`${oab}/MG`)
  await search.getByRole('button', { name: 'Filtrar' }).click()
  await expect(search.getByRole('article', { name })).toBeVisible()
  await expect(search.getByRole('article')).toHaveCount(1)

  // Filters that exclude them: the pt-BR empty state.
  await search.getByLabel('Estado').selectOption('AC')
  await search.getByRole('button', { name: 'Filtrar' }).click()
  await expect(search.getByText('Nenhum advogado encontrado com esses filtros.')).toBeVisible()
  await search.getByLabel('Estado').selectOption('')
  await search.getByRole('button', { name: 'Filtrar' }).click()
  await expect(search.getByRole('article', { name })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.setViewportSize({ width: 375, height: 800 })
  await search.screenshot({ path: test.info().outputPath('landing-search-375.png') })
  await page.setViewportSize({ width: 1280, height: 720 })

  await search.getByRole('link', { name: `Ver Perfil de ${name}` }).click()
  await expect(page).toHaveURL(/\/advogados\/helena-quintanilha-[a-z0-9]+-[0-9a-f]{8}$/)
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 20_000 })
  await expect(page.getByText(`OAB ${oab.slice(0, 3)}.${oab.slice(3)}/MG`)).toBeVisible()
  await expect(page).toHaveTitle(new RegExp(name))
  expect(await seriousViolations(page)).toEqual([])
  await page.setViewportSize({ width: 375, height: 800 })
  await page.screenshot({ path: test.info().outputPath('public-profile-375.png'), fullPage: true })

  // The server writes the preview tags into the HTML itself (crawlers don't run the SPA).
  const html = await (await request.get(new URL(page.url()).pathname)).text()
  expect(html).toContain(`<meta property="og:title" content="${name}`)
  expect(html).toContain('<meta property="og:type" content="profile" />')
  expect(html).toMatch(/<title>Helena Quintanilha [a-z0-9]+ — Advogado\(a\) · OAB [\d.]+\/MG/)
  expect((await request.get('/advogados/ninguem-00000000')).status()).toBe(404)
})

test("[DIRECTORY] 'Perfil público' off in Settings hides the lawyer from the search and the profile", async ({
  page,
}) => {
  test.setTimeout(120_000)
  const name = `Otávio Recluso ${Math.random().toString(36).slice(2, 7)}`
  await signUpViaApi(page.request, lawyerData({ nomeCompleto: name }))
  const lookup = async () => {
    const response = await page.request.get(`/api/directory/lawyers?q=${encodeURIComponent(name)}`)
    return ((await response.json()) as { items: { slug: string }[] }).items
  }
  const [found] = await lookup()
  expect(found).toBeTruthy()

  await page.goto('/dashboard/settings')
  const toggle = page.getByRole('switch', { name: 'Perfil público' })
  await expect(toggle).toBeChecked({ timeout: 30_000 })
  await expect(page.getByText(/E-mail e telefone nunca são mostrados/)).toBeVisible()
  await page.getByRole('switch', { name: 'Atende por vídeo' }).click()
  await expect(page.getByText('Visibilidade atualizada').first()).toBeVisible()
  await toggle.click()
  await expect(toggle).not.toBeChecked()
  await expect.poll(async () => (await lookup()).length).toBe(0)
  expect((await page.request.get(`/api/directory/profiles/${found!.slug}`)).status()).toBe(404)
  await page.goto(`/advogados/${found!.slug}`)
  await expect(page.getByRole('heading', { name: 'Perfil não encontrado' })).toBeVisible({ timeout: 20_000 })
})
