import fs from 'node:fs/promises'
import type { Page } from '@playwright/test'
import PizZip from 'pizzip'
import { formatCpf, generateCpf } from '../src/lib/br/cpf'
import { pdfText } from '../src/test/pdf-text'
import { expect, lawyerData, seriousViolations, signUpViaApi, test, toast } from './accounts.fixtures'

// Modelos de documentos (issue 25) as a lawyer uses them: the office's five templates in Documentos →
// Modelos, a procuração generated for a client (missing fields filled in the preview), its PDF and DOCX
// downloaded and read back, and a template edited in the rich-text editor.

test.describe.configure({ timeout: 90_000 })

const SEEDED = [
  'Procuração ad judicia et extra',
  'Contrato de Prestação de Serviços Advocatícios',
  'Declaração de Hipossuficiência',
  'Substabelecimento',
  'Recibo de Honorários',
]

interface Client {
  id: string
  nome: string
  cpf: string
}

/**
 * A pessoa física with RG and, unless `withoutCpf`, a CPF sent as bare digits (the documents must show it
 * formatted).
 */
async function createClient(page: Page, nome: string, { withoutCpf = false } = {}): Promise<Client> {
  const digits = generateCpf()
  const cpf = formatCpf(digits)
  const response = await page.request.post('/api/clients', {
    data: {
      nomeCompleto: nome,
      tipoPessoa: 'fisica',
      documento: withoutCpf ? '' : digits.replace(/\D/g, ''),
      rg: '12.345.678-9',
      rgOrgaoEmissor: 'SSP/SP',
      email: 'helena.duarte@example.com',
      endereco: 'Rua das Flores, 10',
      cep: '01310-100',
      estadoId: 35,
      cidadeId: 3550308,
    },
  })
  expect(response.status(), await response.text()).toBe(201)
  return { id: ((await response.json()) as { id: string }).id, nome, cpf }
}

async function createCase(page: Page, clientId: string) {
  const response = await page.request.post('/api/cases', {
    data: { titulo: 'Ação de Indenização', areaJuridica: 'Civil', clientId },
  })
  expect(response.status(), await response.text()).toBe(201)
}

async function openTemplates(page: Page) {
  await page.goto('/dashboard/documents')
  await expect(page.getByRole('heading', { level: 1, name: 'Gestão de Documentos' })).toBeVisible({
    timeout: 20_000,
  })
  await page.getByRole('tab', { name: 'Modelos' }).click()
  await expect(page.getByRole('heading', { name: 'Modelos de documentos' })).toBeVisible()
}

const templates = (page: Page) => page.getByRole('list', { name: 'Modelos do escritório' })

/** Downloads through the link named `label` and returns the saved bytes. */
async function download(page: Page, label: string) {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: label }).click(),
  ])
  return { bytes: await fs.readFile(await file.path()), name: file.suggestedFilename() }
}

/** The text of a .docx as a reader sees it: word/document.xml without its tags (runs joined). */
function docxText(bytes: Buffer): string {
  const xml = new PizZip(bytes).file('word/document.xml')?.asText() ?? ''
  return xml
    .replace(/<w:tab\/>/g, ' ')
    .replace(/<\/w:p>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}

const flat = (text: string) => text.replace(/\s+/g, ' ')

/** The smallest Word file: one paragraph per line of `lines` (fields typed as in Word, `{cliente.nome}`). */
function makeDocx(lines: string[]): Buffer {
  const zip = new PizZip()
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  )
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  )
  const paragraphs = lines
    .map((line) => `<w:p><w:r><w:t xml:space="preserve">${line}</w:t></w:r></w:p>`)
    .join('')
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraphs}</w:body></w:document>`,
  )
  return zip.generate({ type: 'nodebuffer' })
}

test('[TEMPLATES] generates a procuração for a client: missing field filled, PDF and DOCX with name and CPF', async ({
  page,
}, testInfo) => {
  await signUpViaApi(page.request, lawyerData())
  const client = await createClient(page, `Helena Duarte ${Date.now().toString(36)}`)
  await createCase(page, client.id)
  await openTemplates(page)

  for (const name of SEEDED)
    await expect(templates(page).getByRole('heading', { name, exact: true })).toBeVisible()
  await expect(templates(page).getByRole('listitem')).toHaveCount(5)
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('templates-tab.png'), fullPage: true })

  await page.getByRole('button', { name: 'Gerar documento: Procuração ad judicia et extra' }).click()
  const dialog = page.getByRole('dialog', { name: 'Gerar documento' })
  await expect(dialog.getByRole('combobox', { name: 'Modelo' })).toContainText(
    'Procuração ad judicia et extra',
  )
  await dialog.getByRole('combobox', { name: 'Cliente', exact: true }).click()
  await page.getByRole('combobox', { name: 'Buscar cliente ativo...' }).fill('Helena')
  await page.getByRole('option', { name: client.nome, exact: true }).click()
  await dialog.getByRole('combobox', { name: 'Caso (opcional)' }).click()
  await page.getByRole('option', { name: 'Ação de Indenização', exact: true }).click()
  expect(await seriousViolations(page)).toEqual([])
  await dialog.getByRole('button', { name: 'Pré-visualizar' }).click()

  // The preview: the client's data filled in, each missing field highlighted and offered as an input (a
  // new office has no address yet: 'Campo sem valor: Endereço do escritório').
  const preview = dialog.getByRole('document', { name: 'Pré-visualização' })
  await expect(preview).toContainText(client.nome)
  await expect(preview).toContainText(client.cpf)
  await expect(preview).toContainText('RG nº 12.345.678-9 SSP/SP')
  const missing = preview.locator('mark[data-missing]')
  await expect(missing.first()).toContainText('Campo sem valor: ')
  const count = await missing.count()
  expect(count).toBeGreaterThan(0)
  const label = ((await missing.first().textContent()) ?? '').replace('Campo sem valor: ', '').trim()
  await expect(dialog.getByRole('button', { name: 'Gerar assim mesmo' })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('templates-preview.png'), fullPage: true })

  const sameField = missing.filter({ hasText: `Campo sem valor: ${label}` })
  const repeated = await sameField.count()
  await dialog.getByLabel(label, { exact: true }).fill('Arquiteta Paisagista')
  await expect(preview).toContainText('Arquiteta Paisagista')
  await expect(sameField).toHaveCount(0)
  await expect(missing).toHaveCount(count - repeated)
  await dialog.getByRole('button', { name: /^Gerar( assim mesmo)?$/ }).click()
  await expect(toast(page, 'Documento gerado.')).toBeVisible({ timeout: 30_000 })
  await expect(dialog.getByRole('status').filter({ hasText: 'gerado e salvo em Documentos' })).toBeVisible()

  const pdf = await download(page, 'Baixar PDF')
  expect(pdf.name).toMatch(/\.pdf$/i)
  const pdfContent = flat(await pdfText(new Uint8Array(pdf.bytes)))
  expect(pdfContent).toContain(client.nome)
  expect(pdfContent).toContain(client.cpf)
  expect(pdfContent).toContain('Arquiteta Paisagista')

  const docx = await download(page, 'Baixar DOCX')
  expect(docx.name).toMatch(/\.docx$/i)
  const docxContent = flat(docxText(docx.bytes))
  expect(docxContent).toContain(client.nome)
  expect(docxContent).toContain(client.cpf)
  expect(docxContent).toContain('Arquiteta Paisagista')

  // The generated PDF goes to signature from here, the client as signer (the signing: signatures.spec.ts).
  await dialog.getByRole('button', { name: /^Enviar Procuração .* para assinatura$/ }).click()
  const send = page.getByRole('dialog', { name: 'Enviar para assinatura' })
  await expect(send.getByLabel('Nome completo')).toHaveValue(client.nome)
  await send.getByRole('button', { name: 'Cancelar' }).click()
  await expect(send).toBeHidden()

  // Both documents are in Documentos, linked to the client.
  await dialog.getByRole('link', { name: 'Abrir em Documentos' }).click()
  await expect(page).toHaveURL(/\/dashboard\/documents\?clientId=/)
  await expect(page.getByRole('row').filter({ hasText: 'Procuração' })).toHaveCount(2)

  // The client's and the case's screens open the same dialog with their record chosen.
  await page.goto('/dashboard/crm')
  await page.getByRole('button', { name: `Editar cliente ${client.nome}` }).click()
  await page
    .getByRole('dialog', { name: 'Editar Cliente' })
    .getByRole('button', { name: 'Gerar documento' })
    .click()
  const fromClient = page.getByRole('dialog', { name: 'Gerar documento' })
  await expect(fromClient.getByRole('combobox', { name: 'Cliente', exact: true })).toHaveText(client.nome)
  await fromClient.getByRole('button', { name: 'Cancelar' }).click()
  await expect(fromClient).toBeHidden()
  await page.goto('/dashboard/cases')
  await page.getByRole('button', { name: 'Editar caso Ação de Indenização' }).click()
  await page
    .getByRole('dialog', { name: 'Editar Caso' })
    .getByRole('button', { name: 'Gerar documento' })
    .click()
  const fromCase = page.getByRole('dialog', { name: 'Gerar documento' })
  await expect(fromCase.getByRole('combobox', { name: 'Cliente', exact: true })).toHaveText(client.nome)
  await expect(fromCase.getByRole('combobox', { name: 'Caso (opcional)' })).toHaveText('Ação de Indenização')
})

test('[TEMPLATES] edits a template in the editor: bold text and a field persist after a reload', async ({
  page,
}, testInfo) => {
  await signUpViaApi(page.request, lawyerData())
  await openTemplates(page)
  await page.getByRole('button', { name: 'Editar o modelo Recibo de Honorários' }).click()
  const dialog = page.getByRole('dialog', { name: 'Editar modelo' })
  const text = dialog.getByRole('textbox', { name: 'Texto do modelo' })
  await expect(text).toContainText('{', { timeout: 20_000 })
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('templates-editor.png'), fullPage: true })

  // Keyboard: the end of the text, a new paragraph, Ctrl+B, typing (the button shows it pressed).
  await text.click()
  await page.keyboard.press('Control+End')
  await page.keyboard.press('Enter')
  await page.keyboard.press('Control+b')
  const bold = dialog.getByRole('button', { name: 'Negrito' })
  await expect(bold).toHaveAttribute('aria-pressed', 'true')
  await page.keyboard.type('Cláusula em negrito e2e')
  await page.keyboard.press('Control+b')
  await expect(bold).toHaveAttribute('aria-pressed', 'false')
  await page.keyboard.type(' para ')
  // 'Inserir campo' types the field at the cursor.
  await dialog.getByRole('button', { name: 'Inserir campo' }).click()
  await expect(page.getByRole('menu')).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.getByRole('menuitem', { name: /\{cliente\.cpf_cnpj\}/ }).click()
  await expect(text).toBeFocused()
  await expect(text.locator('strong', { hasText: 'Cláusula em negrito e2e' })).toBeVisible()
  await expect(text).toContainText('Cláusula em negrito e2e para {cliente.cpf_cnpj}')
  await dialog.getByRole('button', { name: 'Salvar modelo' }).click()
  await expect(toast(page, 'Modelo salvo.')).toBeVisible()
  await expect(dialog).toBeHidden()

  // A Word file with a field the catalogue lacks is refused, naming it; the corrected file is listed.
  await page.getByRole('button', { name: 'Enviar modelo Word (.docx)' }).click()
  const upload = page.getByRole('dialog', { name: 'Enviar modelo Word (.docx)' })
  const docx = { mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }
  await upload.getByLabel('Arquivo .docx').setInputFiles({
    name: 'Declaração do escritório.docx',
    buffer: makeDocx(['Declaro que {cliente.nome}, conhecido como {cliente.apelido}, é cliente.']),
    ...docx,
  })
  await expect(upload.getByLabel('Nome', { exact: true })).toHaveValue('Declaração do escritório')
  await upload.getByRole('button', { name: 'Enviar modelo' }).click()
  await expect(upload.getByRole('alert')).toContainText('Campos desconhecidos:')
  await expect(upload.getByRole('alert').getByRole('listitem')).toHaveText(['{cliente.apelido}'])
  expect(await seriousViolations(page)).toEqual([])
  await upload.getByLabel('Arquivo .docx').setInputFiles({
    name: 'Declaração do escritório.docx',
    buffer: makeDocx(['Declaro que {cliente.nome}, CPF {cliente.cpf_cnpj}, é cliente.']),
    ...docx,
  })
  await upload.getByRole('button', { name: 'Enviar modelo' }).click()
  await expect(toast(page, 'Modelo enviado.')).toBeVisible()
  const uploaded = templates(page).getByRole('listitem').filter({ hasText: 'Declaração do escritório' })
  await expect(uploaded).toContainText('Word')
  await expect(templates(page).getByRole('listitem')).toHaveCount(6)
  await page.getByRole('button', { name: 'Excluir o modelo Declaração do escritório' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Excluir modelo?' })
  await expect(confirm).toContainText('Os documentos já gerados com ele continuam em Documentos.')
  await confirm.getByRole('button', { name: 'Excluir' }).click()
  await expect(toast(page, 'Modelo excluído.')).toBeVisible()
  await expect(templates(page).getByRole('listitem')).toHaveCount(5)

  await page.reload()
  await page.getByRole('tab', { name: 'Modelos' }).click()
  await page.getByRole('button', { name: 'Editar o modelo Recibo de Honorários' }).click()
  const reopened = page
    .getByRole('dialog', { name: 'Editar modelo' })
    .getByRole('textbox', { name: 'Texto do modelo' })
  await expect(reopened.locator('strong', { hasText: 'Cláusula em negrito e2e' })).toBeVisible({
    timeout: 20_000,
  })
  await expect(reopened).toContainText('Cláusula em negrito e2e para {cliente.cpf_cnpj}')
})

test('[TEMPLATES] at 375 px: the tab, a preview that names what the client lacks, and the editor', async ({
  page,
}, testInfo) => {
  await signUpViaApi(page.request, lawyerData())
  const client = await createClient(page, `Caio Sem Documento ${Date.now().toString(36)}`, {
    withoutCpf: true,
  })
  await page.setViewportSize({ width: 375, height: 812 })
  await openTemplates(page)
  await expect(templates(page).getByRole('listitem')).toHaveCount(5)
  expect(await seriousViolations(page)).toEqual([])
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  // A dialog is fixed: the page never scrolls sideways, so its own content is measured too.
  const dialogOverflow = (name: string) =>
    page.getByRole('dialog', { name }).evaluate((element) => element.scrollWidth - element.clientWidth)
  expect(await overflow()).toBeLessThanOrEqual(0)
  await page.screenshot({ path: testInfo.outputPath('templates-tab-phone.png'), fullPage: true })

  await page.getByRole('button', { name: 'Gerar documento: Declaração de Hipossuficiência' }).click()
  const dialog = page.getByRole('dialog', { name: 'Gerar documento' })
  await dialog.getByRole('button', { name: 'Pré-visualizar' }).click()
  await expect(dialog.getByText('Selecione o cliente.')).toBeVisible()
  await dialog.getByRole('combobox', { name: 'Cliente', exact: true }).click()
  await page.getByRole('combobox', { name: 'Buscar cliente ativo...' }).fill('Caio')
  await page.getByRole('option', { name: client.nome, exact: true }).click()
  await expect(dialog.getByText('Selecione o cliente.')).toBeHidden()
  await dialog.getByRole('button', { name: 'Pré-visualizar' }).click()
  const preview = dialog.getByRole('document', { name: 'Pré-visualização' })
  await expect(
    preview.locator('mark', { hasText: 'Campo sem valor: CPF/CNPJ do cliente' }).first(),
  ).toBeVisible()
  await expect(dialog.getByLabel('CPF/CNPJ do cliente', { exact: true })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  expect(await dialogOverflow('Gerar documento')).toBeLessThanOrEqual(0)
  await page.screenshot({ path: testInfo.outputPath('templates-preview-phone.png') })
  await dialog.getByRole('button', { name: 'Voltar' }).click()
  await dialog.getByRole('button', { name: 'Cancelar' }).click()
  await expect(dialog).toBeHidden()

  await page.getByRole('button', { name: 'Editar o modelo Substabelecimento' }).click()
  const editor = page.getByRole('dialog', { name: 'Editar modelo' })
  await expect(editor.getByRole('textbox', { name: 'Texto do modelo' })).toContainText('SUBSTABELECIMENTO', {
    timeout: 20_000,
  })
  expect(await seriousViolations(page)).toEqual([])
  expect(await dialogOverflow('Editar modelo')).toBeLessThanOrEqual(0)
  await page.screenshot({ path: testInfo.outputPath('templates-editor-phone.png') })
})
