import { randomBytes } from 'node:crypto'
import type { Page } from '@playwright/test'
import { expect, mailedLink, seriousViolations, test, toast, uniqueEmail } from './accounts.fixtures'
import {
  inviteMember,
  memberRow,
  newSocio,
  newVisitor,
  openTeam,
  signUpStudentThroughForm,
} from './team.fixtures'

// Issue 10, spec §6 in the browser: an estagiário sees only the cases they are responsible for, the clients
// of those cases and the events on them; may edit such a case but not remove it, and may not create clients.
// The server decides (API tests prove it); this proves the screens follow.

test.describe.configure({ timeout: 120_000 })

/** Tomorrow in São Paulo, 'YYYY-MM-DD' (events in the future stay in the agenda's list). */
function tomorrowSP() {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
    new Date(Date.now() + 86_400_000),
  )
}

async function post<T>(page: Page, url: string, data: Record<string, unknown>): Promise<T> {
  const response = await page.request.post(url, { data })
  expect(response.status(), await response.text()).toBe(201)
  return (await response.json()) as T
}

async function openCases(page: Page) {
  await page.goto('/dashboard/cases')
  await expect(page.getByRole('heading', { level: 1, name: 'Casos & Processos' })).toBeVisible({
    timeout: 20_000,
  })
}

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text })
const eventRow = (page: Page, titulo: string) => page.getByTestId('event-row').filter({ hasText: titulo })

test('[TEAM] estagiário: only the cases they are responsible for, their clients and events; no remove, no new client', async ({
  browser,
}) => {
  const token = randomBytes(3).toString('hex')
  const { context: socioContext, page } = await newSocio(browser)

  // The sócio's office: two clients, a case for each, an event on each case and one on no case.
  const client1 = `Cliente Um ${token}`
  const client2 = `Cliente Dois ${token}`
  const caseA = `Caso A despejo ${token}`
  const caseB = `Caso B cobrança ${token}`
  const { id: client1Id } = await post<{ id: string }>(page, '/api/clients', { nomeCompleto: client1 })
  const { id: client2Id } = await post<{ id: string }>(page, '/api/clients', { nomeCompleto: client2 })
  const { id: caseAId } = await post<{ id: string }>(page, '/api/cases', {
    titulo: caseA,
    areaJuridica: 'Civil',
    clientId: client1Id,
  })
  const { id: caseBId } = await post<{ id: string }>(page, '/api/cases', {
    titulo: caseB,
    areaJuridica: 'Civil',
    clientId: client2Id,
  })
  const data = tomorrowSP()
  const eventA = `Audiência A ${token}`
  const eventB = `Audiência B ${token}`
  const eventOffice = `Reunião geral ${token}`
  await post(page, '/api/agenda/events', {
    titulo: eventA,
    tipo: 'audiencia',
    data,
    hora: '10:00',
    caseId: caseAId,
  })
  await post(page, '/api/agenda/events', {
    titulo: eventB,
    tipo: 'audiencia',
    data,
    hora: '11:00',
    caseId: caseBId,
  })
  await post(page, '/api/agenda/events', { titulo: eventOffice, tipo: 'reuniao', data, hora: '12:00' })

  // The sócio invites an estagiário; the invitee signs up through the mailed link and accepts.
  const nome = 'Eva Estagiária'
  const email = uniqueEmail('estagiaria')
  await openTeam(page)
  await inviteMember(page, { nome, email, cargo: 'Estagiária', nivel: 'Estagiário' })
  await expect(memberRow(page, nome)).toContainText('Estagiário')
  const link = await mailedLink(email)
  const { context: memberContext, page: member } = await newVisitor(browser)
  await member.goto(new URL(link).pathname)
  await expect(member.getByText(`${nome}, você foi convidado(a)`)).toContainText('como Estagiário', {
    timeout: 20_000,
  })
  await member.getByRole('link', { name: 'Criar conta' }).click()
  await signUpStudentThroughForm(member, nome, email)
  await expect(member.getByText(`Conectado como ${email}`)).toBeVisible({ timeout: 15_000 })
  await member.getByRole('button', { name: 'Aceitar convite' }).click()
  await expect(member).toHaveURL(/\/dashboard$/)

  // Before any assignment the estagiário sees no case.
  await openCases(member)
  await expect(member.getByText('Nenhum caso encontrado.')).toBeVisible()

  // The sócio opens case A and ticks the estagiário in 'Responsáveis'.
  await openCases(page)
  await page.getByRole('button', { name: `Editar caso ${caseA}` }).click()
  const form = page.getByRole('dialog', { name: 'Editar Caso' })
  const responsaveis = form.getByRole('group', { name: 'Responsáveis' })
  await expect(responsaveis.getByRole('checkbox', { name: 'Sofia Sócia (você)' })).toBeChecked()
  const estagiaria = responsaveis.getByRole('checkbox', { name: nome })
  await expect(estagiaria).not.toBeChecked()
  await estagiaria.check()
  await responsaveis.screenshot({ path: test.info().outputPath('responsaveis-desktop.png') })
  await form.getByRole('button', { name: 'Salvar' }).click()
  await expect(toast(page, 'Caso atualizado')).toBeVisible()
  // Saved: the form shows it ticked when opened again (also at 375 px, where the list turns into cards).
  await page.setViewportSize({ width: 375, height: 800 })
  await page.getByRole('button', { name: `Editar caso ${caseA}` }).click()
  await expect(
    form.getByRole('group', { name: 'Responsáveis' }).getByRole('checkbox', { name: nome }),
  ).toBeChecked()
  const overflow = await form.evaluate((el) => el.scrollWidth - el.clientWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  await form.getByRole('group', { name: 'Responsáveis' }).scrollIntoViewIfNeeded()
  await page.screenshot({ path: test.info().outputPath('responsaveis-375.png') })
  await page.keyboard.press('Escape')

  // The estagiário's cases: A only, no 'Remover', and A opens and saves.
  await openCases(member)
  await expect(row(member, caseA)).toBeVisible()
  await expect(row(member, caseA)).toContainText(client1)
  await expect(member.getByText(caseB)).toHaveCount(0)
  await expect(member.getByRole('button', { name: /^Remover/ })).toHaveCount(0)
  expect(await seriousViolations(member)).toEqual([])
  await member.screenshot({ path: test.info().outputPath('estagiario-cases.png'), fullPage: true })
  await member.getByRole('button', { name: `Editar caso ${caseA}` }).click()
  const edit = member.getByRole('dialog', { name: 'Editar Caso' })
  const self = edit
    .getByRole('group', { name: 'Responsáveis' })
    .getByRole('checkbox', { name: `${nome} (você)` })
  await expect(self).toBeChecked()
  await expect(self).toBeDisabled()
  await edit.getByLabel('Descrição').fill('Minuta da contestação revisada')
  await edit.getByRole('button', { name: 'Salvar' }).click()
  await expect(toast(member, 'Caso atualizado')).toBeVisible()
  const saved = await page.request.get(`/api/cases/${caseAId}`)
  expect(((await saved.json()) as { descricao: string | null }).descricao).toBe(
    'Minuta da contestação revisada',
  )

  // Clients follow the cases: client 1 only, and no 'Novo Cliente'.
  await member.goto('/dashboard/crm')
  await expect(member.getByRole('heading', { level: 1, name: 'CRM Clientes' })).toBeVisible({
    timeout: 20_000,
  })
  await expect(row(member, client1)).toBeVisible()
  await expect(member.getByText(client2)).toHaveCount(0)
  await expect(member.getByRole('button', { name: 'Novo Cliente' })).toHaveCount(0)
  await expect(member.getByRole('button', { name: /^Remover/ })).toHaveCount(0)

  // The agenda: the event on case A and the office-wide one; not the one on case B.
  await member.goto('/dashboard/schedule')
  await expect(member.getByRole('heading', { level: 1, name: 'Agenda & Prazos' })).toBeVisible()
  await expect(eventRow(member, eventA)).toBeVisible()
  await expect(eventRow(member, eventOffice)).toBeVisible()
  await expect(member.getByText(eventB)).toHaveCount(0)

  await memberContext.close()
  await socioContext.close()
})
