import type { Browser, Page } from '@playwright/test'
import {
  chooseCity,
  expect,
  lawyerData,
  ownAddress,
  PASSWORD,
  selectOption,
  signUpViaApi,
  test,
  toast,
} from './accounts.fixtures'

// Shared by e2e/team.spec.ts and e2e/team-matrix.spec.ts: a sócio in a fresh office, the team page, the
// 'Novo Membro' invitation and the invitee's sign-up through the /convite/:token link.

/** A browser context of its own (own client address, pt-BR, São Paulo) with a new sócio signed in. */
export async function newSocio(browser: Browser, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: ownAddress(),
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    viewport,
  })
  const page = await context.newPage()
  const socio = lawyerData({ nomeCompleto: 'Sofia Sócia' })
  await signUpViaApi(page.request, socio)
  return { context, page, socio }
}

/** A second, signed-out browser (the invitee's). */
export async function newVisitor(browser: Browser, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: ownAddress(),
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    viewport,
  })
  return { context, page: await context.newPage() }
}

export async function openTeam(page: Page) {
  await page.goto('/dashboard/team')
  await expect(page.getByRole('heading', { level: 1, name: 'Equipe & Permissões' })).toBeVisible({
    timeout: 20_000,
  })
}

export const memberRow = (page: Page, name: string) =>
  page.getByTestId('team-member').filter({ hasText: name })

/** 'Novo Membro' with an e-mail on the team page (open): the member is added and invited. */
export async function inviteMember(
  page: Page,
  member: { nome: string; email: string; cargo: string; nivel: string },
) {
  await page.getByRole('button', { name: 'Novo Membro' }).click()
  const dialog = page.getByRole('dialog', { name: 'Novo Membro' })
  await dialog.getByLabel('Nome completo').fill(member.nome)
  await dialog.getByLabel('Email').fill(member.email)
  await dialog.getByLabel('Cargo').fill(member.cargo)
  await selectOption(page, 'Nível de acesso', member.nivel)
  await expect(dialog.getByLabel('Enviar convite de acesso ao sistema')).toBeChecked()
  await dialog.getByRole('button', { name: 'Adicionar Membro' }).click()
  await expect(toast(page, 'Membro adicionado e convite enviado por e-mail')).toBeVisible()
  await expect(memberRow(page, member.nome)).toContainText('Convite pendente')
}

/**
 * Fills and submits the student sign-up form of /auth (reached from the invitation's 'Criar conta', which
 * brings the person back to the invitation afterwards).
 */
export async function signUpStudentThroughForm(page: Page, nome: string, email: string) {
  await selectOption(page, 'Tipo de usuário', 'Estudante')
  await page.getByLabel('Nome completo').fill(nome)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD)
  await page.getByLabel('Confirmar senha').fill(PASSWORD)
  await page.getByLabel('Telefone').pressSequentially('11987654321')
  await selectOption(page, 'Estado', 'São Paulo')
  await chooseCity(page, 'são paulo', 'São Paulo')
  await page.getByLabel('Universidade').fill('USP')
  await page.getByLabel('Nº Período').click()
  await page.getByRole('option', { name: '6º Período' }).click()
  await page.getByRole('button', { name: 'Cadastrar', exact: true }).click()
}
