import fs from 'node:fs/promises'
import path from 'node:path'
import { pdfText } from '../src/test/pdf-text'
import {
  expect,
  lawyerData,
  mailedLink,
  ownAddress,
  seriousViolations,
  signUpViaApi,
  test,
  toast,
  uniqueEmail,
} from './accounts.fixtures'

// Assinatura eletrônica (issue 25) end to end on the production build: the lawyer generates a procuração
// for a client from the seeded template and sends its PDF for signature from the documents list, the client signs from the e-mailed link (outbox) with the code mailed
// next, and the lawyer sees 'Assinado' and the signed copy as version 2, which /verificar calls intact.

test.describe.configure({ timeout: 120_000 })

const CLIENT_CPF = '529.982.247-25'
const flat = (text: string) => text.replace(/\s+/g, ' ')

/** The 6-digit code of the newest code e-mail to `email` in the server's outbox. */
async function mailedCode(email: string): Promise<string> {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox')
  let code: string | undefined
  await expect
    .poll(
      async () => {
        const names = (await fs.readdir(outbox).catch(() => [] as string[])).filter((n) => n.endsWith('.eml'))
        for (const name of names.sort().reverse()) {
          const raw = (await fs.readFile(path.join(outbox, name), 'utf8')).replace(/=\r?\n/g, '')
          const [headers = '', ...body] = raw.split(/\r?\n\r?\n/)
          if (!new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}$`, 'm').test(headers)) continue
          if (!raw.includes('15 minutos')) continue
          code = body.join('\n').match(/\b(\d{6})\b/)?.[1]
          return Boolean(code)
        }
        return false
      },
      { timeout: 10_000, message: `no code e-mail to ${email}` },
    )
    .toBe(true)
  return code ?? ''
}

test('[SIGNATURES] a client signs a PDF from the e-mailed link; the lawyer gets the signed version', async ({
  page,
  browser,
}) => {
  await signUpViaApi(page.request, lawyerData())
  const clientEmail = uniqueEmail('cliente')
  const client = await page.request.post('/api/clients', {
    data: { nomeCompleto: 'Maria Cliente', documento: CLIENT_CPF, email: clientEmail },
  })
  expect(client.status(), await client.text()).toBe(201)
  const clientId = ((await client.json()) as { id: string }).id
  // The procuração is generated from the office's seeded template (e2e/templates.spec.ts does the same
  // through the 'Gerar documento' dialog and reads the PDF and DOCX back).
  const list = await page.request.get('/api/templates')
  const { items } = (await list.json()) as { items: { id: string; name: string }[] }
  const template = items.find((item) => item.name === 'Procuração ad judicia et extra')
  expect(template, 'seeded procuração').toBeTruthy()
  const generated = await page.request.post(`/api/templates/${template?.id}/generate`, {
    data: { clientId, nivelAcesso: 'publico', overrides: { 'cliente.rg': '12.345.678-9' } },
  })
  expect(generated.status(), await generated.text()).toBe(201)
  const { pdfDocumentId } = (await generated.json()) as { pdfDocumentId: string }
  const documentName = 'Procuração ad judicia et extra — Maria Cliente.pdf'

  await page.goto('/dashboard/documents')
  await expect(page.getByRole('heading', { level: 1, name: 'Gestão de Documentos' })).toBeVisible({
    timeout: 20_000,
  })
  await page.getByRole('button', { name: `Enviar ${documentName} para assinatura` }).click()
  const dialog = page.getByRole('dialog', { name: 'Enviar para assinatura' })
  await expect(dialog.getByLabel('Nome completo')).toHaveValue('Maria Cliente')
  await expect(dialog.getByLabel('E-mail')).toHaveValue(clientEmail)
  await dialog.getByLabel('Mensagem (opcional)').fill('Segue a procuração para assinatura.')
  await dialog.getByRole('button', { name: 'Enviar', exact: true }).click()
  await expect(toast(page, 'Documento enviado para assinatura.')).toBeVisible()
  await page.reload()
  await expect(page.getByTestId('signature-badge').first()).toHaveText('Aguardando assinatura (0 de 1)')

  // The client, on a phone-sized screen, from the link in the e-mail.
  const phone = await browser.newContext({
    viewport: { width: 375, height: 740 },
    extraHTTPHeaders: ownAddress(),
  })
  const signer = await phone.newPage()
  const link = await mailedLink(clientEmail, '/assinar/')
  await signer.goto(new URL(link).pathname)
  await expect(signer.getByText(documentName).first()).toBeVisible({ timeout: 20_000 })
  await expect(signer.getByText('Segue a procuração para assinatura.')).toBeVisible()
  expect(await seriousViolations(signer)).toEqual([])
  await signer.getByRole('button', { name: 'Enviar código' }).click()
  const code = await mailedCode(clientEmail)
  await signer.getByLabel('Código de 6 dígitos').fill(code)
  await signer.getByLabel('CPF').fill(CLIENT_CPF)
  await signer.getByLabel('Li o documento e concordo em assiná-lo eletronicamente').check()
  await signer.getByRole('button', { name: 'Assinar', exact: true }).click()
  await expect(signer.getByRole('heading', { name: 'Documento assinado' })).toBeVisible({ timeout: 20_000 })
  expect(await seriousViolations(signer)).toEqual([])

  // The lawyer: 'Assinado' and version 2, whose bytes /verificar calls intact.
  await page.reload()
  await expect(page.getByTestId('signature-badge').first()).toHaveText('Assinado', { timeout: 20_000 })
  await expect(page.getByText('v2').first()).toBeVisible()
  const signed = await page.request.get(`/api/documents/${pdfDocumentId}/file`)
  const bytes = await signed.body()
  // The signed copy still carries the procuração's text, and the evidence page after it.
  const text = flat(await pdfText(new Uint8Array(bytes)))
  expect(text).toContain('PROCURAÇÃO')
  expect(text).toContain('Maria Cliente')

  await signer.goto('/verificar')
  await expect(signer.getByRole('heading', { name: 'Verificar documento assinado' })).toBeVisible()
  expect(await seriousViolations(signer)).toEqual([])
  await signer
    .getByLabel('PDF assinado')
    .setInputFiles({ name: 'assinado.pdf', mimeType: 'application/pdf', buffer: bytes })
  await signer.getByRole('button', { name: 'Verificar arquivo' }).click()
  await expect(signer.getByTestId('verify-result')).toContainText('Documento íntegro')
  await expect(signer.getByTestId('verify-result')).toContainText('Maria Cliente')
  // The button fades back from its pending state: axe must see it as it ends, not mid-transition (a flake).
  const verify = signer.getByRole('button', { name: 'Verificar arquivo' })
  await expect(verify).toBeEnabled()
  await verify.evaluate((element) =>
    Promise.all(element.getAnimations().map((animation) => animation.finished)),
  )
  expect(await seriousViolations(signer)).toEqual([])
  await phone.close()
})
