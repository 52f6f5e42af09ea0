import fs from 'node:fs/promises'
import type { APIRequestContext, Browser, Page } from '@playwright/test'
import { addDaysISO, todayISO } from '../src/lib/br/dates'
import {
  expect,
  lawyerData,
  mailedLink,
  ownAddress,
  PASSWORD,
  seriousViolations,
  signUpViaApi,
  test,
  toast,
  uniqueEmail,
} from './accounts.fixtures'

// Issue 26, the Portal do Cliente end to end: the lawyer invites a client from the CRM, the client follows the
// e-mailed link in a second browser (a phone), creates a password, sees the case and only the shared document,
// the pending charge's Pix code, and messages the office; the lawyer sees the unread counter and answers;
// revoking ends the client's access.

test.describe.configure({ timeout: 180_000 })

/** A tiny but real PDF (the server sniffs the content). */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
)

/** Where the screenshots of the portal at phone and desktop widths are kept for a look. */
const SHOTS = process.env.UI_SHOTS_DIR ?? '/tmp/ui-shots'

async function created<T>(
  response: Promise<{ status(): number; text(): Promise<string>; json(): Promise<unknown> }>,
) {
  const answer = await response
  expect(answer.status(), await answer.text()).toBeLessThan(300)
  return (await answer.json()) as T
}

/** The office's Pix key, name and city, through the settings API (the settings page is another spec's). */
async function configurePix(request: APIRequestContext) {
  const settings = await created<Record<string, unknown>>(request.get('/api/office-settings'))
  await created(
    request.put('/api/office-settings', {
      data: {
        ...settings,
        pixTipo: 'email',
        pixChave: 'financeiro@portal-advocacia.adv.br',
        pixNome: 'Portal Advocacia',
        pixCidade: 'São Paulo',
      },
    }),
  )
}

async function upload(request: APIRequestContext, name: string, link: { clientId: string; caseId: string }) {
  const params = new URLSearchParams({ name, pasta: 'contratos', nivelAcesso: 'publico', ...link })
  const body = await created<{ document: { id: string } }>(
    request.post(`/api/documents?${params}`, {
      data: PDF,
      headers: { 'content-type': 'application/octet-stream' },
    }),
  )
  return body.document.id
}

/** 'Compartilhar com o cliente' in the document's edit dialog. */
async function shareThroughDialog(page: Page, name: string) {
  await page.goto('/dashboard/documents')
  await expect(page.getByRole('heading', { level: 1, name: 'Gestão de Documentos' })).toBeVisible({
    timeout: 20_000,
  })
  await page
    .getByRole('button', { name: `Editar documento ${name}` })
    .first()
    .click()
  const dialog = page.getByRole('dialog', { name: 'Editar Documento' })
  await dialog.getByRole('switch', { name: 'Compartilhar com o cliente' }).click()
  await dialog.getByRole('button', { name: 'Salvar' }).click()
  await expect(dialog).toBeHidden()
}

async function openClientRecord(page: Page, name: string) {
  await page.goto('/dashboard/crm')
  await expect(page.getByRole('heading', { level: 1, name: 'CRM Clientes' })).toBeVisible({ timeout: 20_000 })
  await page.getByRole('button', { name: `Editar cliente ${name}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Editar Cliente' })
  const card = dialog.getByRole('region', { name: 'Acesso ao Portal' })
  await expect(card).toBeVisible()
  return { dialog, card }
}

async function phone(browser: Browser) {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: ownAddress(),
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    viewport: { width: 375, height: 800 },
    hasTouch: true,
  })
  return { context, page: await context.newPage() }
}

/** No horizontal scroll: everything fits the phone's width. */
async function expectFitsWidth(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBeLessThanOrEqual(0)
}

test('[PORTAL] invite from the CRM, the client sees only what is theirs, pays by Pix, messages; revoking ends it', async ({
  page,
  browser,
}) => {
  // --- The lawyer: a client with an e-mail, a case, two documents (one shared), a pending charge.
  const lawyer = lawyerData({ email: uniqueEmail('portal-adv'), nomeCompleto: 'Paula Portal' })
  await signUpViaApi(page.request, lawyer)
  await configurePix(page.request)
  const clientName = `Clara Cliente ${Date.now().toString(36)}`
  const clientEmail = uniqueEmail('portal-cliente')
  const client = await created<{ id: string }>(
    page.request.post('/api/clients', { data: { nomeCompleto: clientName, email: clientEmail } }),
  )
  const caseTitle = 'Ação de cobrança contra a Construtora'
  const kase = await created<{ id: string }>(
    page.request.post('/api/cases', {
      data: { titulo: caseTitle, areaJuridica: 'Civil', clientId: client.id },
    }),
  )
  const link = { clientId: client.id, caseId: kase.id }
  const shared = 'procuracao-assinada.pdf'
  const internal = 'parecer-interno.pdf'
  await upload(page.request, shared, link)
  await upload(page.request, internal, link)
  await shareThroughDialog(page, shared)
  await created(
    page.request.post('/api/financial/entries', {
      data: {
        tipo: 'receita',
        categoria: 'honorarios',
        descricao: 'Honorários iniciais',
        valor: '1500.50',
        dataVencimento: addDaysISO(todayISO(), 5),
        clientId: client.id,
        caseId: kase.id,
      },
    }),
  )

  // --- 'Convidar' under 'Acesso ao Portal' on the client's record.
  let record = await openClientRecord(page, clientName)
  await expect(record.card).toContainText('O cliente ainda não tem acesso ao portal.')
  await record.card.getByRole('button', { name: 'Convidar' }).click()
  await expect(toast(page, 'Convite enviado')).toBeVisible()
  await expect(record.card.getByTestId('portal-access-status')).toContainText('Convite enviado')
  await expect(record.card.getByRole('button', { name: 'Reenviar' })).toBeVisible()
  await page.keyboard.press('Escape')

  // --- The client, on a phone: the e-mailed link, a new password, the portal.
  const invitation = await mailedLink(clientEmail, '/portal/convite/')
  const { context, page: client$ } = await phone(browser)
  await client$.goto(invitation)
  await expect(
    client$.getByRole('heading', { level: 1, name: 'Convite para o Portal do Cliente' }),
  ).toBeVisible({
    timeout: 20_000,
  })
  await expect(
    client$.getByText('Escritório Paula Portal convidou você para o Portal do Cliente'),
  ).toBeVisible()
  await expect(client$.getByText(`E-mail convidado: ${clientEmail}`)).toBeVisible()
  expect(await seriousViolations(client$)).toEqual([])
  await client$.getByLabel('Senha', { exact: true }).fill(PASSWORD)
  await client$.getByLabel('Confirmar senha').fill('outra-senha-123')
  await client$.getByRole('button', { name: 'Criar senha e entrar' }).click()
  await expect(client$.getByText('As senhas não coincidem.')).toBeVisible()
  await client$.getByLabel('Confirmar senha').fill(PASSWORD)
  await client$.getByRole('button', { name: 'Criar senha e entrar' }).click()
  await expect(client$).toHaveURL(/\/portal$/, { timeout: 20_000 })

  const cases = client$.getByRole('region', { name: 'Meus processos' })
  await expect(cases.getByRole('link', { name: new RegExp(caseTitle) })).toBeVisible()
  const documents = client$.getByRole('region', { name: 'Documentos' })
  await expect(documents).toContainText(shared)
  await expect(documents).not.toContainText(internal)
  await expect(client$.getByTestId('portal-office-name')).toHaveText('Escritório Paula Portal')
  expect(await seriousViolations(client$)).toEqual([])
  await expectFitsWidth(client$)
  await fs.mkdir(SHOTS, { recursive: true })
  await client$.screenshot({ path: `${SHOTS}/portal-375.png`, fullPage: true })
  await client$.setViewportSize({ width: 1280, height: 900 })
  await client$.screenshot({ path: `${SHOTS}/portal-1280.png`, fullPage: true })
  await client$.setViewportSize({ width: 375, height: 800 })

  // The pending charge: 'Pagar com Pix' shows the QR and the copia-e-cola code.
  const charge = client$.getByTestId('portal-charge').filter({ hasText: 'Honorários iniciais' })
  await expect(charge).toContainText('R$\u00a01.500,50')
  await charge.getByRole('button', { name: 'Pagar com Pix' }).click()
  const pix = client$.getByRole('dialog', { name: 'Pagar com Pix' })
  await expect(pix.getByRole('img', { name: 'QR code Pix de R$\u00a01.500,50' })).toBeVisible()
  await expect(pix.getByLabel('Pix copia e cola')).toHaveValue(/^000201/)
  await expect(pix.getByRole('button', { name: 'Copiar código' })).toBeVisible()
  expect(await seriousViolations(client$)).toEqual([])
  await client$.screenshot({ path: `${SHOTS}/portal-pix-375.png` })
  await pix.getByRole('button', { name: 'Fechar' }).first().click()

  // The case's page: its data and the shared document only.
  await cases.getByRole('link', { name: new RegExp(caseTitle) }).click()
  await expect(client$).toHaveURL(new RegExp(`/portal/casos/${kase.id}$`))
  await expect(client$.getByRole('heading', { level: 1, name: caseTitle })).toBeVisible()
  await expect(client$.getByRole('region', { name: 'Dados do processo' })).toContainText('Civil')
  const caseDocuments = client$.getByRole('region', { name: 'Documentos' })
  await expect(caseDocuments).toContainText(shared)
  await expect(caseDocuments).not.toContainText(internal)
  expect(await seriousViolations(client$)).toEqual([])
  await expectFitsWidth(client$)
  await client$.screenshot({ path: `${SHOTS}/portal-case-375.png`, fullPage: true })
  await client$.getByRole('link', { name: 'Voltar ao início' }).click()

  // A message to the office.
  const question = 'Bom dia! Há novidades sobre a audiência?'
  const clientThread = client$.getByRole('region', { name: 'Mensagens' })
  await clientThread.getByLabel('Mensagem', { exact: true }).fill(question)
  await clientThread.getByRole('button', { name: 'Enviar' }).click()
  await expect(clientThread).toContainText(question)

  // --- The lawyer: the unread counter on the dashboard's home, and the answer on the client's record.
  await page.goto('/dashboard')
  const unread = page.getByTestId('unread-messages-counter')
  await expect(unread).toContainText('Mensagens não lidas', { timeout: 20_000 })
  await expect(unread).toContainText('1')
  record = await openClientRecord(page, clientName)
  const officeThread = record.dialog.getByRole('region', { name: 'Mensagens' })
  await expect(officeThread).toContainText(question)
  const answer = 'Bom dia, Clara! A audiência foi marcada; enviaremos os detalhes.'
  await officeThread.getByLabel('Mensagem', { exact: true }).fill(answer)
  await officeThread.getByRole('button', { name: 'Enviar' }).click()
  await expect(officeThread).toContainText(answer)

  // The client sees the answer.
  await client$.reload()
  await expect(client$.getByRole('region', { name: 'Mensagens' })).toContainText(answer, { timeout: 20_000 })

  // --- A second office invites the same e-mail: signed in, the client accepts with one click, and the
  // portal switches between the two offices (the choice is remembered).
  const other = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: ownAddress(),
  })
  await signUpViaApi(
    other.request,
    lawyerData({ email: uniqueEmail('portal-adv2'), nomeCompleto: 'Otto Outro' }),
  )
  const otherClient = await created<{ id: string }>(
    other.request.post('/api/clients', { data: { nomeCompleto: clientName, email: clientEmail } }),
  )
  await created(other.request.post(`/api/portal-office/clients/${otherClient.id}/invite`))
  await client$.goto(await mailedLink(clientEmail, '/portal/convite/'))
  await expect(client$.getByText('Escritório Otto Outro convidou você para o Portal do Cliente')).toBeVisible(
    {
      timeout: 20_000,
    },
  )
  await expect(client$.getByText(`Você está conectado como ${clientEmail}.`)).toBeVisible()
  await client$.getByRole('button', { name: 'Aceitar convite' }).click()
  await expect(client$).toHaveURL(/\/portal$/, { timeout: 20_000 })
  await expect(client$.getByTestId('portal-office-name')).toHaveText('Escritório Otto Outro')
  await expect(client$.getByRole('region', { name: 'Meus processos' })).toContainText(
    'Nenhum processo ainda.',
  )
  const switcher = client$.getByRole('combobox', { name: 'Escritório' })
  await switcher.click()
  await client$.getByRole('option', { name: 'Escritório Paula Portal' }).click()
  await expect(client$.getByTestId('portal-office-name')).toHaveText('Escritório Paula Portal')
  await client$.reload()
  await expect(client$.getByRole('region', { name: 'Meus processos' })).toContainText(caseTitle, {
    timeout: 20_000,
  })

  // --- 'Revogar' (confirmed): the client's next navigation is refused.
  await expect(record.card.getByTestId('portal-access-status')).toContainText('Ativo — último acesso')
  await record.card.getByRole('button', { name: 'Revogar' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Revogar o acesso ao portal?' })
  await confirm.getByRole('button', { name: 'Revogar acesso' }).click()
  await expect(toast(page, 'Acesso ao portal revogado')).toBeVisible()
  await expect(record.card.getByTestId('portal-access-status')).toContainText('Revogado')

  // The revoked office is gone from the client's portal at once: they are still the other office's client, so
  // they stay signed in there, but nothing of the first office is reachable, in the screens or the API.
  await client$.goto(`/portal/casos/${kase.id}`)
  await expect(client$.getByTestId('portal-office-name')).toHaveText('Escritório Otto Outro', {
    timeout: 20_000,
  })
  await expect(client$.getByRole('combobox', { name: 'Escritório' })).toHaveCount(0)
  await expect(client$.getByText(caseTitle)).toHaveCount(0)
  const officeId = ((await (await page.request.get('/api/me')).json()) as { office: { id: string } }).office
    .id
  expect((await client$.request.get(`/api/portal/o/${officeId}/home`)).status()).toBe(403)

  // Once the last office revokes too, the client's session ends: the next page goes to the sign-in.
  expect((await other.request.post(`/api/portal-office/clients/${otherClient.id}/revoke`)).status()).toBe(200)
  await other.close()
  await client$.goto('/portal')
  await expect(client$).toHaveURL(/\/auth\?next=/, { timeout: 20_000 })
  await context.close()
})

test('[PORTAL] an invalid invitation link says so, and the page passes axe', async ({ page }) => {
  await page.goto('/portal/convite/nao-existe-este-convite')
  await expect(page.getByRole('heading', { level: 1, name: 'Convite indisponível' })).toBeVisible({
    timeout: 20_000,
  })
  await expect(page.getByRole('alert')).toContainText('Este convite não é válido ou já foi usado.')
  expect(await seriousViolations(page)).toEqual([])
})

test('[PORTAL] signed out, /portal sends to the sign-in and back', async ({ page }) => {
  await page.goto('/portal')
  await expect(page).toHaveURL(/\/auth\?next=%2Fportal$/, { timeout: 20_000 })
})
