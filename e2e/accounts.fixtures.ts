import fs from 'node:fs/promises'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import AxeBuilder from '@axe-core/playwright'
import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
  type Request,
} from '@playwright/test'
import { E2E_MASTER_EMAIL } from '../playwright.config'

// Shared by e2e/auth.spec.ts and e2e/dashboard.spec.ts.

/**
 * Every test acts as its own client address (X-Forwarded-For, trusted by the e2e server: see
 * playwright.config.ts), so the sign-in/sign-up rate limits of one test never slow another down.
 */
export const test = base.extend<{ unfinishedRequests: void }>({
  // eslint-disable-next-line no-empty-pattern
  extraHTTPHeaders: async ({}, provide) => {
    const [a, b, c] = randomBytes(3)
    await provide({ 'x-forwarded-for': `10.${a}.${b}.${(c ?? 0) % 250 || 1}` })
  },
  // When a test fails, the requests its pages were still waiting for (or that failed) are printed: a page
  // stuck on 'Carregando...' in CI then says which answer never came. Contexts a spec opens itself
  // (browser.newContext) are watched too. Paths only, no query strings.
  unfinishedRequests: [
    async ({ context, browser }, use, testInfo) => {
      const reports = [watchRequests(context)]
      const newContext = browser.newContext.bind(browser)
      browser.newContext = async (options) => {
        const opened = await newContext(options)
        reports.push(watchRequests(opened))
        return opened
      }
      await use()
      browser.newContext = newContext
      if (testInfo.status === testInfo.expectedStatus) return
      const report = reports.map((report, index) => `context ${index}: ${report()}`).join('\n')
      console.log(`[${testInfo.title}] requests at the failure\n${report}`)
      await testInfo.attach('unfinished-requests', { body: report, contentType: 'text/plain' })
    },
    { auto: true },
  ],
})

/** Records a context's requests; the returned function says which are still open and which failed. */
function watchRequests(context: BrowserContext): () => string {
  const open = new Map<object, string>()
  const failed: string[] = []
  const started = Date.now()
  const describe = (request: Request) =>
    `${request.method()} ${new URL(request.url()).pathname} (+${Date.now() - started} ms)`
  context.on('request', (request) => open.set(request, describe(request)))
  context.on('requestfinished', (request) => open.delete(request))
  context.on('requestfailed', (request) => {
    open.delete(request)
    failed.push(`${describe(request)} ${request.failure()?.errorText ?? ''}`)
  })
  return () =>
    `still waiting: ${[...open.values()].join('; ') || 'none'}; failed: ${failed.join('; ') || 'none'}`
}
export { expect }

export const PASSWORD = 'senha-segura-123'
export const SAO_PAULO = { estadoId: 35, cidadeId: 3550308 }

export const uniqueEmail = (prefix: string) => `${prefix}-${randomBytes(5).toString('hex')}@example.com`

export function lawyerData(overrides: Record<string, unknown> = {}) {
  return {
    userType: 'advogado',
    email: uniqueEmail('adv'),
    password: PASSWORD,
    confirmPassword: PASSWORD,
    nomeCompleto: 'Ana Advogada',
    telefone: '(11) 98765-4321',
    ...SAO_PAULO,
    oabNumero: '123456',
    oabEstado: 'SP',
    ...overrides,
  }
}

export function studentData(overrides: Record<string, unknown> = {}) {
  return {
    userType: 'estudante',
    email: uniqueEmail('est'),
    password: PASSWORD,
    confirmPassword: PASSWORD,
    nomeCompleto: 'Bia Estudante',
    telefone: '(11) 98765-4321',
    ...SAO_PAULO,
    universidade: 'Universidade de São Paulo',
    periodoCurso: 5,
    ...overrides,
  }
}

/** Signs up through the API (the request context keeps the session cookie); waits out a 429. */
export async function signUpViaApi(request: APIRequestContext, data: Record<string, unknown>) {
  for (let attempt = 0; attempt < 4; attempt++) {
    const response = await request.post('/api/auth/sign-up', { data })
    if (response.status() === 201) return data
    if (response.status() !== 429) throw new Error(`sign-up ${response.status()}: ${await response.text()}`)
    await new Promise((resolve) =>
      setTimeout(resolve, (Number(response.headers()['retry-after'] ?? 10) + 1) * 1000),
    )
  }
  throw new Error('sign-up still rate-limited')
}

/**
 * Picks an option of a Radix select: one click opens the list, one click picks, and the list closes.
 * e2e/first-click.spec.ts proves the first click is enough. Here, on a CI machine whose two cores run two
 * browsers and the server, Radix's "release after the opening press" guard is sometimes armed late and eats
 * the option's release (seen twice in 190 specs): the option is clicked once more if the list stays open,
 * so a spec about something else does not fail on it.
 */
async function pickFrom(page: Page, trigger: Locator, option: string) {
  await trigger.click()
  await expect(page.getByRole('listbox')).toBeVisible()
  await pickOpenOption(page, option)
}

/** Picks an option of the open Radix select list (see pickFrom for the second click). */
export async function pickOpenOption(page: Page, option: string) {
  const list = page.getByRole('listbox')
  await page.getByRole('option', { name: option, exact: true }).click()
  const closed = await expect(list)
    .toHaveCount(0, { timeout: 2_000 })
    .then(() => true)
    .catch(() => false)
  if (!closed) await page.getByRole('option', { name: option, exact: true }).click()
  await expect(list).toHaveCount(0)
}

/** Picks an option of a Radix select named by its label. */
export async function selectOption(page: Page, label: string, option: string) {
  await pickFrom(page, page.getByLabel(label, { exact: true }), option)
}

/** Picks an option of a Radix select found as a combobox by its accessible name. */
export async function pickSelect(
  page: Page,
  label: string | RegExp,
  option: string,
  { exact = false }: { exact?: boolean } = {},
) {
  await pickFrom(page, page.getByRole('combobox', { name: label, exact }), option)
}

/** Opens the city combobox, filters by typing and picks the city. */
export async function chooseCity(page: Page, search: string, city: string) {
  await page.getByLabel('Cidade', { exact: true }).click()
  await page.getByRole('combobox', { name: 'Buscar cidade...' }).fill(search)
  await page.getByRole('option', { name: city, exact: true }).click()
}

/**
 * axe's serious and critical findings. The toasts (sonner, mounted by the app shell) are left out: they come
 * and go with timing, and their colours are the toaster's, not the screen's.
 */
export async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).exclude('[data-sonner-toaster]').analyze()
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(({ id, impact, help, nodes }) => ({ id, impact, help, targets: nodes.map((node) => node.target) }))
}

/** Body of a raw MIME message with its quoted-printable soft breaks and escapes undone. */
function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '')
  const bytes: number[] = []
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3)
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16))
      i += 2
    } else bytes.push(joined.charCodeAt(i))
  }
  return Buffer.from(bytes).toString('utf8')
}

/**
 * The first link of the newest e-mail to `email` in the server's outbox (DATA_DIR/outbox, .eml files written
 * when no SMTP_URL is set) — of the newest one whose link contains `linkContains`, when given. Polls: the
 * server writes the file while answering the request.
 */
export async function mailedLink(email: string, linkContains = ''): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)')
  const outbox = path.join(dataDir, 'outbox')
  let link: string | undefined
  await expect
    .poll(
      async () => {
        const names = await fs.readdir(outbox).catch(() => [] as string[])
        for (const name of names
          .filter((n) => n.endsWith('.eml'))
          .sort()
          .reverse()) {
          const message = decodeQuotedPrintable(await fs.readFile(path.join(outbox, name), 'utf8'))
          const found = message.match(/https?:\/\/\S+/)?.[0]
          if (
            new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}$`, 'm').test(message) &&
            (found ?? '').includes(linkContains)
          ) {
            link = found
            return true
          }
        }
        return false
      },
      { timeout: 10_000, message: `no e-mail to ${email} in ${outbox}` },
    )
    .toBe(true)
  if (!link) throw new Error(`the e-mail to ${email} has no link`)
  return link
}

/**
 * Signs the MASTER_EMAIL account in through `request`: e2e/master.setup.ts (run before every spec) signed it up
 * and set its password (the same PASSWORD) through the reset link mailed to it, which superadmin waits for
 * (issue 24). The request context then holds a superadmin session.
 */
export async function signInAsConfirmedMaster(request: APIRequestContext) {
  const signIn = await request.post('/api/auth/sign-in/email', {
    data: { email: E2E_MASTER_EMAIL, password: PASSWORD },
  })
  expect(signIn.status(), await signIn.text()).toBe(200)
  expect((await (await request.get('/api/me')).json()).role).toBe('superadmin')
}

/** A browser acting as its own client address (trusted X-Forwarded-For), clear of others' sign-in limits. */
export function ownAddress() {
  const [a, b, c] = randomBytes(3)
  return { 'x-forwarded-for': `10.${a}.${b}.${(c ?? 0) % 250 || 1}` }
}

export const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text })

/** Fills and submits the sign-in form of /auth. */
export async function signInThroughForm(page: Page, email: string, password: string) {
  await page.goto('/auth')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Senha').fill(password)
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
}
