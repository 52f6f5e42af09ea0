import type { Locator, Page } from '@playwright/test'
import { courtClosedDays } from '../src/lib/br/court-calendars'
import { formatCnj } from '../src/lib/br/cnj'
import { addDaysISO, formatDateBR, todayISO } from '../src/lib/br/dates'
import { calcularPrazo } from '../src/lib/br/deadline'
import {
  CASE_NUMBER,
  DATAJUD_NOT_COVERED,
  DATAJUD_TIMEOUT,
  HOSTILE_HTML,
  DATAJUD_TWO_GRAUS,
  DATAJUD_UNKNOWN,
  OAB_PAGED,
  PAGED_COUNT,
} from '../src/features/publications/publications.fixtures'
import {
  expect,
  lawyerData,
  seriousViolations,
  signInAsConfirmedMaster,
  signUpViaApi,
  test,
  toast,
} from './accounts.fixtures'

// 'Publicações e Intimações' (issue 27) against the replay server e2e/serve.mjs starts (the DJEN and DataJud
// of src/features/publications/publications.fixtures.ts). Each test signs its own lawyer up with the OAB the
// replay has communications for (its own office, so counts are exact).

test.describe.configure({ timeout: 180_000 })

const stat = (page: Page, key: string) => page.getByTestId(`publications-stat-${key}`)
const items = (page: Page) => page.getByTestId('publication-item')
const itemWith = (page: Page, text: string) => items(page).filter({ hasText: text })

async function signUpLawyer(page: Page) {
  await signUpViaApi(page.request, lawyerData({ oabNumero: OAB_PAGED.numero, oabEstado: OAB_PAGED.uf }))
}

async function createCase(page: Page, titulo: string, numero: string) {
  const response = await page.request.post('/api/cases', {
    data: { titulo, areaJuridica: 'Civil', numeroProcesso: formatCnj(numero) },
  })
  expect(response.status(), await response.text()).toBe(201)
}

async function openInbox(page: Page) {
  await page.goto('/dashboard/publicacoes')
  // The first screen of a fresh context loads the app and checks the session: slow on a busy machine.
  await expect(page.getByRole('heading', { level: 1, name: 'Publicações e Intimações' })).toBeVisible({
    timeout: 20_000,
  })
}

/** Nothing the court's HTML brought may act or paint over the page. */
async function expectInert(page: Page, text: Locator) {
  await expect(text.locator('script, img, iframe, style, [class], [style], [id], [onclick]')).toHaveCount(0)
  await expect(text.locator('a[href^="javascript"]')).toHaveCount(0)
  await expect(text.getByRole('link', { name: 'CNJ' })).toHaveAttribute('rel', 'noopener noreferrer')
  expect(await page.title()).not.toBe('pwned')
  // No element positioned fixed that covers most of the viewport (the hostile full-screen overlay).
  const covering = await page.evaluate(
    () =>
      [...document.querySelectorAll<HTMLElement>('.fixed, [style*="fixed"]')].filter((element) => {
        const box = element.getBoundingClientRect()
        return (
          getComputedStyle(element).position === 'fixed' &&
          box.width >= window.innerWidth * 0.8 &&
          box.height >= window.innerHeight * 0.8
        )
      }).length,
  )
  expect(covering).toBe(0)
}

test('[PUBLICACOES] Buscar agora brings the DJEN communications; hostile HTML is inert; Criar prazo; Marcar como tratada', async ({
  page,
}, testInfo) => {
  // An `onerror` that ran would open a dialog: none may appear.
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  await signUpLawyer(page)
  await createCase(page, 'Cobrança da Construtora', CASE_NUMBER)

  await openInbox(page)
  await expect(page.getByText('Nenhuma publicação encontrada.')).toBeVisible()
  await expect(stat(page, 'naoTratadas')).toContainText('0')

  await page.getByRole('button', { name: 'Buscar agora' }).click()
  await expect(page.getByTestId('capture-status')).toHaveText(/^Última busca: \d\d:\d\d$/, {
    timeout: 60_000,
  })
  await expect(toast(page, 'Busca concluída')).toBeVisible()
  // The lawyer's 120 (three pages, one empty once, some under the suffixed OAB) plus one found by the
  // case's number, addressed to another lawyer.
  const total = String(PAGED_COUNT + 1)
  await expect(stat(page, 'naoTratadas')).toContainText(total)
  await expect(stat(page, 'recebidasHoje')).toContainText(total)
  await expect(stat(page, 'prazosCriados')).toContainText('0')
  await expect(items(page).first()).toBeVisible()

  // The hostile communication: its text shows, nothing of its markup acts.
  const hostile = itemWith(page, 'Fica a parte intimada para')
  await expect(hostile).toHaveCount(1)
  await expect(hostile).toContainText('TJSP')
  await expect(hostile).toContainText(`Disponibilizada em ${formatDateBR(todayISO())}`)
  await expect(hostile).toContainText('123456/SP')
  await expectInert(page, hostile.getByTestId('publication-text'))
  expect(dialogs).toEqual([])

  await page.screenshot({ path: testInfo.outputPath('inbox-desktop.png') })
  await page.setViewportSize({ width: 375, height: 812 })
  await expect(page.getByRole('button', { name: 'Buscar agora' })).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('inbox-375.png') })
  await hostile.scrollIntoViewIfNeeded()
  await hostile.screenshot({ path: testInfo.outputPath('item-375.png') })
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  await page.setViewportSize({ width: 1280, height: 900 })
  expect(await seriousViolations(page)).toEqual([])
  await page.emulateMedia({ colorScheme: 'dark' })
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('inbox-dark.png') })
  await page.emulateMedia({ colorScheme: 'light' })

  // 'Criar prazo' from the communication that gives 15 days: the dialog comes prefilled.
  await page.getByLabel('Buscar', { exact: true }).fill('quinze')
  const prazoItem = itemWith(page, 'no prazo de 15 (quinze) dias')
  await expect(items(page)).toHaveCount(1)
  await expect(prazoItem).toContainText(formatCnj(CASE_NUMBER))
  await expect(prazoItem.getByRole('link', { name: /Cobrança da Construtora/ })).toBeVisible()
  await prazoItem.getByRole('button', { name: 'Criar prazo' }).click()
  const dialog = page.getByRole('dialog', { name: 'Calcular prazo' })
  const disponibilizacao = addDaysISO(todayISO(), -1)
  await expect(dialog.getByLabel('Data de disponibilização')).toHaveValue(disponibilizacao)
  await expect(dialog.getByLabel('Prazo (dias úteis)')).toHaveValue('15')
  await expect(dialog.getByRole('combobox', { name: 'Tribunal' })).toContainText('TJSP')
  await dialog.getByRole('button', { name: 'Calcular', exact: true }).click()
  const year = Number(disponibilizacao.slice(0, 4))
  const expected = calcularPrazo({
    disponibilizacao,
    dias: 15,
    courtCalendar: courtClosedDays('TJSP', year, year + 2),
  })
  await expect(dialog.getByTestId('prazo-vencimento')).toContainText(formatDateBR(expected.vencimento))
  await expect(dialog.getByRole('combobox', { name: 'Caso relacionado' })).toContainText(
    'Cobrança da Construtora',
  )
  const titulo = await dialog.getByLabel('Título do prazo').inputValue()
  expect(titulo).not.toBe('')
  await dialog.getByRole('button', { name: 'Criar prazo' }).click()
  await expect(toast(page, 'Prazo criado na agenda')).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(prazoItem.getByRole('link', { name: 'Ver prazo na agenda' })).toBeVisible()
  await expect(stat(page, 'prazosCriados')).toContainText('1')

  // 'Marcar como tratada' records who did it.
  await page.getByRole('button', { name: 'Limpar filtros' }).click()
  await hostile.getByRole('button', { name: 'Marcar como tratada' }).click()
  await expect(toast(page, 'Publicação marcada como tratada')).toBeVisible()
  await expect(hostile).toHaveAttribute('data-status', 'tratada')
  await expect(hostile).toContainText('Tratada por Ana Advogada')
  await expect(stat(page, 'naoTratadas')).toContainText(String(PAGED_COUNT - 1))

  // The 'Tratada' filter shows exactly the two handled ones (the prazo made its item Tratada too).
  await page.getByRole('combobox', { name: 'Status' }).click()
  await page.getByRole('option', { name: 'Tratada', exact: true }).click()
  await expect(items(page)).toHaveCount(2)

  // The prazo is on the agenda, due on the engine's day.
  await page.goto('/dashboard/schedule')
  const row = page.getByTestId('event-row').filter({ hasText: titulo })
  await expect(row).toContainText(formatDateBR(expected.vencimento), { timeout: 20_000 })
  await expect(row).toContainText('Cobrança da Construtora')

  // The dashboard home counts the ones still to handle and links to the inbox.
  await page.goto('/dashboard')
  const counter = page.getByTestId('publications-counter')
  await expect(counter).toContainText('Publicações não tratadas', { timeout: 20_000 })
  await expect(counter).toContainText(String(PAGED_COUNT - 1))
  await counter.click()
  await expect(page.getByRole('heading', { level: 1, name: 'Publicações e Intimações' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Publicações', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  )
})

test("[PUBLICACOES] the case's Andamentos tab: DataJud's timeline in two graus, newest first, and its messages", async ({
  page,
}, testInfo) => {
  await signUpLawyer(page)
  await createCase(page, 'Processo em dois graus', DATAJUD_TWO_GRAUS)
  await createCase(page, 'Processo desconhecido', DATAJUD_UNKNOWN)
  await createCase(page, 'Processo do TRF3', DATAJUD_TIMEOUT)
  await createCase(page, 'Processo do STF', DATAJUD_NOT_COVERED)

  await page.goto('/dashboard/cases')
  await page.getByRole('button', { name: 'Editar caso Processo em dois graus' }).click({ timeout: 20_000 })
  const caseDialog = page.getByRole('dialog', { name: 'Editar Caso' })
  await caseDialog.getByRole('tab', { name: 'Andamentos' }).click()
  const tab = caseDialog.getByTestId('case-andamentos')
  await expect(tab).toContainText('Fonte: DataJud/CNJ')
  await expect(tab).toContainText('ainda não foram consultados')
  await tab.getByRole('button', { name: 'Atualizar andamentos' }).click()

  // G1 and G2 merged, the movement DataJud repeated shown once, newest first.
  const movements = tab.getByTestId('andamento')
  await expect(movements).toHaveCount(5, { timeout: 30_000 })
  await expect(movements.nth(0)).toContainText('Baixa Definitiva')
  await expect(movements.nth(0)).toContainText('1º grau')
  await expect(movements.nth(1)).toContainText('Trânsito em julgado')
  await expect(movements.nth(1)).toContainText('2º grau')
  await expect(movements.nth(4)).toContainText('Distribuição')
  await expect(tab.getByTestId('andamentos-updated')).toContainText(
    /Atualizado em \d\d\/\d\d\/\d{4} \d\d:\d\d/,
  )
  await expect(tab).toContainText('Fonte: DataJud/CNJ')
  await caseDialog.screenshot({ path: testInfo.outputPath('andamentos.png') })

  // The case's own data is one tab away, as it was.
  await caseDialog.getByRole('tab', { name: 'Dados do caso' }).click()
  await expect(caseDialog.getByLabel('Título')).toHaveValue('Processo em dois graus')
  await page.keyboard.press('Escape')
  await expect(caseDialog).toBeHidden()

  for (const [titulo, message] of [
    ['Processo desconhecido', 'processo não encontrado no DataJud'],
    ['Processo do TRF3', 'DataJud indisponível, tente mais tarde'],
    ['Processo do STF', 'tribunal não coberto'],
  ] as const) {
    await page.getByRole('button', { name: `Editar caso ${titulo}` }).click()
    const other = page.getByRole('dialog', { name: 'Editar Caso' })
    await other.getByRole('tab', { name: 'Andamentos' }).click()
    await other.getByRole('button', { name: 'Atualizar andamentos' }).click()
    await expect(other.getByTestId('case-andamentos')).toContainText(message, { timeout: 30_000 })
    await page.keyboard.press('Escape')
    await expect(other).toBeHidden()
  }
})

test('[PUBLICACOES] OABs monitoradas (sócio adds and removes one); Criar caso and Vincular a um caso from a communication', async ({
  page,
}) => {
  await signUpLawyer(page)
  await openInbox(page)
  await page.getByRole('button', { name: 'Buscar agora' }).click()
  await expect(page.getByTestId('capture-status')).toHaveText(/^Última busca: \d\d:\d\d$/, {
    timeout: 60_000,
  })

  // The lawyer's own OAB comes from the profile; a sócio adds another of the office and removes it.
  await page.getByRole('button', { name: 'OABs monitoradas' }).click()
  const oabs = page.getByRole('dialog', { name: 'OABs monitoradas' })
  await expect(oabs.getByTestId('monitored-oab').filter({ hasText: '123.456/SP' })).toContainText(
    'Perfil de Ana Advogada',
  )
  await oabs.getByLabel('Número da OAB').fill('222222')
  await oabs.getByRole('combobox', { name: 'UF' }).click()
  await page.getByRole('option', { name: 'RJ', exact: true }).click()
  await oabs.getByRole('button', { name: 'Adicionar OAB' }).click()
  await expect(toast(page, 'OAB incluída')).toBeVisible()
  const added = oabs.getByTestId('monitored-oab').filter({ hasText: '222.222/RJ' })
  await expect(added).toContainText('Incluída pelo escritório')
  await added.getByRole('button', { name: 'Remover a OAB 222.222/RJ' }).click()
  await expect(toast(page, 'OAB removida')).toBeVisible()
  await expect(added).toHaveCount(0)
  await oabs.getByRole('button', { name: 'Fechar' }).first().click()
  await expect(oabs).toBeHidden()

  // 'Criar caso': the case dialog prefilled with the number, the court and the órgão as vara.
  const hostile = itemWith(page, 'Fica a parte intimada para')
  const numero = (await hostile.getByTestId('publication-numero').textContent()) ?? ''
  expect(numero).toMatch(/^\d{7}-\d{2}\.\d{4}\.\d\.\d{2}\.\d{4}$/)
  await hostile.getByRole('button', { name: 'Criar caso' }).click()
  const caseDialog = page.getByRole('dialog', { name: 'Novo Caso' })
  await expect(caseDialog.getByLabel('Número do processo (CNJ)')).toHaveValue(numero)
  await expect(caseDialog.getByLabel('Tribunal')).toHaveValue('TJSP')
  await expect(caseDialog.getByLabel('Vara')).toHaveValue(/Vara Cível do Foro Central/)
  await caseDialog.getByLabel('Título *').fill('Caso da intimação')
  await caseDialog.getByRole('combobox', { name: 'Área jurídica *' }).click()
  await page.getByRole('option', { name: 'Civil', exact: true }).click()
  await caseDialog.getByRole('button', { name: 'Cadastrar', exact: true }).click()
  await expect(toast(page, 'Caso cadastrado')).toBeVisible()
  await expect(caseDialog).toBeHidden()
  await expect(hostile.getByRole('link', { name: /Caso da intimação/ })).toBeVisible()

  // 'Vincular a um caso': another communication, to that case.
  const other = items(page).filter({ hasNotText: 'Fica a parte intimada para' }).first()
  const otherText = ((await other.getByTestId('publication-numero').textContent()) ?? '').trim()
  await other.getByRole('button', { name: 'Vincular a um caso' }).click()
  const link = page.getByRole('dialog', { name: 'Vincular a um caso' })
  await link.getByRole('combobox', { name: 'Caso' }).click()
  await page.getByRole('combobox', { name: 'Buscar caso ativo...' }).fill('intimação')
  await page.getByRole('option', { name: /Caso da intimação/ }).click()
  await link.getByRole('button', { name: 'Vincular', exact: true }).click()
  await expect(toast(page, 'Publicação vinculada ao caso')).toBeVisible()
  await expect(items(page).filter({ hasText: otherText }).first()).toContainText('Caso da intimação')
})

test('[PUBLICACOES] the browser sanitises the text again: hostile HTML that reached it unsanitised stays inert', async ({
  page,
}) => {
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  await signUpLawyer(page)
  const started = await page.request.post('/api/publications/capture')
  expect(started.status(), await started.text()).toBe(201)
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/publications/capture')).json()) as { running: unknown })
          .running,
      { timeout: 60_000 },
    )
    .toBeNull()
  // As if the server's own pass had been skipped: every text of the first page is the raw hostile HTML.
  await page.route('**/api/publications?*', async (route) => {
    const response = await route.fetch()
    const body = (await response.json()) as { items: { textoHtml: string }[] }
    for (const item of body.items) item.textoHtml = HOSTILE_HTML
    await route.fulfill({ response, json: body })
  })
  await openInbox(page)
  const texts = page.getByTestId('publication-text')
  await expect(texts.first()).toContainText('Fica a parte intimada para')
  for (const text of await texts.all()) await expectInert(page, text)
  expect(dialogs).toEqual([])
})

test("[PUBLICACOES] /admin/settings shows the platform switch 'Captura de publicações', on by default", async ({
  page,
}) => {
  // Read only: the switch stops every DJEN/DataJud call platform-wide, and other specs share this server.
  await signInAsConfirmedMaster(page.request)
  await page.goto('/admin/settings')
  const capture = page.getByRole('switch', { name: 'Captura de publicações' })
  await expect(capture).toBeVisible({ timeout: 20_000 })
  await expect(capture).toBeChecked()
})
