import type { Page } from '@playwright/test'
import { courtClosedDays } from '../src/lib/br/court-calendars'
import { formatDateBR } from '../src/lib/br/dates'
import { calcularPrazo } from '../src/lib/br/deadline'
import {
  expect,
  lawyerData,
  seriousViolations,
  signUpViaApi,
  test,
  toast,
  pickSelect,
} from './accounts.fixtures'

// 'Agenda & Prazos' as a lawyer uses it. Each test signs its own lawyer up (its own office, so counts are
// exact). Times are São Paulo wall time, computed here from the real clock like the screen does.

test.describe.configure({ timeout: 90_000 })

const HOUR = 3_600_000

/** { data: 'YYYY-MM-DD', hora: 'HH:MM' } of an instant in São Paulo. */
function spWall(instant: Date) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Sao_Paulo',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  )
  return { data: `${parts.year}-${parts.month}-${parts.day}`, hora: `${parts.hour}:${parts.minute}` }
}

async function openAgenda(page: Page, query = '') {
  await page.goto(`/dashboard/schedule${query}`)
  // The first screen of a fresh context loads the app and checks the session: slow on a busy machine.
  await expect(page.getByRole('heading', { level: 1, name: 'Agenda & Prazos' })).toBeVisible({
    timeout: 20_000,
  })
}

async function signUpAndOpen(page: Page) {
  await signUpViaApi(page.request, lawyerData())
  await openAgenda(page)
}

type NewEvent = { titulo: string; tipo: string; data: string; hora?: string | null } & Record<string, unknown>

/** Creates through the API (what the dialog does, without the clicks). */
async function createViaApi(page: Page, event: NewEvent) {
  const response = await page.request.post('/api/agenda/events', { data: event })
  expect(response.status(), await response.text()).toBe(201)
  return (await response.json()) as { id: string; titulo: string; data: string }
}

const stat = (page: Page, key: string) => page.getByTestId(`agenda-stat-${key}`)
const row = (page: Page, titulo: string) => page.getByTestId('event-row').filter({ hasText: titulo })

test('[AGENDA] Novo Evento persists; Próximo only within 24 h; Confirmar persists after reload', async ({
  page,
}) => {
  await signUpAndOpen(page)
  await expect(page.getByText('Nenhum evento encontrado.')).toBeVisible()
  await expect(stat(page, 'total')).toContainText('0')

  const soon = spWall(new Date(Date.now() + 2 * HOUR))
  await page.getByRole('button', { name: 'Novo Evento' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Novo Evento' })
  await dialog.getByLabel('Título').fill('Audiência de conciliação')
  await dialog.getByLabel('Data').fill(soon.data)
  await dialog.getByLabel('Hora').fill(soon.hora)
  await pickSelect(page, 'Prioridade', 'Alta', { exact: true })
  await pickSelect(page, 'Lembrete', '30 min antes', { exact: true })
  await dialog.getByLabel('Local').fill('Fórum João Mendes, sala 5')
  await dialog.getByLabel('Descrição').fill('Levar procuração')
  // 'Cancelar' closes without saving; the dialog opens empty again.
  await dialog.getByRole('button', { name: 'Cancelar' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText('Nenhum evento encontrado.')).toBeVisible()

  await page.getByRole('button', { name: 'Novo Evento' }).first().click()
  await expect(dialog.getByLabel('Título')).toHaveValue('')
  await dialog.getByLabel('Título').fill('Audiência de conciliação')
  await dialog.getByLabel('Data').fill(soon.data)
  await dialog.getByLabel('Hora').fill(soon.hora)
  await pickSelect(page, 'Prioridade', 'Alta', { exact: true })
  await pickSelect(page, 'Lembrete', '30 min antes', { exact: true })
  await dialog.getByLabel('Local').fill('Fórum João Mendes, sala 5')
  await dialog.getByRole('button', { name: 'Salvar Evento' }).click()
  await expect(toast(page, 'Evento criado')).toBeVisible()
  await expect(dialog).toBeHidden()

  const later = spWall(new Date(Date.now() + 72 * HOUR))
  await createViaApi(page, { titulo: 'Reunião com o cliente', tipo: 'reuniao', ...later })
  await page.reload()

  const near = row(page, 'Audiência de conciliação')
  const far = row(page, 'Reunião com o cliente')
  await expect(near).toContainText(`${formatDateBR(soon.data)} ${soon.hora}`)
  await expect(near).toContainText('Fórum João Mendes, sala 5')
  await expect(near).toContainText('30 min antes')
  await expect(near).toContainText('Prioridade Alta')
  await expect(near.getByTestId('event-proximo')).toHaveText('Próximo')
  await expect(far).toBeVisible()
  await expect(far.getByTestId('event-proximo')).toHaveCount(0)
  await expect(stat(page, 'total')).toContainText('2')
  await expect(stat(page, 'proximas24h')).toContainText('1')
  await expect(stat(page, 'audiencias')).toContainText('1')

  await expect(near).toContainText('Agendado')
  await near.getByRole('button', { name: 'Confirmar Audiência de conciliação' }).click()
  await expect(toast(page, 'Evento confirmado')).toBeVisible()
  await expect(near).toContainText('Confirmado')
  await expect(near.getByRole('button', { name: /^Confirmar/ })).toHaveCount(0)
  await page.reload()
  await expect(row(page, 'Audiência de conciliação')).toContainText('Confirmado', { timeout: 20_000 })
  await expect(row(page, 'Audiência de conciliação').getByRole('button', { name: /^Confirmar/ })).toHaveCount(
    0,
  )
  await expect(
    row(page, 'Reunião com o cliente').getByRole('button', { name: 'Confirmar Reunião com o cliente' }),
  ).toBeVisible()

  // Editar changes it; remove offers 'Desfazer'.
  await row(page, 'Reunião com o cliente')
    .getByRole('button', { name: 'Editar Reunião com o cliente' })
    .click()
  const edit = page.getByRole('dialog', { name: 'Editar Evento' })
  await edit.getByLabel('Título').fill('Reunião de alinhamento')
  await edit.getByRole('button', { name: 'Salvar Evento' }).click()
  await expect(toast(page, 'Evento atualizado')).toBeVisible()
  await row(page, 'Reunião de alinhamento')
    .getByRole('button', { name: 'Remover Reunião de alinhamento' })
    .click()
  await expect(row(page, 'Reunião de alinhamento')).toHaveCount(0)
  await toast(page, 'Evento removido').getByRole('button', { name: 'Desfazer' }).click()
  await expect(row(page, 'Reunião de alinhamento')).toBeVisible()
})

test('[AGENDA] filters the list by type and status', async ({ page }) => {
  await signUpAndOpen(page)
  const day = spWall(new Date(Date.now() + 5 * 24 * HOUR)).data
  await createViaApi(page, { titulo: 'Audiência trabalhista', tipo: 'audiencia', data: day, hora: '14:00' })
  await createViaApi(page, { titulo: 'Reunião de equipe', tipo: 'reuniao', data: day, hora: '09:30' })
  await createViaApi(page, { titulo: 'Contestação', tipo: 'prazo', data: day })
  const confirmed = await createViaApi(page, {
    titulo: 'Lembrete de pagamento',
    tipo: 'lembrete',
    data: day,
    hora: '08:00',
  })
  const confirm = await page.request.post(`/api/agenda/events/${confirmed.id}/confirm`)
  expect(confirm.status()).toBe(200)
  await page.reload()
  await expect(page.getByTestId('event-row')).toHaveCount(4, { timeout: 20_000 })
  // Ordered by start: the prazo (all day, 00:00) first.
  await expect(page.getByTestId('event-row').first()).toContainText('Contestação')
  await expect(row(page, 'Contestação')).toContainText('(dia inteiro)')

  await pickSelect(page, 'Filtrar por tipo', 'Reunião', { exact: true })
  await expect(page.getByTestId('event-row')).toHaveCount(1)
  await expect(row(page, 'Reunião de equipe')).toBeVisible()

  await pickSelect(page, 'Filtrar por tipo', 'Todos os tipos', { exact: true })
  await pickSelect(page, 'Filtrar por status', 'Confirmado', { exact: true })
  await expect(page.getByTestId('event-row')).toHaveCount(1)
  await expect(row(page, 'Lembrete de pagamento')).toBeVisible()

  await pickSelect(page, 'Filtrar por tipo', 'Audiência', { exact: true })
  await expect(page.getByText('Nenhum evento encontrado.')).toBeVisible()
  await expect(page.getByText('Nenhum evento corresponde aos filtros escolhidos.')).toBeVisible()
})

test('[AGENDA] the month view shows an event on its day and opens it; the week view lists it', async ({
  page,
}) => {
  await signUpAndOpen(page)
  const today = spWall(new Date()).data
  await createViaApi(page, {
    titulo: 'Audiência de instrução',
    tipo: 'audiencia',
    data: today,
    hora: '23:30',
  })

  await page.getByRole('tab', { name: 'Calendário' }).click()
  const cell = page.getByTestId(`month-day-${today}`)
  await expect(cell.getByRole('button', { name: /Audiência de instrução/ })).toBeVisible()
  // Today is marked, and the day is announced with its events.
  const dayButton = cell.locator('[data-day]')
  await expect(dayButton).toHaveAttribute('aria-current', 'date')
  await expect(dayButton).toHaveAccessibleName(/1 evento \(hoje\)$/)

  // Keyboard: the days are one tab stop; the arrows move it, Enter selects the day.
  await dayButton.focus()
  await page.keyboard.press('ArrowLeft')
  await page.keyboard.press('ArrowRight')
  await expect(dayButton).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: /^Eventos de / })).toBeVisible()

  await cell.getByRole('button', { name: /Audiência de instrução/ }).click()
  const edit = page.getByRole('dialog', { name: 'Editar Evento' })
  await expect(edit.getByLabel('Título')).toHaveValue('Audiência de instrução')
  await expect(edit.getByLabel('Hora')).toHaveValue('23:30')
  await edit.getByRole('button', { name: 'Cancelar' }).click()

  await page.getByRole('button', { name: 'Semana', exact: true }).click()
  await expect(
    page.getByTestId(`week-day-${today}`).getByRole('button', { name: /Audiência de instrução/ }),
  ).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
})

test('[AGENDA] Calcular prazo shows the trail and Criar prazo puts the prazo on the agenda', async ({
  page,
}) => {
  await signUpAndOpen(page)
  const disponibilizacao = '2026-06-30'
  const expected = calcularPrazo({
    disponibilizacao,
    dias: 15,
    courtCalendar: courtClosedDays('TJSP', 2026, 2026),
  })

  await page.getByRole('button', { name: 'Calcular prazo' }).click()
  const dialog = page.getByRole('dialog', { name: 'Calcular prazo' })
  await dialog.getByLabel('Data de disponibilização').fill(disponibilizacao)
  await dialog.getByLabel('Prazo (dias úteis)').fill('15')
  await pickSelect(page, 'Tribunal', 'TJSP — Tribunal de Justiça de São Paulo', { exact: true })
  await expect(dialog.getByRole('button', { name: 'Criar prazo' })).toBeDisabled()
  await dialog.getByRole('button', { name: 'Calcular', exact: true }).click()
  await expect(dialog.getByTestId('prazo-vencimento')).toContainText(formatDateBR(expected.vencimento))
  await expect(dialog.getByTestId('prazo-publicacao')).toContainText(formatDateBR(expected.publicacao))
  // 9 July (TJSP) is in the trail as a court closure.
  await expect(dialog.getByText(/Revolução Constitucionalista/).first()).toBeVisible()
  await dialog.getByLabel('Título do prazo').fill('Contestação — Ação de cobrança')
  await dialog.getByRole('button', { name: 'Criar prazo' }).click()
  await expect(toast(page, 'Prazo criado na agenda')).toBeVisible()
  await expect(dialog).toBeHidden()

  const prazo = row(page, 'Contestação — Ação de cobrança')
  await expect(prazo).toContainText(`${formatDateBR(expected.vencimento)} (dia inteiro)`)
  await expect(prazo).toContainText('Prazo')
  await expect(stat(page, 'prazos')).toContainText('1')
  await prazo.getByText('Ver trilha do prazo').click()
  await expect(prazo.getByTestId('prazo-vencimento')).toContainText(formatDateBR(expected.vencimento))

  await page.getByRole('tab', { name: 'Calendário' }).click()
  // The calendar opens on today; walk to the due month.
  const monthsAhead =
    (Number(expected.vencimento.slice(0, 4)) - Number(spWall(new Date()).data.slice(0, 4))) * 12 +
    Number(expected.vencimento.slice(5, 7)) -
    Number(spWall(new Date()).data.slice(5, 7))
  for (let i = 0; i < Math.abs(monthsAhead); i++) {
    await page.getByRole('button', { name: monthsAhead > 0 ? 'Próximo mês' : 'Mês anterior' }).click()
  }
  await expect(
    page.getByTestId(`month-day-${expected.vencimento}`).getByRole('button', { name: /Contestação/ }),
  ).toBeVisible()
})

test('[AGENDA] axe on the agenda and its dialogs; desktop and 375 px screenshots', async ({
  page,
}, testInfo) => {
  await signUpAndOpen(page)
  const soon = spWall(new Date(Date.now() + 3 * HOUR))
  const today = spWall(new Date()).data
  await createViaApi(page, {
    titulo: 'Audiência de conciliação',
    tipo: 'audiencia',
    ...soon,
    local: 'Fórum Central',
    lembreteMinutos: 60,
    prioridade: 'alta',
    descricao: 'Levar documentos do cliente',
  })
  await createViaApi(page, { titulo: 'Prazo de réplica', tipo: 'prazo', data: today })
  await createViaApi(page, { titulo: 'Reunião de equipe', tipo: 'reuniao', data: today, hora: '18:00' })
  await page.reload()
  await expect(page.getByTestId('event-row')).toHaveCount(3, { timeout: 20_000 })
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('agenda-list-desktop.png'), fullPage: true })

  await page.getByRole('tab', { name: 'Calendário' }).click()
  await expect(page.getByTestId(`month-day-${today}`)).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('agenda-month-desktop.png'), fullPage: true })

  await page.getByRole('button', { name: 'Novo Evento' }).first().click()
  await expect(page.getByRole('dialog', { name: 'Novo Evento' })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.keyboard.press('Escape')

  await page.getByRole('button', { name: 'Assinar no Google Agenda / Outlook' }).click()
  const feed = page.getByRole('dialog', { name: 'Assinar no Google Agenda / Outlook' })
  await feed.getByRole('button', { name: 'Gerar endereço' }).click()
  await expect(feed.getByLabel('Endereço da sua agenda')).toHaveValue(/\/api\/agenda\/feed\/.+\.ics$/)
  expect(await seriousViolations(page)).toEqual([])
  await page.keyboard.press('Escape')

  await page.getByRole('button', { name: 'Calendários dos tribunais' }).click()
  await expect(
    page.getByRole('dialog', { name: 'Calendários dos tribunais' }).getByText(/Revolução Constitucionalista/),
  ).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.keyboard.press('Escape')

  await page.setViewportSize({ width: 375, height: 812 })
  await page.reload()
  await expect(page.getByTestId(`month-day-${today}`)).toBeVisible({ timeout: 20_000 })
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('agenda-month-375.png'), fullPage: true })
  await page.getByRole('button', { name: 'Semana', exact: true }).click()
  await page.screenshot({ path: testInfo.outputPath('agenda-week-375.png'), fullPage: true })
  await page.getByRole('tab', { name: 'Lista' }).click()
  await expect(page.getByTestId('event-row')).toHaveCount(3)
  await page.screenshot({ path: testInfo.outputPath('agenda-list-375.png'), fullPage: true })
})

test('[AGENDA] case and client screens list their next events; Calcular prazo on a case; dashboard shortcut', async ({
  page,
}) => {
  await signUpViaApi(page.request, lawyerData())
  const client = await page.request.post('/api/clients', {
    data: { nomeCompleto: 'Carla Cliente', status: 'ativo' },
  })
  expect(client.status(), await client.text()).toBe(201)
  const clientId = ((await client.json()) as { id: string }).id
  const created = await page.request.post('/api/cases', {
    data: { titulo: 'Ação de cobrança', areaJuridica: 'Civil', clientId },
  })
  expect(created.status(), await created.text()).toBe(201)
  const caseId = ((await created.json()) as { id: string }).id
  const soon = spWall(new Date(Date.now() + 26 * HOUR))
  await createViaApi(page, { titulo: 'Audiência da cobrança', tipo: 'audiencia', ...soon, caseId, clientId })

  // Dashboard home: the 'Agenda & Prazos' shortcut names the next event.
  await page.goto('/dashboard')
  await expect(page.getByRole('link', { name: /^Agenda & Prazos ./ })).toContainText(
    `Audiência da cobrança — ${formatDateBR(soon.data)} ${soon.hora}`,
    { timeout: 20_000 },
  )

  await page.goto('/dashboard/cases')
  await page.getByRole('button', { name: 'Editar caso Ação de cobrança' }).click({ timeout: 20_000 })
  const caseDialog = page.getByRole('dialog', { name: 'Editar Caso' })
  await expect(caseDialog.getByTestId('upcoming-events')).toContainText('Audiência da cobrança')

  // It opens the agenda's deadline dialog with the case (and its client) preselected.
  await caseDialog.getByRole('link', { name: 'Calcular prazo' }).click()
  const prazo = page.getByRole('dialog', { name: 'Calcular prazo' })
  await prazo.getByLabel('Data de disponibilização').fill('2026-03-02')
  await prazo.getByLabel('Prazo (dias úteis)').fill('5')
  await prazo.getByRole('button', { name: 'Calcular', exact: true }).click()
  // The case (and its client) come preselected.
  await expect(prazo.getByRole('combobox', { name: 'Caso relacionado' })).toContainText('Ação de cobrança')
  await expect(prazo.getByRole('combobox', { name: 'Cliente relacionado' })).toContainText('Carla Cliente')
  await prazo.getByRole('button', { name: 'Criar prazo' }).click()
  await expect(toast(page, 'Prazo criado na agenda')).toBeVisible()

  await expect(prazo).toBeHidden()
  const row5 = row(page, 'Prazo de 5 dias úteis')
  await expect(row5).toContainText('Ação de cobrança')
  await expect(row5).toContainText('Carla Cliente')

  await page.goto('/dashboard/crm')
  await page.getByRole('button', { name: /Editar .*Carla Cliente/ }).click({ timeout: 20_000 })
  await expect(page.getByRole('dialog').getByTestId('upcoming-events')).toContainText('Audiência da cobrança')
})

test('[AGENDA] a sócio sets the internal early warning in Calcular prazo; it persists and moves the aviso', async ({
  page,
}, testInfo) => {
  await signUpAndOpen(page)
  const expected = calcularPrazo({ disponibilizacao: '2026-03-02', dias: 10 })
  await page.getByRole('button', { name: 'Calcular prazo' }).click()
  const dialog = page.getByRole('dialog', { name: 'Calcular prazo' })
  const aviso = dialog.getByLabel('Aviso interno (dias úteis antes do vencimento)')
  await expect(aviso).toHaveValue('2')
  await dialog.getByLabel('Data de disponibilização').fill('2026-03-02')
  await dialog.getByLabel('Prazo (dias úteis)').fill('10')
  await dialog.getByRole('button', { name: 'Calcular', exact: true }).click()
  await expect(dialog.getByTestId('prazo-vencimento')).toContainText(formatDateBR(expected.vencimento))
  await expect(dialog.getByText(/\(2 dias úteis antes\)$/)).toBeVisible()

  // Out of range: the field says so and nothing is saved.
  await aviso.fill('31')
  await dialog.getByRole('button', { name: 'Salvar aviso' }).click()
  await expect(dialog.getByText('Informe de 0 a 30 dias úteis.')).toBeVisible()
  await aviso.fill('5')
  await dialog.getByRole('button', { name: 'Salvar aviso' }).click()
  await expect(toast(page, 'Aviso interno atualizado')).toBeVisible()
  // The answer on screen is recomputed with the new setting.
  await expect(dialog.getByText(/\(5 dias úteis antes\)$/)).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('prazo-aviso-desktop.png') })

  await page.setViewportSize({ width: 375, height: 812 })
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Agenda & Prazos' })).toBeVisible({
    timeout: 20_000,
  })
  await page.getByRole('button', { name: 'Calcular prazo' }).click()
  await expect(aviso).toHaveValue('5')
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('prazo-aviso-375.png') })
})
