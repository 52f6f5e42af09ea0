import type { Locator, Page } from '@playwright/test'
import { expect, lawyerData, signUpViaApi, test } from './accounts.fixtures'
import { entityData } from './jobs.fixtures'

// Issue 22: every picker and select of an office dialog opens on the FIRST click, at desktop and phone widths,
// with the dialog's first field still empty and focused; and no "obrigatório" shows before the user has
// changed a field or tried to save. Each step is one click: no retry loop, no second click.

const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 375, height: 740 } },
] as const

test.describe.configure({ timeout: 60_000 })

async function openPage(page: Page, path: string, heading: string) {
  await page.goto(path)
  // The first screen of a fresh context loads the app and checks the session: slow on a busy machine.
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 20_000 })
}

/**
 * One click on a picker's trigger: it must be open afterwards, with its list on screen. An open Radix Select
 * hides the rest of the page from the accessibility tree (the dialog too), so the trigger is then found by id.
 */
async function clickOnceAndExpectOpen(page: Page, trigger: Locator) {
  const id = await trigger.getAttribute('id')
  expect(id).toBeTruthy()
  await trigger.click()
  await expect(page.locator(`[id="${id}"]`)).toHaveAttribute('aria-expanded', 'true')
  await expect(page.getByRole('listbox')).toBeVisible()
}

/** No field of the dialog says it is required or invalid. */
async function expectNoErrors(dialog: Locator) {
  await expect(dialog.getByRole('alert')).toHaveCount(0)
  await expect(dialog.locator('[aria-invalid="true"]')).toHaveCount(0)
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`${name} (${viewport.width}px)`, () => {
    test.use({ viewport })

    test(`[FIRST-CLICK] Novo Caso: the client picker opens on the first click (${name})`, async ({
      page,
    }) => {
      await signUpViaApi(page.request, lawyerData())
      const created = await page.request.post('/api/clients', {
        data: { nomeCompleto: 'Clara Primeiro Clique', status: 'ativo' },
      })
      expect(created.status(), await created.text()).toBe(201)
      await openPage(page, '/dashboard/cases', 'Casos & Processos')

      await page.getByRole('button', { name: 'Novo Caso' }).click()
      const dialog = page.getByRole('dialog', { name: 'Novo Caso' })
      const titulo = dialog.getByLabel('Título')
      await expect(titulo).toBeFocused()
      await expect(titulo).toHaveValue('')

      const picker = dialog.getByRole('combobox', { name: 'Cliente' })
      await clickOnceAndExpectOpen(page, picker)
      await expectNoErrors(dialog)
      await page.getByRole('option', { name: 'Clara Primeiro Clique' }).click()
      await expect(picker).toHaveText('Clara Primeiro Clique')
      await expectNoErrors(dialog)

      // A changed field left invalid shows its message, but only once the press on the picker below it has
      // ended: the message would push the picker down under the pointer. The press alone opens the picker.
      await dialog.getByLabel('Número do processo').fill('00012347220248260100')
      const box = await picker.boundingBox()
      if (!box) throw new Error('the client picker has no box')
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
      await page.mouse.down()
      await expect(page.locator('#case-cliente')).toHaveAttribute('aria-expanded', 'true')
      // A person's press lasts about this long; the message must not come in meanwhile.
      await page.waitForTimeout(300)
      await expect(page.getByText('Número do processo inválido')).toHaveCount(0)
      await page.mouse.up()
      await expect(page.getByText('Número do processo inválido')).toBeVisible()
      await expect(page.locator('#case-cliente')).toHaveAttribute('aria-expanded', 'true')
      await expect(page.getByRole('listbox')).toBeVisible()
      await page.screenshot({ path: test.info().outputPath(`novo-caso-cliente-${name}.png`) })
      await page.keyboard.press('Escape')
      await expect(picker).toHaveAttribute('aria-expanded', 'false')
      await expect(dialog.getByText('Título é obrigatório')).toHaveCount(0)

      // Saving is what shows the required fields that were never touched.
      await dialog.getByRole('button', { name: 'Cadastrar' }).click()
      await expect(dialog.getByText('Título é obrigatório')).toBeVisible()
    })

    test(`[FIRST-CLICK] Novo Lançamento: the client picker opens on the first click (${name})`, async ({
      page,
    }) => {
      await signUpViaApi(page.request, lawyerData())
      const created = await page.request.post('/api/clients', {
        data: { nomeCompleto: 'Lúcia Primeiro Clique', status: 'ativo' },
      })
      expect(created.status(), await created.text()).toBe(201)
      await openPage(page, '/dashboard/financial', 'Financeiro')

      await page.getByRole('button', { name: 'Novo Lançamento' }).click()
      const dialog = page.getByRole('dialog', { name: 'Novo Lançamento' })
      await expect(dialog).toBeVisible()
      // Through the first field, then straight to the picker.
      await dialog.getByLabel('Descrição').click()
      const picker = dialog.getByRole('combobox', { name: 'Cliente' })
      await clickOnceAndExpectOpen(page, picker)
      await expectNoErrors(dialog)
      await page.getByRole('option', { name: 'Lúcia Primeiro Clique' }).click()
      await expect(picker).toHaveText('Lúcia Primeiro Clique')
      await expectNoErrors(dialog)

      // By keyboard: the focus is back on the picker, and Enter opens it at once.
      await expect(picker).toBeFocused()
      await page.keyboard.press('Enter')
      await expect(page.locator('#entry-cliente')).toHaveAttribute('aria-expanded', 'true')
      await page.keyboard.press('Escape')
      await expect(picker).toHaveAttribute('aria-expanded', 'false')
      await expectNoErrors(dialog)
    })

    test(`[FIRST-CLICK] Novo Evento: the type select opens on the first click and Hora follows it (${name})`, async ({
      page,
    }) => {
      await signUpViaApi(page.request, lawyerData())
      await openPage(page, '/dashboard/schedule', 'Agenda & Prazos')

      await page.getByRole('button', { name: 'Novo Evento' }).first().click()
      const dialog = page.getByRole('dialog', { name: 'Novo Evento' })
      const titulo = dialog.getByLabel('Título')
      await expect(titulo).toBeFocused()
      await expect(titulo).toHaveValue('')
      const tipo = dialog.getByRole('combobox', { name: 'Tipo' })
      const hora = dialog.getByLabel('Hora')

      await clickOnceAndExpectOpen(page, tipo)
      await expectNoErrors(dialog)
      await page.getByRole('option', { name: 'Prazo', exact: true }).click()
      await expect(tipo).toHaveText('Prazo')
      await expect(hora).toBeDisabled()

      await clickOnceAndExpectOpen(page, tipo)
      await page.getByRole('option', { name: 'Audiência', exact: true }).click()
      await expect(tipo).toHaveText('Audiência')
      await expect(hora).toBeEnabled()
      await expectNoErrors(dialog)

      // Saving shows what is missing; a prazo needs no time, and the message under Hora goes with the type.
      await dialog.getByRole('button', { name: 'Salvar Evento' }).click()
      await expect(dialog.getByText('Informe o título.')).toBeVisible()
      await expect(dialog.getByText('Informe a hora do evento.')).toBeVisible()
      await clickOnceAndExpectOpen(page, tipo)
      await page.getByRole('option', { name: 'Prazo', exact: true }).click()
      await expect(hora).toBeDisabled()
      await expect(dialog.getByText('Informe a hora do evento.')).toHaveCount(0)
      await expect(dialog.getByText('Informe o título.')).toBeVisible()
    })

    test(`[FIRST-CLICK] Nova Vaga: the entity panel's button opens the dialog on the first click (${name})`, async ({
      page,
    }) => {
      await signUpViaApi(page.request, entityData(`Primeiro Clique ${Date.now().toString(36)}`))
      // The panel's figures (and its 'Ver página pública' link) are held back until the button is pressed.
      let deliverPanel = () => {}
      const panelHeld = new Promise<void>((resolve) => (deliverPanel = resolve))
      await page.route('**/api/entities/panels/entity', async (route) => {
        await panelHeld
        await route.continue()
      })
      await page.goto('/dashboard')
      const button = page
        .getByRole('region', { name: 'Painel da Entidade' })
        .getByRole('button', { name: 'Nova Vaga' })
      await expect(button).toBeVisible({ timeout: 20_000 })
      const box = await button.boundingBox()
      if (!box) throw new Error("'Nova Vaga' has no box")

      // One click whose press comes while the panel loads and whose release comes after it arrived.
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
      await page.mouse.down()
      deliverPanel()
      await expect(page.getByRole('link', { name: 'Ver página pública' })).toBeVisible()
      await expect(page.getByText('Nenhuma vaga aberta', { exact: true })).toBeVisible()
      await page.screenshot({ path: test.info().outputPath(`entity-panel-${name}.png`) })
      await page.mouse.up()

      const dialog = page.getByRole('dialog', { name: 'Nova Vaga' })
      await expect(dialog).toBeVisible()
      // The button stayed where it was pressed (the link came in beside it). The open dialog hides the panel
      // from role queries, so the button is found by its text.
      expect(await page.locator('button', { hasText: 'Nova Vaga' }).boundingBox()).toEqual(box)
      await expect(dialog.getByLabel('Título *')).toBeFocused()
      await expect(dialog.getByLabel('Título *')).toHaveValue('')
      await dialog.getByLabel('Tipo *').selectOption('Estágio')
      await expect(dialog.getByLabel('Tipo *')).toHaveValue('Estágio')
      await expectNoErrors(dialog)

      // Its messages come with 'Publicar vaga', not before.
      await dialog.getByRole('button', { name: 'Publicar vaga' }).click()
      await expect(dialog.getByText('Informe a descrição da vaga')).toBeVisible()
    })

    test(`[FIRST-CLICK] Novo Membro: the level select opens on the first click (${name})`, async ({
      page,
    }) => {
      await signUpViaApi(page.request, lawyerData({ nomeCompleto: 'Sofia Sócia' }))
      await openPage(page, '/dashboard/team', 'Equipe & Permissões')

      await page.getByRole('button', { name: 'Novo Membro' }).click()
      const dialog = page.getByRole('dialog', { name: 'Novo Membro' })
      const nome = dialog.getByLabel('Nome completo')
      await expect(nome).toBeFocused()
      await expect(nome).toHaveValue('')

      const nivel = dialog.getByRole('combobox', { name: 'Nível de acesso' })
      await clickOnceAndExpectOpen(page, nivel)
      await expectNoErrors(dialog)
      await page.getByRole('option', { name: 'Associado', exact: true }).click()
      await expect(nivel).toHaveText('Associado')
      await expectNoErrors(dialog)

      await dialog.getByRole('button', { name: 'Adicionar Membro' }).click()
      await expect(dialog.getByText('Nome completo é obrigatório')).toBeVisible()
    })
  })
}
