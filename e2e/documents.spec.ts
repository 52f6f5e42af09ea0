import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import { deflateSync } from 'node:zlib'
import type { Page } from '@playwright/test'
import {
  expect,
  lawyerData,
  seriousViolations,
  signUpViaApi,
  test,
  toast,
  pickSelect,
} from './accounts.fixtures'

// 'Gestão de Documentos' as a lawyer uses it. Each test signs its own lawyer up (its own office, so counts
// are exact) from its own client address (accounts.fixtures.ts), and makes its files here: a real PDF and
// a real PNG, judged by content on the server.

test.describe.configure({ timeout: 60_000 })

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

/** A small valid PDF; `padding` bytes of comment make it as big as a test needs (and unique). */
function makePdf(padding = 0): Buffer {
  const body = [
    '%PDF-1.4',
    `% ${randomBytes(8).toString('hex')}`,
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
    `% ${'x'.repeat(padding)}`,
    'trailer << /Root 1 0 R >>',
    '%%EOF',
    '',
  ].join('\n')
  return Buffer.from(body, 'latin1')
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
function crc32(bytes: Buffer) {
  let c = 0xffffffff
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(typed))
  return Buffer.concat([length, typed, crc])
}
/** A real 8×8 RGB PNG of random colours. */
function makePng(): Buffer {
  const size = 8
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header.set([8, 2, 0, 0, 0], 8)
  const rows = Buffer.concat(
    Array.from({ length: size }, () => Buffer.concat([Buffer.from([0]), randomBytes(size * 3)])),
  )
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

type Meta = { pasta?: string; nivelAcesso?: string; etiquetas?: string; clientId?: string }

/** Uploads through the API (what the dialog does, without the clicks) and returns the document. */
async function uploadViaApi(page: Page, name: string, bytes: Buffer, meta: Meta = {}) {
  const params = new URLSearchParams({ name, pasta: 'contratos', nivelAcesso: 'publico', ...meta })
  const response = await page.request.post(`/api/documents?${params}`, {
    data: bytes,
    headers: { 'content-type': 'application/octet-stream' },
  })
  expect(response.status(), await response.text()).toBe(201)
  return ((await response.json()) as { document: { id: string; nome: string } }).document
}

async function signUpAndOpen(page: Page) {
  await signUpViaApi(page.request, lawyerData())
  await openDocuments(page)
}

async function openDocuments(page: Page, query = '') {
  await page.goto(`/dashboard/documents${query}`)
  // The first screen of a fresh context loads the app and checks the session: slow on a busy machine.
  await expect(page.getByRole('heading', { level: 1, name: 'Gestão de Documentos' })).toBeVisible({
    timeout: 20_000,
  })
}

const stat = (page: Page, key: string) => page.getByTestId(`document-stat-${key}`)
const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name })

/** Downloads through the link named `label` and returns the saved bytes. */
async function download(page: Page, label: string) {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: label }).click(),
  ])
  return { bytes: await fs.readFile(await file.path()), name: file.suggestedFilename() }
}

test('[DOCUMENTS] uploads a PDF and a PNG with progress bars, lists them and downloads the same bytes', async ({
  page,
}) => {
  await signUpAndOpen(page)
  await expect(page.getByText('Nenhum documento encontrado.')).toBeVisible()
  await expect(page.getByText('Faça upload dos seus primeiros documentos!')).toBeVisible()
  await expect(stat(page, 'total')).toContainText('0')
  await expect(stat(page, 'pastas')).toContainText('5')

  const pdf = makePdf(1_500_000)
  const png = makePng()
  // A slow uplink, so that the progress bar is seen moving (DevTools throttling, bytes per second).
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 750_000,
  })

  await page.getByRole('button', { name: 'Fazer Upload' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Fazer Upload' })
  await expect(dialog.getByText('PDF, DOC, DOCX, XLS, XLSX, JPG, PNG (máx. 10MB)')).toBeVisible()
  await dialog.getByTestId('document-file-input').setInputFiles([
    { name: 'Contrato de Honorários.pdf', mimeType: 'application/pdf', buffer: pdf },
    { name: 'procuração-assinada.png', mimeType: 'image/png', buffer: png },
  ])
  await expect(dialog.getByTestId('upload-item')).toHaveCount(2)
  await pickSelect(page, 'Nível de acesso', 'Confidencial', { exact: true })
  await dialog.getByLabel('Etiquetas').fill('honorários, Urgente')
  await dialog.getByLabel('Observações').fill('Assinado em cartório')
  await dialog.getByRole('button', { name: 'Fazer Upload' }).click()

  const bar = dialog.getByRole('progressbar', { name: 'Envio de Contrato de Honorários.pdf' })
  await expect
    .poll(async () => Number((await bar.getAttribute('aria-valuenow')) ?? 0), { timeout: 10_000 })
    .toBeGreaterThan(0)
  const midway = Number(await bar.getAttribute('aria-valuenow'))
  expect(midway).toBeLessThan(100)
  await page.screenshot({ path: test.info().outputPath('upload-progress.png') })
  await expect(toast(page, '2 documentos enviados')).toBeVisible({ timeout: 20_000 })
  await expect(dialog).toBeHidden()
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  })

  const pdfRow = row(page, 'Contrato de Honorários')
  await expect(pdfRow).toContainText('PDF')
  await expect(pdfRow).toContainText('v1')
  await expect(pdfRow).toContainText('Confidencial')
  await expect(pdfRow).toContainText('Contratos')
  await expect(pdfRow).toContainText('1,4 MB')
  await expect(pdfRow).toContainText('honorários')
  await expect(pdfRow).toContainText('Urgente')
  await expect(pdfRow).toContainText('Assinado em cartório')
  await expect(pdfRow).toContainText(/\d{2}\/\d{2}\/\d{4}/)
  await expect(row(page, 'procuração-assinada')).toContainText('PNG')
  await expect(stat(page, 'total')).toContainText('2')
  await expect(stat(page, 'confidenciais')).toContainText('2')
  await expect(stat(page, 'esteMes')).toContainText('2')

  // The same bytes come back, under the original name.
  const saved = await download(page, 'Baixar Contrato de Honorários')
  expect(saved.name).toBe('Contrato de Honorários.pdf')
  expect(sha256(saved.bytes)).toBe(sha256(pdf))
  const savedPng = await download(page, 'Baixar procuração-assinada')
  expect(sha256(savedPng.bytes)).toBe(sha256(png))

  // 'Visualizar' opens the PDF inline in a new tab.
  const [tab] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('link', { name: 'Visualizar Contrato de Honorários' }).click(),
  ])
  expect(tab.url()).toContain('disposition=inline')
  await tab.close()
})

test('[DOCUMENTS] Cancelar aborts an upload in flight and leaves nothing behind; refused files say why in pt-BR', async ({
  page,
}) => {
  await signUpAndOpen(page)
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 200_000,
  })
  await page.getByRole('button', { name: 'Fazer Upload' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Fazer Upload' })
  await dialog
    .getByTestId('document-file-input')
    .setInputFiles([{ name: 'grande.pdf', mimeType: 'application/pdf', buffer: makePdf(3_000_000) }])
  await dialog.getByRole('button', { name: 'Fazer Upload' }).click()
  const bar = dialog.getByRole('progressbar', { name: 'Envio de grande.pdf' })
  await expect
    .poll(async () => Number((await bar.getAttribute('aria-valuenow')) ?? 0), { timeout: 10_000 })
    .toBeGreaterThan(0)
  await dialog.getByRole('button', { name: 'Cancelar' }).click()
  await expect(dialog).toBeHidden()
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  })
  await page.reload()
  await expect(page.getByText('Nenhum documento encontrado.')).toBeVisible({ timeout: 20_000 })
  const list = await (await page.request.get('/api/documents')).json()
  expect(list.total).toBe(0)

  // Refused before sending (name and size), and by the server (content): each says why.
  await page.getByRole('button', { name: 'Fazer Upload' }).first().click()
  await dialog.getByTestId('document-file-input').setInputFiles([
    { name: 'programa.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') },
    {
      name: 'enorme.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.concat([makePdf(), Buffer.alloc(10 * 1024 * 1024)]),
    },
    {
      name: 'disfarcado.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.concat([Buffer.from('MZ'), randomBytes(2048)]),
    },
  ])
  await expect(
    dialog.getByText(
      'programa.exe: tipo de arquivo não aceito. Envie PDF, DOC, DOCX, XLS, XLSX, JPG ou PNG.',
    ),
  ).toBeVisible()
  await expect(dialog.getByText('enorme.pdf: o arquivo excede o limite de 10 MB.')).toBeVisible()
  await dialog.getByRole('button', { name: 'Fazer Upload' }).click()
  await expect(toast(page, 'Erro no upload')).toBeVisible()
  await expect(
    dialog.getByTestId('upload-item').filter({ hasText: 'disfarcado.pdf' }).getByRole('alert'),
  ).toContainText(/tipo de arquivo não aceito/i)
  await expect(dialog).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('upload-refused.png') })
})

test('[DOCUMENTS] searches by name or tag on the server and filters by folder and access', async ({
  page,
}) => {
  await signUpViaApi(page.request, lawyerData())
  await uploadViaApi(page, 'Petição inicial.pdf', makePdf(), {
    pasta: 'pecas_processuais',
    nivelAcesso: 'restrito',
    etiquetas: 'trabalhista',
  })
  await uploadViaApi(page, 'Certidão negativa.pdf', makePdf(), {
    pasta: 'certidoes',
    etiquetas: 'Ação Fiscal',
  })
  await uploadViaApi(page, 'RG do cliente.png', makePng(), {
    pasta: 'documentos_pessoais',
    nivelAcesso: 'confidencial',
  })
  await openDocuments(page)
  await expect(page.getByRole('row')).toHaveCount(4)

  const search = page.getByLabel('Buscar documentos')
  await search.fill('peticao')
  await expect(row(page, 'Petição inicial')).toBeVisible()
  await expect(page.getByRole('row')).toHaveCount(2)
  // A tag, without accents or case.
  await search.fill('acao fiscal')
  await expect(row(page, 'Certidão negativa')).toBeVisible()
  await expect(page.getByRole('row')).toHaveCount(2)
  await search.fill('nada disso')
  await expect(page.getByText('Nenhum documento encontrado.')).toBeVisible()
  await search.fill('')

  await pickSelect(page, 'Filtrar por pasta', 'Documentos Pessoais', { exact: true })
  await expect(row(page, 'RG do cliente')).toBeVisible()
  await expect(page.getByRole('row')).toHaveCount(2)
  await pickSelect(page, 'Filtrar por pasta', 'Todas as pastas', { exact: true })
  await pickSelect(page, 'Filtrar por acesso', 'Restrito', { exact: true })
  await expect(row(page, 'Petição inicial')).toBeVisible()
  await expect(page.getByRole('row')).toHaveCount(2)
  await pickSelect(page, 'Filtrar por acesso', 'Público', { exact: true })
  await expect(row(page, 'Certidão negativa')).toBeVisible()
  await expect(page.getByRole('row')).toHaveCount(2)
})

test('[DOCUMENTS] the folder view counts each folder and opens one', async ({ page }) => {
  await signUpViaApi(page.request, lawyerData())
  await uploadViaApi(page, 'Contrato A.pdf', makePdf())
  await uploadViaApi(page, 'Contrato B.pdf', makePdf())
  await uploadViaApi(page, 'Minuta de acordo.pdf', makePdf(), { pasta: 'minutas' })
  await openDocuments(page)

  await page.getByRole('tab', { name: 'Pastas' }).click()
  await expect(page.getByTestId('folder-contratos')).toContainText('2 documentos')
  await expect(page.getByTestId('folder-minutas')).toContainText('1 documento')
  await expect(page.getByTestId('folder-certidoes')).toContainText('0 documentos')
  await expect(page.getByTestId('folder-pecas_processuais')).toContainText('Peças Processuais')
  await expect(page.getByTestId('folder-documentos_pessoais')).toContainText('Documentos Pessoais')

  await page.getByRole('button', { name: 'Abrir pasta Contratos, 2 documentos' }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'Contratos' })).toBeVisible()
  await expect(row(page, 'Contrato A')).toBeVisible()
  await expect(row(page, 'Contrato B')).toBeVisible()
  await expect(row(page, 'Minuta de acordo')).toBeHidden()
  await page.getByRole('button', { name: 'Todas as pastas' }).click()
  await expect(page.getByTestId('folder-minutas')).toBeVisible()
})

test('[DOCUMENTS] a new version becomes v2 and the history downloads either version', async ({ page }) => {
  await signUpViaApi(page.request, lawyerData())
  const first = makePdf(10)
  await uploadViaApi(page, 'Parecer.pdf', first)
  await openDocuments(page)

  await page.getByRole('button', { name: 'Mais ações para Parecer' }).click()
  await page.getByRole('menuitem', { name: 'Nova versão' }).click()
  const dialog = page.getByRole('dialog', { name: 'Nova versão' })
  const second = makePdf(20_000)
  await dialog.getByTestId('document-file-input').setInputFiles({
    name: 'Parecer revisado.pdf',
    mimeType: 'application/pdf',
    buffer: second,
  })
  await dialog.getByRole('button', { name: 'Enviar versão' }).click()
  await expect(toast(page, 'Nova versão enviada')).toBeVisible()
  await expect(row(page, 'Parecer')).toContainText('v2')

  // The current file is the new one.
  expect(sha256((await download(page, 'Baixar Parecer')).bytes)).toBe(sha256(second))

  await page.getByRole('button', { name: 'Mais ações para Parecer' }).click()
  await page.getByRole('menuitem', { name: 'Histórico' }).click()
  const history = page.getByRole('dialog', { name: 'Histórico de versões' })
  await expect(history.getByTestId('document-version')).toHaveCount(2)
  await expect(history.getByTestId('document-version').first()).toContainText('v2')
  await expect(history.getByTestId('document-version').first()).toContainText('por Ana Advogada')
  await expect(history.getByTestId('document-version').last()).toContainText('Parecer.pdf')
  await page.screenshot({ path: test.info().outputPath('history.png') })
  const old = await download(page, 'Baixar versão 1 de Parecer')
  expect(sha256(old.bytes)).toBe(sha256(first))
  await history.getByRole('button', { name: 'Fechar' }).first().click()
  await expect(history).toBeHidden()
})

test('[DOCUMENTS] edits the metadata, links a client, and the client screen links to its documents', async ({
  page,
}) => {
  await signUpViaApi(page.request, lawyerData())
  const client = await page.request.post('/api/clients', { data: { nomeCompleto: 'Helena Duarte' } })
  expect(client.status()).toBe(201)
  await uploadViaApi(page, 'scan.pdf', makePdf())
  await openDocuments(page)

  await page.getByRole('button', { name: 'Editar documento scan' }).click()
  const dialog = page.getByRole('dialog', { name: 'Editar Documento' })
  await dialog.getByLabel('Nome *').fill('Procuração Helena')
  await pickSelect(page, 'Pasta de destino', 'Documentos Pessoais', { exact: true })
  await pickSelect(page, 'Nível de acesso', 'Restrito', { exact: true })
  await dialog.getByLabel('Etiquetas').fill('procuração, 2025')
  await dialog.getByRole('combobox', { name: 'Cliente relacionado (opcional)' }).click()
  await page.getByRole('combobox', { name: 'Buscar cliente ativo...' }).fill('helena')
  await page.getByRole('option', { name: 'Helena Duarte', exact: true }).click()
  await dialog.getByRole('button', { name: 'Salvar' }).click()
  await expect(toast(page, 'Documento atualizado')).toBeVisible()

  const edited = row(page, 'Procuração Helena')
  await expect(edited).toContainText('Documentos Pessoais')
  await expect(edited).toContainText('Restrito')
  await expect(edited).toContainText('2025')
  await edited.getByRole('link', { name: 'Helena Duarte' }).click()
  await expect(page).toHaveURL(/\/dashboard\/crm\?search=Helena/)

  // The client's screen counts the document and links to the list narrowed to it.
  await page.getByRole('button', { name: 'Editar cliente Helena Duarte' }).click()
  const clientDialog = page.getByRole('dialog', { name: 'Editar Cliente' })
  await expect(clientDialog.getByTestId('record-documents-count')).toHaveText('1 documento')
  await page.screenshot({ path: test.info().outputPath('client-documents.png') })
  await clientDialog.getByRole('link', { name: 'Ver documentos' }).click()
  await expect(page).toHaveURL(/\/dashboard\/documents\?clientId=/)
  await expect(page.getByText('Documentos do cliente Helena Duarte')).toBeVisible()
  await expect(page.getByRole('row')).toHaveCount(2)
})

test('[DOCUMENTS] removes at once and Desfazer brings the document back', async ({ page }) => {
  await signUpViaApi(page.request, lawyerData())
  await uploadViaApi(page, 'Rascunho.pdf', makePdf())
  await uploadViaApi(page, 'Definitivo.pdf', makePdf())
  await openDocuments(page)

  await page.getByRole('button', { name: 'Mais ações para Rascunho' }).click()
  await page.getByRole('menuitem', { name: 'Remover' }).click()
  const removed = toast(page, 'Documento removido')
  await expect(removed).toBeVisible()
  await expect(row(page, 'Rascunho')).toBeHidden()
  await expect(stat(page, 'total')).toContainText('1')
  await removed.getByRole('button', { name: 'Desfazer' }).click()
  await expect(toast(page, 'Documento restaurado')).toBeVisible()
  await expect(row(page, 'Rascunho')).toBeVisible()
  await expect(stat(page, 'total')).toContainText('2')
})

test('[DOCUMENTS] the page passes axe and fits a 375 px phone', async ({ page }, testInfo) => {
  await signUpViaApi(page.request, lawyerData())
  await uploadViaApi(page, 'Contrato social da empresa de engenharia e construções.pdf', makePdf(), {
    etiquetas: 'societário, contrato',
  })
  await uploadViaApi(page, 'Foto do documento.png', makePng(), {
    nivelAcesso: 'confidencial',
    pasta: 'certidoes',
  })
  await openDocuments(page)
  await expect(page.getByRole('table', { name: 'Lista de documentos' })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('documents-desktop.png'), fullPage: true })

  await page.getByRole('button', { name: 'Fazer Upload' }).first().click()
  await expect(page.getByRole('dialog', { name: 'Fazer Upload' })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('documents-upload-desktop.png') })
  await page.keyboard.press('Escape')

  await page.getByRole('tab', { name: 'Pastas' }).click()
  await expect(page.getByTestId('folder-contratos')).toContainText('1 documento')
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('documents-folders-desktop.png'), fullPage: true })

  await page.setViewportSize({ width: 375, height: 812 })
  await page.getByRole('tab', { name: 'Lista' }).click()
  await expect(
    page.getByRole('list', { name: 'Lista de documentos' }).getByTestId('document-card'),
  ).toHaveCount(2)
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('documents-phone.png'), fullPage: true })
  // The badges and folder colours keep their contrast in the dark theme too.
  await page.emulateMedia({ colorScheme: 'dark' })
  await expect(page.locator('html')).toHaveClass(/\bdark\b/)
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('documents-phone-dark.png'), fullPage: true })
  await page.getByRole('button', { name: 'Fazer Upload' }).first().click()
  await expect(page.getByRole('dialog', { name: 'Fazer Upload' })).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('documents-upload-phone.png') })
})
