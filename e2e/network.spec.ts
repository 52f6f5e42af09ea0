import { randomBytes } from 'node:crypto'
import AxeBuilder from '@axe-core/playwright'
import sharp from 'sharp'
import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Browser,
  type Page,
} from '@playwright/test'
import { lawyerData, studentData } from './accounts.fixtures'

// Issue 13, the network: on a lawyer's public profile a student reviews and asks to connect, the lawyer
// accepts in the profile's networking tab, and an anonymous visitor sends the contact form (which lands
// in the lawyer's CRM). axe checks what the network feature renders.

test.describe.configure({ mode: 'serial' })

type StorageState = Awaited<ReturnType<APIRequestContext['storageState']>>

const ownAddress = () => {
  const [a, b, c] = randomBytes(3)
  return { 'x-forwarded-for': `10.${a}.${b}.${(c ?? 0) % 250 || 1}` }
}

async function signUp(baseURL: string, body: Record<string, unknown>) {
  const context = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: ownAddress() })
  const response = await context.post('/api/auth/sign-up', { data: body })
  expect(response.status(), await response.text()).toBe(201)
  return context
}

/** axe's serious and critical findings inside the network's own blocks (the toasts left out). */
async function networkViolations(page: Page, selector: string) {
  const { violations } = await new AxeBuilder({ page })
    .include(selector)
    .exclude('[data-sonner-toaster]')
    .analyze()
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(({ id, help, nodes }) => ({ id, help, targets: nodes.map((node) => node.target) }))
}

async function pageAs(browser: Browser, state: StorageState | undefined, width = 1280) {
  const context = await browser.newContext({
    storageState: state,
    extraHTTPHeaders: ownAddress(),
    viewport: { width, height: 900 },
  })
  return { context, page: await context.newPage() }
}

let lawyerApi: APIRequestContext
let lawyerState: StorageState
let studentState: StorageState
let slug: string
const token = randomBytes(3).toString('hex')
const lawyerName = `Ana Rede ${token}`
const studentName = `Bia Conecta ${token}`

test.beforeAll(async ({ baseURL }) => {
  lawyerApi = await signUp(baseURL ?? '', lawyerData({ nomeCompleto: lawyerName }))
  lawyerState = await lawyerApi.storageState()
  const visibility = await lawyerApi.get('/api/directory/me/visibility')
  expect(visibility.status()).toBe(200)
  slug = ((await visibility.json()) as { slug: string }).slug
  const student = await signUp(baseURL ?? '', studentData({ nomeCompleto: studentName }))
  studentState = await student.storageState()
  await student.dispose()
})

test.afterAll(async () => {
  await lawyerApi.dispose()
})

test('[NETWORK] a student reviews a lawyer on the public profile and asks to connect', async ({
  browser,
}) => {
  const { context, page } = await pageAs(browser, studentState)
  await page.goto(`/advogados/${slug}`)
  const reviews = page.getByRole('region', { name: 'Avaliações' })
  await expect(reviews.getByText('Ainda não há avaliações.')).toBeVisible()
  expect(await networkViolations(page, '[data-network="reviews"]')).toEqual([])

  // Submitting without a rating says what is missing.
  await reviews.getByLabel('Comentário').fill('Atendimento excelente e muito claro.')
  await reviews.getByRole('button', { name: 'Enviar avaliação' }).click()
  await expect(reviews.getByText('Escolha uma nota de 1 a 5.')).toBeVisible()
  await reviews.locator('label').filter({ hasText: '4 estrelas' }).click()
  await reviews.getByRole('button', { name: 'Enviar avaliação' }).click()
  await expect(page.getByText('Avaliação enviada')).toBeVisible()
  await expect(
    reviews.getByRole('listitem').filter({ hasText: 'Atendimento excelente e muito claro.' }),
  ).toBeVisible()
  await expect(reviews.getByText(studentName)).toBeVisible()
  await expect(reviews.getByText('1 avaliação', { exact: true })).toBeVisible()
  await expect(reviews.getByRole('img', { name: '4 de 5 estrelas' }).first()).toBeVisible()
  // The second submit edits the same review.
  await expect(reviews.getByRole('button', { name: 'Atualizar avaliação' })).toBeVisible()
  await reviews.locator('label').filter({ hasText: '5 estrelas' }).click()
  await reviews.getByRole('button', { name: 'Atualizar avaliação' }).click()
  await expect(page.getByText('Avaliação atualizada')).toBeVisible()
  await expect(reviews.getByText('1 avaliação', { exact: true })).toBeVisible()
  await expect(reviews.getByText('Nota média 5 de 5')).toBeVisible()
  expect(await networkViolations(page, '[data-network="reviews"]')).toEqual([])

  await page.getByRole('button', { name: 'Conectar' }).click()
  await expect(page.getByText('Solicitação enviada', { exact: true })).toBeVisible()
  await page.screenshot({ path: 'test-results/dist-net/network-public-profile.png', fullPage: true })
  await context.close()
})

test('[NETWORK] the lawyer accepts in the networking tab and reports the review', async ({ browser }) => {
  const { context, page } = await pageAs(browser, lawyerState)
  await page.goto('/dashboard/profile')
  await page.getByRole('tab', { name: 'Networking' }).click()
  const networking = page.locator('[data-network="networking"]')
  await expect(networking.getByRole('region', { name: 'Verificação da OAB' })).toBeVisible()
  await expect(networking.getByText('Não solicitada')).toBeVisible()
  const received = networking.getByRole('region', { name: 'Solicitações recebidas' })
  await expect(received.getByText(studentName)).toBeVisible()
  expect(await networkViolations(page, '[data-network="networking"]')).toEqual([])
  await received.getByRole('button', { name: 'Aceitar' }).click()
  await expect(page.getByText('Conexão aceita').first()).toBeVisible()
  const mine = networking.getByRole('region', { name: 'Minhas conexões (1)' })
  await expect(mine.getByText(studentName)).toBeVisible()
  await expect(received.getByText('Nenhuma solicitação pendente.')).toBeVisible()

  // 'Verificação da OAB': the card goes up and the request shows as pending.
  const verification = networking.getByRole('region', { name: 'Verificação da OAB' })
  const card = await sharp({ create: { width: 40, height: 24, channels: 3, background: '#1d4ed8' } })
    .png()
    .toBuffer()
  await verification
    .getByLabel('Carteira da OAB (JPG, PNG, WEBP ou PDF, até 10 MB)')
    .setInputFiles({ name: 'oab.png', mimeType: 'image/png', buffer: card })
  await verification.getByRole('button', { name: 'Enviar para verificação' }).click()
  await expect(page.getByText('Solicitação de verificação enviada')).toBeVisible()
  await expect(verification.getByText('Pendente', { exact: true })).toBeVisible()
  await expect(verification.getByText('Sua solicitação está em análise pela moderação.')).toBeVisible()
  await expect(verification.getByRole('button', { name: 'Enviar para verificação' })).toHaveCount(0)
  expect(await networkViolations(page, '[data-network="networking"]')).toEqual([])
  await page.screenshot({ path: 'test-results/dist-net/network-networking-tab.png', fullPage: true })

  // The lawyer flags the review on their public profile.
  await page.goto(`/advogados/${slug}`)
  const reviews = page.getByRole('region', { name: 'Avaliações' })
  await expect(
    reviews.getByRole('listitem').filter({ hasText: 'Atendimento excelente e muito claro.' }),
  ).toBeVisible()
  // No form for oneself.
  await expect(reviews.getByRole('button', { name: 'Enviar avaliação' })).toHaveCount(0)
  await reviews.getByRole('button', { name: 'Denunciar' }).click()
  const dialog = page.getByRole('dialog', { name: 'Denunciar conteúdo' })
  await dialog.getByLabel('Motivo').fill('Avaliação de quem nunca foi cliente.')
  expect(await networkViolations(page, '[role="dialog"]')).toEqual([])
  await dialog.getByRole('button', { name: 'Enviar denúncia' }).click()
  await expect(page.getByText('Denúncia enviada')).toBeVisible()
  await context.close()

  const student = await pageAs(browser, studentState, 375)
  await student.page.goto('/dashboard/profile')
  const connections = student.page.getByRole('region', { name: 'Minhas conexões (1)' })
  await expect(connections.getByText(lawyerName)).toBeVisible()
  await student.page.screenshot({ path: 'test-results/dist-net/network-student-375.png', fullPage: true })
  await student.context.close()
})

test('[NETWORK] an anonymous visitor sends the contact form; it becomes a lead in the CRM', async ({
  browser,
}) => {
  const { context, page } = await pageAs(browser, undefined, 375)
  await page.goto(`/advogados/${slug}`)
  const form = page.getByRole('region', { name: 'Entre em contato' })
  await expect(form).toBeVisible()
  expect(await networkViolations(page, '[data-network="contact"]')).toEqual([])
  await form.getByRole('button', { name: 'Enviar mensagem' }).click()
  await expect(form.getByText('Informe o seu nome.')).toBeVisible()
  const email = `contato-${token}@example.com`
  await form.getByLabel('Nome', { exact: true }).fill('Carlos Visitante')
  await form.getByLabel('E-mail', { exact: true }).fill(email)
  await form.getByLabel('Telefone (opcional)').fill('11912345678')
  await expect(form.getByLabel('Telefone (opcional)')).toHaveValue('(11) 91234-5678')
  await form.getByLabel('Mensagem').fill('Gostaria de uma consulta sobre um contrato.')
  await form.getByRole('button', { name: 'Enviar mensagem' }).click()
  await expect(form.getByText('Mensagem enviada ao advogado.')).toBeVisible()
  expect(await networkViolations(page, '[data-network="contact"]')).toEqual([])
  await page.screenshot({ path: 'test-results/dist-net/network-contact-375.png', fullPage: true })
  await context.close()

  const clients = await lawyerApi.get(`/api/clients?search=${encodeURIComponent(email)}`)
  expect(clients.status()).toBe(200)
  const list = (await clients.json()) as { items: { nomeCompleto: string }[] }
  expect(list.items.map((item) => item.nomeCompleto)).toEqual(['Carlos Visitante'])
  const notifications = await lawyerApi.get('/api/notifications')
  expect(await notifications.text()).toContain('Novo contato pelo perfil')
})
