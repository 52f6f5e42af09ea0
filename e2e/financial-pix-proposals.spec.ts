import fs from 'node:fs/promises'
import type { APIRequestContext, Page, TestInfo } from '@playwright/test'
import { addDaysISO, formatDateBR, todayISO } from '../src/lib/br/dates'
import { parsePixPayload } from '../src/lib/br/pix'
import { pdfText } from '../src/test/pdf-text'
import {
  expect,
  lawyerData,
  seriousViolations,
  signUpViaApi,
  test,
  toast,
  uniqueEmail,
} from './accounts.fixtures'

// Issue 11, the Financeiro quick actions made real: 'Proposta de honorários' (create, PDF, accept → its
// receivables in the list) and the Pix charge of a pending receita (QR + "Pix copia e cola" that parses).
// Each test signs its own lawyer up: the sócio of their own office.

test.describe.configure({ timeout: 90_000 })

async function signUpWithCase(page: Page, titulo: string) {
  await signUpViaApi(page.request, lawyerData({ email: uniqueEmail('pix') }))
  const client = await page.request.post('/api/clients', { data: { nomeCompleto: 'Helena Cliente' } })
  expect(client.status(), await client.text()).toBe(201)
  const clientId = ((await client.json()) as { id: string }).id
  const created = await page.request.post('/api/cases', { data: { titulo, areaJuridica: 'Civil', clientId } })
  expect(created.status(), await created.text()).toBe(201)
  return { clientId, caseId: ((await created.json()) as { id: string }).id }
}

/** The office's Pix key, name and city, through the settings API (the settings page is another spec's). */
async function configurePix(request: APIRequestContext) {
  const current = await request.get('/api/office-settings')
  expect(current.status(), await current.text()).toBe(200)
  const settings = (await current.json()) as Record<string, unknown>
  const saved = await request.put('/api/office-settings', {
    data: {
      ...settings,
      pixTipo: 'email',
      pixChave: 'financeiro@helena-advocacia.adv.br',
      pixNome: 'Helena Advocacia',
      pixCidade: 'São Paulo',
    },
  })
  expect(saved.status(), await saved.text()).toBe(200)
}

async function openFinancial(page: Page) {
  await page.goto('/dashboard/financial')
  await expect(page.getByRole('heading', { level: 1, name: 'Financeiro & Faturamento' })).toBeVisible({
    timeout: 20_000,
  })
}

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true })
}

test('[FINANCIAL-PIX] a fee proposal: created, its PDF downloaded, accepted into three receivables', async ({
  page,
}, testInfo) => {
  const titulo = 'Ação revisional de contrato'
  await signUpWithCase(page, titulo)
  await openFinancial(page)

  await page.getByRole('button', { name: 'Gerar Proposta' }).click()
  const dialog = page.getByRole('dialog', { name: 'Propostas de honorários' })
  await expect(dialog.getByText('Nenhuma proposta encontrada.')).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  await dialog.getByRole('button', { name: 'Nova proposta' }).click()
  const form = page.getByRole('dialog', { name: 'Nova proposta' })
  // Nothing chosen yet: the client and the amount are asked for, in pt-BR.
  await form.getByRole('button', { name: 'Salvar proposta' }).click()
  await expect(form.getByText('Selecione o cliente.')).toBeVisible()
  await expect(form.getByText('Informe o valor dos honorários (maior que zero).')).toBeVisible()

  await form.getByRole('combobox', { name: 'Cliente' }).click()
  await page.getByRole('option', { name: 'Helena Cliente' }).click()
  await form.getByRole('combobox', { name: 'Processo (opcional)' }).click()
  await page.getByRole('combobox', { name: 'Buscar caso ativo...' }).fill('revisional')
  await page.getByRole('option', { name: titulo }).click()
  await form.getByLabel('Valor dos honorários (R$)').fill('3.000,00')
  await form.getByLabel('Número de parcelas').fill('3')
  const first = addDaysISO(todayISO(), 10)
  await form.getByLabel('Vencimento da 1ª parcela').fill(first)
  // The parcels are previewed as the server will create them.
  await expect(form.getByText(`1/3 · ${formatDateBR(first)} · R$\u00a01.000,00`)).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await screenshot(page, testInfo, 'proposal-form')
  await form.getByRole('button', { name: 'Salvar proposta' }).click()
  await expect(toast(page, 'Proposta criada.')).toBeVisible()

  const row = dialog.getByTestId('proposal-row').filter({ hasText: 'Helena Cliente' })
  await expect(row).toContainText('Rascunho')
  await expect(row).toContainText('R$\u00a03.000,00 em 3x')

  const download = page.waitForEvent('download')
  await row.getByRole('link', { name: 'Baixar PDF' }).click()
  const pdf = await download
  expect(pdf.suggestedFilename()).toMatch(/^proposta-honorarios-[0-9a-f]{8}\.pdf$/)
  const text = (await pdfText(new Uint8Array(await fs.readFile(await pdf.path())))).replace(/\u00a0/g, ' ')
  expect(text).toContain('Proposta de Honorários Advocatícios')
  expect(text).toContain('Contratante: Helena Cliente')
  expect(text).toContain('Parte fixa: R$ 3.000,00, em 3 parcelas mensais.')

  await row.getByRole('button', { name: 'Marcar como aceita' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Marcar a proposta como aceita?' })
  await expect(confirm).toContainText('Serão criados 3 lançamentos a receber, somando R$\u00a03.000,00')
  expect(await seriousViolations(page)).toEqual([])
  await confirm.getByRole('button', { name: 'Marcar como aceita' }).click()
  await expect(toast(page, 'Proposta aceita: 3 lançamentos a receber criados.')).toBeVisible()
  await expect(row).toContainText('Aceita')
  await expect(row.getByRole('button', { name: 'Marcar como aceita' })).toHaveCount(0)

  // Closed, the Financeiro list shows the three parcels of the accepted proposal.
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  const parcels = page.getByText(`Honorários - ${titulo}`)
  await expect(parcels).toHaveCount(3)
  await screenshot(page, testInfo, 'proposal-accepted')
})

test('[FINANCIAL-PIX] Pix on a pending receita: a QR and a "copia e cola" that parses back', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 375, height: 800 })
  await signUpWithCase(page, 'Cobrança Pix')
  const entry = await page.request.post('/api/financial/entries', {
    data: {
      tipo: 'receita',
      categoria: 'honorarios',
      descricao: 'Honorários de novembro',
      valor: '1500.50',
      dataVencimento: addDaysISO(todayISO(), 5),
    },
  })
  expect(entry.status(), await entry.text()).toBe(201)
  await openFinancial(page)

  const row = page.getByTestId('financial-entry').filter({ hasText: 'Honorários de novembro' })
  // Without a Pix key the dialog says where to set one.
  await row.getByRole('button', { name: 'Pix', exact: true }).click()
  let dialog = page.getByRole('dialog', { name: 'Cobrança Pix' })
  await expect(dialog.getByRole('alert')).toHaveText(
    'Configure a chave Pix do escritório em Configurações Avançadas.',
  )
  await expect(dialog.getByRole('link', { name: 'Abrir Configurações Avançadas' })).toHaveAttribute(
    'href',
    '/dashboard/advanced-settings',
  )
  await dialog.getByRole('button', { name: 'Fechar' }).first().click()

  await configurePix(page.request)
  await row.getByRole('button', { name: 'Pix', exact: true }).click()
  dialog = page.getByRole('dialog', { name: 'Cobrança Pix' })
  await expect(dialog.getByTestId('pix-valor')).toHaveText('R$\u00a01.500,50')
  const qr = dialog.getByRole('img', { name: 'QR Code Pix de R$\u00a01.500,50' })
  await expect(qr).toBeVisible()
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/)
  const payload = await dialog.getByLabel('Pix copia e cola').inputValue()
  const parsed = parsePixPayload(payload)
  expect(parsed).toMatchObject({
    chave: 'financeiro@helena-advocacia.adv.br',
    valorCents: 150050,
    nome: 'Helena Advocacia',
    cidade: 'Sao Paulo',
  })
  expect(parsed.txid).toMatch(/^JC[0-9A-F]{23}$/)
  // Opening the dialog issued the charge (a POST); the GET reads back the very same code.
  const { items } = (await entry.json()) as { items: { id: string }[] }
  const read = await page.request.get(`/api/financial/entries/${items[0]?.id}/pix`)
  expect(read.status(), await read.text()).toBe(200)
  expect(((await read.json()) as { payload: string }).payload).toBe(payload)
  expect(await seriousViolations(page)).toEqual([])
  await screenshot(page, testInfo, 'pix-dialog-375')
})
