import {
  expect,
  mailedLink,
  ownAddress,
  selectOption,
  seriousViolations,
  test,
  toast,
  uniqueEmail,
} from './accounts.fixtures'
import { memberRow, newSocio, openTeam, signUpStudentThroughForm } from './team.fixtures'

// Issue 10: the team of an office in the browser — 'Equipe & Permissões', the invitation link, the
// team-management page. Each test signs its own sócio up (a fresh office).

test.describe.configure({ timeout: 90_000 })

test('[TEAM] invite → accept in a second browser → sees the office cases; deactivate → access refused', async ({
  browser,
}) => {
  const { context: socioContext, page } = await newSocio(browser)
  const titulo = `Ação de despejo ${Date.now().toString(36)}`
  const created = await page.request.post('/api/cases', { data: { titulo, areaJuridica: 'Civil' } })
  expect(created.status(), await created.text()).toBe(201)

  // The sócio adds a member with an e-mail: the invitation goes out and the row says so.
  await openTeam(page)
  const email = uniqueEmail('convidado')
  const nome = 'Beto Convidado'
  await page.getByRole('button', { name: 'Novo Membro' }).click()
  const dialog = page.getByRole('dialog', { name: 'Novo Membro' })
  await dialog.getByLabel('Nome completo').fill(nome)
  await dialog.getByLabel('Email').fill(email)
  await dialog.getByLabel('Cargo').fill('Advogado associado')
  await selectOption(page, 'Nível de acesso', 'Associado')
  await dialog.getByLabel('Especialidades').fill('civil, família')
  await expect(dialog.getByLabel('Enviar convite de acesso ao sistema')).toBeChecked()
  await dialog.getByRole('button', { name: 'Adicionar Membro' }).click()
  await expect(toast(page, 'Membro adicionado e convite enviado por e-mail')).toBeVisible()
  await expect(memberRow(page, nome)).toContainText('Convite pendente')
  await expect(memberRow(page, nome)).toContainText('Associado')
  await expect(page.getByTestId('team-stat-membros')).toContainText('2')

  // A second browser follows the e-mailed link, signs up through it and comes back to accept.
  const link = await mailedLink(email)
  expect(link).toMatch(/\/convite\/[A-Za-z0-9_-]{43}$/)
  const memberContext = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: ownAddress(),
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  })
  const member = await memberContext.newPage()
  await member.goto(new URL(link).pathname)
  await expect(member.getByRole('heading', { name: 'Convite para a equipe' })).toBeVisible({
    timeout: 20_000,
  })
  await expect(member.getByText(`${nome}, você foi convidado(a)`)).toContainText('como Associado')
  expect(await seriousViolations(member)).toEqual([])
  await member.screenshot({ path: test.info().outputPath('invitation-signed-out.png') })
  await member.getByRole('link', { name: 'Criar conta' }).click()
  await expect(member).toHaveURL(/\/auth\?aba=cadastrar&next=%2Fconvite%2F/)

  await signUpStudentThroughForm(member, nome, email)

  // Back on the invitation, signed in with the invited e-mail.
  await expect(member).toHaveURL(/\/convite\//, { timeout: 15_000 })
  await expect(member.getByText(`Conectado como ${email}`)).toBeVisible()
  await member.getByRole('button', { name: 'Aceitar convite' }).click()
  await expect(member).toHaveURL(/\/dashboard$/)
  await member.goto('/dashboard/cases')
  await expect(member.getByText(titulo).first()).toBeVisible({ timeout: 15_000 })

  // A non-sócio sees the team read-only.
  await openTeam(member)
  await expect(member.getByText('Somente sócios podem adicionar, editar ou desativar membros.')).toBeVisible()
  await expect(member.getByRole('button', { name: 'Novo Membro' })).toHaveCount(0)
  await expect(member.getByRole('button', { name: /^Editar / })).toHaveCount(0)
  await expect(memberRow(member, nome)).toContainText('Você')

  // The link is single-use.
  await member.goto(new URL(link).pathname)
  await expect(member.getByRole('heading', { name: 'Convite indisponível' })).toBeVisible()

  // The sócio sees the member with an account now, and deactivates them.
  await openTeam(page)
  await expect(memberRow(page, nome)).not.toContainText('Convite pendente')
  await page.getByRole('button', { name: `Desativar ${nome}` }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Desativar' }).click()
  await expect(toast(page, 'Membro desativado')).toBeVisible()
  await expect(memberRow(page, nome)).toHaveCount(0)

  // The member's very next request is refused.
  await member.goto('/dashboard/cases')
  await expect(member.getByText('Acesso negado.').first()).toBeVisible({ timeout: 15_000 })
  await expect(member.getByText(titulo)).toHaveCount(0)

  await memberContext.close()
  await socioContext.close()
})

test('[TEAM] team pages: matrix, member without access, permissions in words, management; axe and 375 px', async ({
  browser,
}) => {
  const { context, page } = await newSocio(browser)
  await openTeam(page)

  // The §6 matrix.
  const matrix = page.getByRole('region', { name: 'Matriz de permissões' })
  await expect(matrix.getByRole('row', { name: /Gerenciar equipe/ })).toContainText('TotalNenhumNenhumNenhum')
  await expect(matrix.getByRole('row', { name: /Ver todos os casos/ })).toContainText(
    'TotalTotalParcialNenhum',
  )

  // A secretary without system access: no invitation, no e-mail needed.
  await page.getByRole('button', { name: 'Novo Membro' }).click()
  const dialog = page.getByRole('dialog', { name: 'Novo Membro' })
  await dialog.getByLabel('Nome completo').fill('Carla Secretária')
  await dialog.getByLabel('Cargo').fill('Secretária')
  await selectOption(page, 'Nível de acesso', 'Assistente')
  await dialog.getByLabel('Enviar convite de acesso ao sistema').uncheck()
  await dialog.getByLabel('Número da OAB').fill('1234567')
  await dialog.getByRole('button', { name: 'Adicionar Membro' }).click()
  await expect(dialog.getByText('Número da OAB inválido')).toBeVisible()
  await dialog.getByLabel('Número da OAB').fill('')
  await dialog.getByRole('button', { name: 'Adicionar Membro' }).click()
  await expect(toast(page, 'Membro adicionado')).toBeVisible()
  await expect(memberRow(page, 'Carla Secretária')).toContainText('Sem acesso ao sistema')

  // Search and level filter; the empty state.
  await page.getByLabel('Buscar membros').fill('secret')
  await expect(page.getByTestId('team-member')).toHaveCount(1)
  await page.getByLabel('Buscar membros').fill('ninguém-aqui')
  await expect(page.getByText('Nenhum membro encontrado.')).toBeVisible()
  await page.getByLabel('Buscar membros').fill('')
  await selectOption(page, 'Filtrar por nível', 'Sócio')
  await expect(page.getByTestId('team-member')).toHaveCount(1)
  await expect(page.getByTestId('team-member')).toContainText('Sofia Sócia')
  await selectOption(page, 'Filtrar por nível', 'Todos os níveis')

  // 'Permissões': the level in words.
  await page.getByRole('button', { name: 'Permissões de Carla Secretária' }).click()
  const permissions = page.getByRole('dialog', { name: 'Permissões de Carla Secretária' })
  await expect(permissions).toContainText('Não vê casos.')
  await expect(permissions).toContainText('Gerencia todos os clientes')
  await permissions.getByRole('button', { name: 'Fechar' }).first().click()

  // 'Editar': the level changes.
  await page.getByRole('button', { name: 'Editar Carla Secretária' }).click()
  const editor = page.getByRole('dialog', { name: 'Editar membro' })
  await expect(editor.getByLabel('Cargo')).toHaveValue('Secretária')
  await editor.getByLabel('Observações').fill('Atende de manhã')
  await editor.getByRole('button', { name: 'Salvar' }).click()
  await expect(toast(page, 'Membro atualizado')).toBeVisible()
  await expect(memberRow(page, 'Carla Secretária')).toContainText('Atende de manhã')

  // A pending invitation: cancel it, then send a new one.
  await page.getByRole('button', { name: 'Novo Membro' }).click()
  await dialog.getByLabel('Nome completo').fill('Davi Pendente')
  await dialog.getByLabel('Email').fill(uniqueEmail('pendente'))
  await dialog.getByRole('button', { name: 'Adicionar Membro' }).click()
  await expect(memberRow(page, 'Davi Pendente')).toContainText('Convite pendente')
  await page.getByRole('button', { name: 'Cancelar convite de Davi Pendente' }).click()
  await expect(toast(page, 'Convite cancelado')).toBeVisible()
  await expect(memberRow(page, 'Davi Pendente')).toContainText('Sem acesso ao sistema')
  await page.getByRole('button', { name: 'Enviar convite para Davi Pendente' }).click()
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: /^Convite enviado/ })).toBeVisible()
  await expect(memberRow(page, 'Davi Pendente')).toContainText('Convite pendente')

  // The sócio's audit log sits on the team page and lists these changes.
  const audit = page.getByRole('region', { name: 'Registro de auditoria' })
  await expect(audit.getByText('Membro adicionado').first()).toBeVisible()
  await expect(audit.getByText('Convite cancelado').first()).toBeVisible()

  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: test.info().outputPath('team-desktop.png'), fullPage: true })

  // Team management: the cards and the list from the same data.
  await page.goto('/dashboard/team-management')
  await expect(page.getByRole('heading', { level: 1, name: 'Gestão de Equipe' })).toBeVisible()
  await expect(page.getByTestId('team-stat-equipe')).toContainText('3')
  await expect(page.getByTestId('team-stat-advogados')).toContainText('1')
  await expect(page.getByTestId('team-stat-apoio')).toContainText('2')
  await expect(page.getByTestId('team-stat-niveis')).toContainText('4')
  const socioRow = page.getByTestId('managed-member').filter({ hasText: 'Sofia Sócia' })
  await expect(socioRow).toContainText('Admin')
  await expect(socioRow).toContainText('Online')
  await expect(page.getByTestId('managed-member').filter({ hasText: 'Carla' })).toContainText('Básico')
  await expect(page.getByTestId('managed-member').filter({ hasText: 'Carla' })).toContainText('Offline')
  await page.getByRole('button', { name: 'Gerenciar Carla Secretária' }).click()
  await expect(page.getByRole('dialog', { name: 'Editar membro' })).toBeVisible()
  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: 'Adicionar Membro' }).click()
  await expect(page.getByRole('dialog', { name: 'Novo Membro' })).toBeVisible()
  await page.keyboard.press('Escape')
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: test.info().outputPath('team-management-desktop.png'), fullPage: true })

  // 375 px: nothing wider than the screen.
  await page.setViewportSize({ width: 375, height: 800 })
  for (const [url, name] of [
    ['/dashboard/team', 'team-375.png'],
    ['/dashboard/team-management', 'team-management-375.png'],
  ] as const) {
    await page.goto(url)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(
      page.getByTestId(url.endsWith('team') ? 'team-member' : 'managed-member').first(),
    ).toBeVisible()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await page.screenshot({ path: test.info().outputPath(name), fullPage: true })
  }
  await context.close()
})
