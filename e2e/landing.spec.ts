import { randomBytes } from 'node:crypto'
import { expect, test, type Page } from '@playwright/test'

// Home (/), spec §2: the landing page as a visitor and as a signed-in user sees it.

const ANCHORS = [
  ['Buscar Advogados', 'advogados'],
  ['Vagas & Estágios', 'vagas'],
  ['Entidades & Instituições', 'instituicoes'],
  ['Sobre', 'sobre'],
  ['Contato', 'contato'],
] as const

const topBar = (page: Page) => page.getByRole('banner')

async function signUpLawyer(page: Page) {
  const data = {
    userType: 'advogado',
    email: `landing-${randomBytes(5).toString('hex')}@example.com`,
    password: 'senha-segura-123',
    confirmPassword: 'senha-segura-123',
    nomeCompleto: 'Laura Landing',
    telefone: '(11) 98765-4321',
    estadoId: 35,
    cidadeId: 3550308,
    oabNumero: '654321',
    oabEstado: 'SP',
  }
  for (let attempt = 0; ; attempt++) {
    // page.request shares the browser context's cookies: the page is signed in afterwards.
    const response = await page.request.post('/api/auth/sign-up', { data })
    if (response.status() === 429 && attempt < 3) {
      // Sign-up is rate limited per address and other specs sign up too: wait for the window to reset.
      const wait = Number(response.headers()['retry-after'] ?? '20')
      await page.waitForTimeout((wait + 1) * 1000)
      continue
    }
    expect(response.status(), await response.text()).toBe(201)
    return
  }
}

test('[LANDING] shows the texts of spec §2 to a visitor', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  const bar = topBar(page)
  await expect(bar.getByRole('link', { name: 'Entrar', exact: true })).toHaveAttribute('href', '/auth')
  await expect(bar.getByRole('link', { name: 'Cadastre-se' })).toHaveAttribute('href', '/auth')
  await expect(bar.getByRole('link', { name: 'Dashboard' })).toHaveCount(0)
  const nav = page.getByRole('navigation', { name: 'Navegação principal' })
  for (const [label, id] of ANCHORS) {
    await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', `#${id}`)
  }

  for (const text of ['Sou Advogado', 'Sou Estudante', 'Sou Entidade/Instituição']) {
    await expect(page.getByRole('link', { name: text })).toBeVisible()
  }
  for (const text of [
    'Dados Profissionais',
    'Serviços Oferecidos',
    'Networking Jurídico',
    'Portfólio Profissional',
  ]) {
    await expect(page.getByRole('heading', { name: text })).toBeVisible()
  }
  await expect(page.getByRole('link', { name: 'Entrar na Plataforma' })).toHaveAttribute('href', '/auth')
  await expect(page.getByRole('link', { name: 'Criar Conta Gratuita' }).first()).toHaveAttribute(
    'href',
    '/auth',
  )
  await expect(page.getByText('Cadastro gratuito', { exact: true })).toBeVisible()

  const search = page.locator('#advogados')
  await expect(search.getByLabel('Nome ou número da OAB')).toBeVisible()
  await expect(search.getByRole('button', { name: 'Filtrar' })).toBeVisible()
  // Real public lawyers since issue 13 (the search itself: e2e/directory.spec.ts).
  await expect(search.getByRole('heading', { name: 'Advogados em destaque' })).toBeVisible()
  await expect(
    search.getByRole('article').first().or(search.getByText('Nenhum advogado encontrado com esses filtros.')),
  ).toBeVisible({ timeout: 20_000 })

  const jobs = page.locator('#vagas')
  // The four newest open jobs since issue 13 (the flow itself: e2e/jobs.spec.ts).
  await expect(jobs.getByRole('link', { name: 'Ver Todas as Vagas' })).toHaveAttribute('href', '/vagas')
  await expect(
    jobs.getByRole('article').first().or(jobs.getByText('Nenhuma vaga aberta no momento.')),
  ).toBeVisible({ timeout: 20_000 })
  expect(await jobs.getByRole('article').count()).toBeLessThanOrEqual(4)

  const entities = page.locator('#instituicoes')
  for (const text of ['Escritórios de Advocacia', 'Empresas', 'Órgãos Públicos', 'ONGs', 'Sindicatos']) {
    await expect(entities.getByRole('heading', { name: text })).toBeVisible()
  }

  const about = page.locator('#sobre')
  for (const [value, label] of [
    ['15.000+', 'Profissionais cadastrados'],
    ['4.8', 'Avaliação média'],
    ['100%', 'Perfis verificados'],
    ['50.000+', 'Conexões realizadas'],
  ] as const) {
    await expect(about.getByText(value, { exact: true })).toBeVisible()
    await expect(about.locator('dt').filter({ hasText: label })).toBeVisible()
  }
  await expect(about.getByText('via OAB e documentos oficiais')).toBeVisible()
  await expect(about.getByRole('heading', { name: 'Nossa Missão' })).toBeVisible()

  const footer = page.getByRole('contentinfo')
  for (const [label, href] of [
    ['Criar Perfil', '/auth'],
    ['Verificação OAB', '#sobre'],
    ['Vagas de Estágio', '#vagas'],
    ['Sobre Nós', '#sobre'],
  ] as const) {
    await expect(footer.getByRole('link', { name: label })).toHaveAttribute('href', href)
  }
  // Footer entries with no page yet are text, never links that go nowhere.
  await expect(footer.getByText('LGPD')).toBeVisible()
  await expect(footer.getByRole('link', { name: 'LGPD' })).toHaveCount(0)
  await expect(page.locator('a[href="#"]')).toHaveCount(0)
})

test('[LANDING] the five top-bar anchors scroll to their sections', async ({ page }) => {
  await page.goto('/')
  const nav = page.getByRole('navigation', { name: 'Navegação principal' })
  for (const [label, id] of ANCHORS) {
    await nav.getByRole('link', { name: label, exact: true }).click()
    await expect(page).toHaveURL(new RegExp(`#${id}$`))
    await expect(page.locator(`#${id}`)).toBeInViewport()
    // The sticky top bar doesn't cover the section's heading.
    await expect(page.locator(`#${id} h2`)).toBeInViewport()
  }
})

test('[LANDING] the skip link takes the keyboard to the content', async ({ page }) => {
  await page.goto('/')
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Pular para o conteúdo' })
  await expect(skip).toBeFocused()
  await expect(skip).toBeVisible()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/#conteudo$/)
})

for (const button of ['Sou Advogado', 'Sou Estudante', 'Sou Entidade/Instituição']) {
  test(`[LANDING] hero button '${button}' goes to /auth`, async ({ page }) => {
    await page.goto('/')
    await page.getByRole('link', { name: button }).click()
    await expect(page).toHaveURL('/auth')
  })
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } })

  test('[LANDING] the mobile menu opens, shows the same items and closes', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('navigation', { name: 'Navegação principal' })).toBeHidden()
    const toggle = page.getByRole('button', { name: 'Abrir menu' })
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    const menu = page.getByRole('navigation', { name: 'Menu' })
    await expect(menu).toBeHidden()

    await toggle.click()
    const close = page.getByRole('button', { name: 'Fechar menu' })
    await expect(close).toHaveAttribute('aria-expanded', 'true')
    await expect(menu).toBeVisible()
    for (const [label, id] of ANCHORS) {
      await expect(menu.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', `#${id}`)
    }
    await expect(menu.getByRole('link', { name: 'Entrar', exact: true })).toHaveAttribute('href', '/auth')
    await expect(menu.getByRole('link', { name: 'Cadastre-se' })).toHaveAttribute('href', '/auth')

    await close.click()
    await expect(menu).toBeHidden()

    // Following a link closes the menu; Escape does too and gives the focus back to the button.
    await page.getByRole('button', { name: 'Abrir menu' }).click()
    await menu.getByRole('link', { name: 'Vagas & Estágios' }).click()
    await expect(menu).toBeHidden()
    await expect(page.locator('#vagas h2')).toBeInViewport()
    await page.getByRole('button', { name: 'Abrir menu' }).click()
    await expect(menu).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
    await expect(page.getByRole('button', { name: 'Abrir menu' })).toBeFocused()
  })

  test('[LANDING] nothing overflows a 375px screen', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
  })
})

test('[LANDING] choosing another state in the search clears the city', async ({ page }) => {
  await page.goto('/#advogados')
  const search = page.locator('#advogados')
  const state = search.getByLabel('Estado')
  const city = search.getByLabel('Cidade')
  await expect(city).toBeDisabled()
  await expect(city.locator('option').first()).toHaveText('Selecione um estado primeiro')
  await expect(state.locator('option')).toHaveCount(28) // "Todos os estados" + the 27 UFs

  await state.selectOption('SP')
  await expect(city).toBeEnabled()
  await city.selectOption({ label: 'Campinas' })
  await expect(city.locator('option:checked')).toHaveText('Campinas')

  await state.selectOption('RJ')
  await expect(city).toHaveValue('')
  await expect(city).toBeEnabled()
  await expect(city.locator('option', { hasText: 'Niterói' })).toHaveCount(1)
  await expect(city.locator('option', { hasText: 'Campinas' })).toHaveCount(0)

  await state.selectOption('')
  await expect(city).toBeDisabled()
  await expect(city).toHaveValue('')
})

test('[LANDING] a signed-in user gets Dashboard, Acessar Meu Perfil and Sair', async ({ page }) => {
  await signUpLawyer(page)
  await page.goto('/')
  const bar = topBar(page)
  await expect(bar.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard')
  await expect(bar.getByRole('link', { name: 'Admin' })).toHaveCount(0)
  await expect(bar.getByRole('link', { name: 'Entrar', exact: true })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Acessar Meu Perfil' })).toHaveAttribute(
    'href',
    '/dashboard/profile',
  )
  await expect(page.getByRole('link', { name: 'Entrar na Plataforma' })).toHaveCount(0)

  await bar.getByRole('button', { name: 'Sair' }).click()
  await expect(page.getByText('Logout realizado com sucesso')).toBeVisible()
  await expect(page.getByText('Você foi desconectado.')).toBeVisible()
  await expect(bar.getByRole('link', { name: 'Entrar', exact: true })).toBeVisible()
  const session = await page.request.get('/api/auth/get-session')
  expect(await session.json()).toBeNull()
})

test('[LANDING] admins also get the Admin button; a failed sign-out says so', async ({ page }) => {
  await signUpLawyer(page)
  // The platform role comes from /api/me: answer as an admin would get it.
  await page.route('/api/me', async (route) => {
    const response = await route.fetch()
    await route.fulfill({ response, json: { ...(await response.json()), role: 'admin' } })
  })
  await page.route('/api/auth/sign-out', (route) =>
    route.fulfill({ status: 500, json: { message: 'falhou' } }),
  )
  await page.goto('/')
  const bar = topBar(page)
  await expect(bar.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin')
  await expect(bar.getByRole('link', { name: 'Dashboard' })).toBeVisible()

  await bar.getByRole('button', { name: 'Sair' }).click()
  await expect(page.getByText('Erro no logout')).toBeVisible()
  await expect(page.getByText('Tente novamente.')).toBeVisible()
  await expect(bar.getByRole('link', { name: 'Dashboard' })).toBeVisible()
})

test('[LANDING] the 404 page links back to a working home page', async ({ page }) => {
  await page.goto('/nao/existe')
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible()
  await expect(page.getByText('Oops! Page not found')).toBeVisible()
  // In-app navigation: the router renders the landing page this time.
  await page.getByRole('link', { name: 'Return to Home' }).click()
  await expect(page).toHaveURL('/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(topBar(page).getByRole('link', { name: 'Cadastre-se' })).toBeVisible()
})
