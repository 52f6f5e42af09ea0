import type { Page } from '@playwright/test'
import {
  chooseCity,
  expect,
  lawyerData,
  mailedLink,
  PASSWORD,
  pickOpenOption,
  selectOption,
  seriousViolations,
  signUpViaApi,
  test,
  uniqueEmail,
  toast,
} from './accounts.fixtures'

// /auth (spec §2, §4, §5, §8): sign-up of the three types, sign-in, the master account, sign-out from the
// home page, 'Esqueci minha senha' and the accessibility of the screen.

/** Holds the next call to `url` for a moment, so the button's '...ando' state can be seen. */
async function slowDown(page: Page, url: string) {
  await page.route(url, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400))
    await route.continue()
  })
}

async function fillCommonSignUp(page: Page, { name, email }: { name: string; email: string }) {
  await page.getByLabel('Nome completo').fill(name)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD)
  await page.getByLabel('Confirmar senha').fill(PASSWORD)
  const phone = page.getByLabel('Telefone')
  await phone.pressSequentially('11987654321')
  await expect(phone).toHaveValue('(11) 98765-4321')
}

async function openSignUp(page: Page) {
  await page.goto('/auth')
  await page.getByRole('tab', { name: 'Cadastrar' }).click()
}

async function submitSignUpAndLand(page: Page, name: string) {
  await slowDown(page, '**/api/auth/sign-up')
  await page.getByRole('button', { name: 'Cadastrar', exact: true }).click()
  await expect(page.getByRole('button', { name: 'Cadastrando...' })).toBeDisabled()
  await expect(toast(page, 'Cadastro realizado com sucesso!')).toContainText('Bem-vindo!')
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole('heading', { level: 1, name: `Bem-vindo, ${name}!` })).toBeVisible()
}

test('[AUTH] signs up as advogado: state then city (filtered by typing), OAB fields, lands on the dashboard', async ({
  page,
}) => {
  const name = 'Ana Cadastro'
  await openSignUp(page)
  const city = page.getByLabel('Cidade', { exact: true })
  await expect(city).toBeDisabled()
  await expect(city).toHaveText('Selecione um estado primeiro')

  await fillCommonSignUp(page, { name, email: uniqueEmail('ui-adv') })

  // The state list is at most 15rem (240 px) tall.
  await page.getByLabel('Estado', { exact: true }).click()
  const stateList = page.getByRole('listbox')
  expect((await stateList.boundingBox())?.height).toBeLessThanOrEqual(242)
  await pickOpenOption(page, 'Rio de Janeiro')
  await chooseCity(page, 'niter', 'Niterói')
  await expect(city).toHaveText('Niterói')
  // Changing the state clears the city; São Paulo's 645 cities are filtered by typing.
  await selectOption(page, 'Estado', 'São Paulo')
  await expect(city).toHaveText('Selecione a cidade')
  await city.click()
  const cityList = page.getByRole('listbox')
  expect((await cityList.boundingBox())?.height).toBeLessThanOrEqual(242)
  await expect(page.getByText('Mostrando 100 de 645. Digite para refinar a busca.')).toBeVisible()
  await page.getByRole('combobox', { name: 'Buscar cidade...' }).fill('campinas')
  await expect(cityList.getByRole('option').first()).toHaveText('Campinas')
  await cityList.getByRole('option', { name: 'Campinas', exact: true }).click()
  await expect(city).toHaveText('Campinas')

  // Type-specific fields: advogado is the default type.
  await expect(page.getByLabel('Universidade')).toHaveCount(0)
  await page.getByLabel('Número da OAB').fill('123456')
  await selectOption(page, 'Estado da OAB', 'SP')

  await submitSignUpAndLand(page, name)
  // A lawyer gets the office groups and the shortcuts.
  await expect(page.getByRole('heading', { name: 'Gestão do Escritório' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'CRM Clientes Nenhum cliente cadastrado' })).toBeVisible()
})

test('[AUTH] signs up as estudante with university and Nº Período (1 to 10)', async ({ page }) => {
  const name = 'Bia Universitária'
  await openSignUp(page)
  await selectOption(page, 'Tipo de usuário', 'Estudante')
  await expect(page.getByLabel('Número da OAB')).toHaveCount(0)
  await fillCommonSignUp(page, { name, email: uniqueEmail('ui-est') })
  await selectOption(page, 'Estado', 'Minas Gerais')
  await chooseCity(page, 'belo', 'Belo Horizonte')
  await page.getByLabel('Universidade').fill('UFMG')
  await page.getByLabel('Nº Período').click()
  const periods = page.getByRole('option')
  await expect(periods).toHaveCount(10)
  await expect(periods.first()).toHaveText('1º Período')
  await expect(periods.last()).toHaveText('10º Período')
  await page.getByRole('option', { name: '6º Período' }).click()

  await submitSignUpAndLand(page, name)
  await expect(page.getByRole('heading', { name: 'Painel do Estudante' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Gestão do Escritório' })).toHaveCount(0)
})

test('[AUTH] signs up as entidade with an alphanumeric CNPJ and the entity type', async ({ page }) => {
  const name = 'Carla Entidade'
  await openSignUp(page)
  await selectOption(page, 'Tipo de usuário', 'Entidade')
  await fillCommonSignUp(page, { name, email: uniqueEmail('ui-ent') })
  await selectOption(page, 'Estado', 'Bahia')
  await chooseCity(page, 'salv', 'Salvador')
  await page.getByLabel('Nome da entidade').fill('Sindicato dos Testes')
  const cnpj = page.getByLabel('CNPJ')
  await cnpj.pressSequentially('12abc34501de35')
  await expect(cnpj).toHaveValue('12.ABC.345/01DE-35')
  await page.getByLabel('Tipo de entidade').click()
  for (const label of ['Escritório de Advocacia', 'Empresa', 'Órgão Público', 'ONG', 'Sindicato']) {
    await expect(page.getByRole('option', { name: label, exact: true })).toBeVisible()
  }
  await page.getByRole('option', { name: 'Sindicato', exact: true }).click()

  await submitSignUpAndLand(page, name)
  await expect(page.getByRole('heading', { name: 'Painel da Entidade' })).toBeVisible()
})

test('[AUTH] sign-up errors appear as toast and next to the field', async ({ page }) => {
  const existing = await signUpViaApi(page.context().request, lawyerData())
  // That sign-up signed the context in: forget it, we want the form.
  await page.context().clearCookies()
  await openSignUp(page)

  await page.getByLabel('Senha', { exact: true }).fill('123')
  await page.getByLabel('Confirmar senha').fill('456')
  await page.getByLabel('Email').fill('isto-nao-e-email')
  await page.getByRole('button', { name: 'Cadastrar', exact: true }).click()
  await expect(toast(page, 'Erro no cadastro')).toContainText('Email inválido')
  const form = page.getByRole('form', { name: 'Criar conta' })
  await expect(form.getByText('A senha deve ter pelo menos 6 caracteres')).toBeVisible()
  await expect(form.getByText('As senhas não coincidem.')).toBeVisible()
  await expect(form.getByText('Email inválido')).toBeVisible()
  await expect(form.getByText('Selecione um estado', { exact: true })).toBeVisible()
  await expect(page.getByLabel('Confirmar senha')).toHaveAttribute('aria-invalid', 'true')

  // A registered e-mail: the server's 409.
  await fillCommonSignUp(page, { name: 'Outra Pessoa', email: String(existing.email) })
  await selectOption(page, 'Estado', 'São Paulo')
  await chooseCity(page, 'santos', 'Santos')
  await page.getByLabel('Número da OAB').fill('654321')
  await selectOption(page, 'Estado da OAB', 'SP')
  await page.getByRole('button', { name: 'Cadastrar', exact: true }).click()
  await expect(
    toast(page, 'Usuário já cadastrado com este email').filter({ hasText: 'Erro no cadastro' }),
  ).toBeVisible()
  await expect(
    page.getByRole('alert').filter({ hasText: 'Usuário já cadastrado com este email' }),
  ).toBeVisible()
  await expect(page).toHaveURL(/\/auth/)
})

test('[AUTH] sign-in: wrong password is refused without telling whether the e-mail exists; right one opens /dashboard', async ({
  page,
}) => {
  const account = await signUpViaApi(page.context().request, lawyerData({ nomeCompleto: 'Dora Login' }))
  await page.context().clearCookies()
  await page.goto('/auth')
  await expect(page.getByRole('tab', { name: 'Entrar', selected: true })).toBeVisible()

  await page.getByLabel('Email').fill(String(account.email))
  await page.getByLabel('Senha').fill('senha-errada')
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(toast(page, 'Erro no login')).toContainText('Email ou senha inválidos')

  await page.getByLabel('Email').fill('ninguem-cadastrado@example.com')
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(toast(page, 'Erro no login').last()).toContainText('Email ou senha inválidos')

  await page.getByLabel('Email').fill(String(account.email))
  await page.getByLabel('Senha').fill(PASSWORD)
  await slowDown(page, '**/api/auth/sign-in/email')
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page.getByRole('button', { name: 'Entrando...' })).toBeDisabled()
  await expect(toast(page, 'Login realizado com sucesso!')).toContainText('Bem-vindo de volta.')
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole('heading', { name: 'Bem-vindo, Dora Login!' })).toBeVisible()

  // Signed in, /auth sends the user to the dashboard.
  await page.goto('/auth')
  await expect(page).toHaveURL(/\/dashboard$/)
})

// The master account (superadmin only after its address is confirmed) is covered in e2e/admin.spec.ts.

test('[AUTH] sign out from the home page', async ({ page }) => {
  await signUpViaApi(page.context().request, lawyerData())
  await page.goto('/')
  await page.getByRole('banner').getByRole('button', { name: 'Sair' }).click()
  await expect(toast(page, 'Logout realizado com sucesso')).toContainText('Você foi desconectado.')
  await expect(page.getByRole('banner').getByRole('link', { name: 'Entrar' })).toBeVisible()
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/auth$/)
})

test('[AUTH] password reset by e-mail: neutral answer, link works once, old password stops working', async ({
  page,
}) => {
  const account = await signUpViaApi(page.context().request, lawyerData({ nomeCompleto: 'Rita Reset' }))
  const email = String(account.email)
  await page.context().clearCookies()

  await page.goto('/auth')
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Esqueci minha senha' }).click()
  await expect(page.getByRole('heading', { name: 'Esqueci minha senha' })).toBeVisible()
  await expect(page.getByLabel('Email')).toHaveValue(email)
  await page.getByRole('button', { name: 'Enviar link' }).click()
  await expect(page.getByText('Se houver uma conta com este email')).toBeVisible()

  const link = await mailedLink(email)
  expect(link).toContain('/api/auth/reset-password/')
  await page.goto(link)
  await expect(page).toHaveURL(/\/auth\/redefinir-senha\?token=/)
  await page.getByLabel('Nova senha', { exact: true }).fill('nova-senha-789')
  await page.getByLabel('Confirmar nova senha').fill('outra-coisa')
  await page.getByRole('button', { name: 'Salvar nova senha' }).click()
  await expect(page.getByText('As senhas não coincidem.')).toBeVisible()
  await page.getByLabel('Confirmar nova senha').fill('nova-senha-789')
  await page.getByRole('button', { name: 'Salvar nova senha' }).click()
  await expect(toast(page, 'Senha redefinida!')).toBeVisible()
  await expect(page).toHaveURL(/\/auth$/)

  // Used once: the same link now shows the pt-BR error and a way to ask for a new one.
  await page.goto(link)
  await expect(page.getByText('Link inválido ou expirado')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Pedir novo link' })).toBeVisible()

  await page.goto('/auth')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Senha').fill(PASSWORD)
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(toast(page, 'Erro no login')).toContainText('Email ou senha inválidos')
  await page.getByLabel('Senha').fill('nova-senha-789')
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
})

test('[AUTH] the reset request never tells whether an e-mail is registered', async ({ page }) => {
  await page.goto('/auth?modo=recuperar')
  await page.getByLabel('Email').fill(uniqueEmail('inexistente'))
  await page.getByRole('button', { name: 'Enviar link' }).click()
  await expect(page.getByText('Se houver uma conta com este email')).toBeVisible()
})

test('[AUTH] axe finds no serious or critical violation on /auth (both tabs)', async ({ page }) => {
  await page.goto('/auth')
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.getByRole('tab', { name: 'Cadastrar' }).click()
  await page.getByRole('button', { name: 'Cadastrar', exact: true }).click() // shows the field errors too
  await expect(page.getByRole('form').getByText('Email inválido')).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
})

test('[AUTH] works on a 375 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 })
  await openSignUp(page)
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(width).toBeLessThanOrEqual(375)
  await expect(page.getByRole('button', { name: 'Cadastrar', exact: true })).toBeVisible()
})
