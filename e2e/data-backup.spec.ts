import fs from 'node:fs/promises'
import type { Page, TestInfo } from '@playwright/test'
import yauzl from 'yauzl'
import {
  expect,
  lawyerData,
  seriousViolations,
  signUpViaApi,
  test,
  toast,
  uniqueEmail,
} from './accounts.fixtures'

// Issue 12, 'Backup de Dados', as a sócio (every lawyer is the sócio of their own office after sign-up):
// a manual backup runs as a job and lands in the history, its zip holds the office's clients, and a restore
// asks for the typed confirmation and brings the backed-up data back.

test.describe.configure({ timeout: 90_000 })

async function signUpWithClient(page: Page, nomeCompleto: string) {
  await signUpViaApi(page.request, lawyerData({ email: uniqueEmail('backup') }))
  const client = await page.request.post('/api/clients', { data: { nomeCompleto, status: 'ativo' } })
  expect(client.status(), await client.text()).toBe(201)
  return ((await client.json()) as { id: string }).id
}

async function openPage(page: Page) {
  await page.goto('/dashboard/data-backup')
  await expect(page.getByRole('heading', { level: 1, name: 'Backup de Dados' })).toBeVisible({
    timeout: 20_000,
  })
}

/** The entries of a zip file on disk, name → text. */
async function zipTexts(file: string): Promise<Map<string, string>> {
  const zip = await yauzl.openPromise(file, { lazyEntries: true })
  const texts = new Map<string, string>()
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error)
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () => {
          texts.set(entry.fileName, Buffer.concat(chunks).toString('utf8'))
          zip.readEntry()
        })
      })
    })
    zip.once('end', () => resolve())
    zip.once('error', reject)
    zip.readEntry()
  })
  return texts
}

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true })
}

test('[BACKUP] manual backup → history → zip with the clients → restore with typed confirmation', async ({
  page,
}, testInfo) => {
  const clientId = await signUpWithClient(page, 'Beatriz Backup')
  await openPage(page)
  await expect(page.getByText('Nenhum backup ainda')).toBeVisible()
  await expect(page.getByTestId('backup-schedule-status')).toHaveText('Ativo')
  await expect(page.getByText('Diário às 02:00')).toBeVisible()
  await expect(page.getByTestId('restore-warning')).toContainText('substitui todos os dados atuais')

  // The checklist: all four parts, at least one required.
  for (const part of ['Dados dos clientes', 'Casos e processos', 'Documentos', 'Configurações do sistema'])
    await expect(page.getByRole('checkbox', { name: part })).toBeChecked()
  await page.getByRole('button', { name: 'Criar Backup' }).click()
  await expect(toast(page, 'Backup iniciado')).toBeVisible()
  await expect(toast(page, 'O backup manual foi iniciado com sucesso.')).toBeVisible()

  const row = page.getByTestId('backup-row').first()
  await expect(row).toContainText('Backup manual')
  await expect(row).toContainText('Concluído', { timeout: 30_000 })
  await expect(row).toContainText('Manual')
  await expect(page.getByTestId('backup-stat-count')).toContainText('1')
  expect(await seriousViolations(page)).toEqual([])
  await screenshot(page, testInfo, 'backup-history')

  // The download is a zip holding the office's clients.
  const downloading = page.waitForEvent('download')
  await row.getByRole('link', { name: /^Baixar / }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^Backup manual .*\.zip$/)
  const texts = await zipTexts(await download.path())
  expect(texts.has('manifest.json')).toBe(true)
  expect(texts.get('tables/clients.jsonl')).toContain('Beatriz Backup')
  expect(texts.get('csv/clients.csv')).toContain('Beatriz Backup')

  // Change the data, then restore: the typed word is required.
  const renamed = await page.request.patch(`/api/clients/${clientId}`, {
    data: { nomeCompleto: 'Nome Trocado' },
  })
  expect(renamed.status()).toBe(200)
  await row.getByRole('button', { name: /^Restaurar / }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText('substitui todos os dados atuais')
  const confirm = dialog.getByRole('button', { name: 'Restaurar', exact: true })
  await expect(confirm).toBeDisabled()
  await dialog.getByLabel('Digite RESTAURAR para confirmar').fill('restaurar')
  expect(await seriousViolations(page)).toEqual([])
  await confirm.click()
  await expect(toast(page, 'Backup restaurado')).toBeVisible({ timeout: 30_000 })
  const client = await page.request.get(`/api/clients/${clientId}`)
  expect(((await client.json()) as { nomeCompleto: string }).nomeCompleto).toBe('Beatriz Backup')

  // Delete asks first.
  await row.getByRole('button', { name: /^Excluir / }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click()
  await expect(toast(page, 'Backup excluído')).toBeVisible()
  await expect(page.getByText('Nenhum backup ainda')).toBeVisible()
  await fs.rm(await download.path(), { force: true })
})

for (const colorScheme of ['light', 'dark'] as const) {
  test(`[BACKUP] axe clean and 375 px wide with a history (${colorScheme})`, async ({ page }, testInfo) => {
    await page.emulateMedia({ colorScheme })
    await signUpWithClient(page, 'Caio Cliente')
    const started = await page.request.post('/api/backups', { data: { parts: ['clientes'] } })
    expect(started.status()).toBe(201)
    await openPage(page)
    await expect(page.getByTestId('backup-row').first()).toContainText('Concluído', { timeout: 30_000 })
    expect(await seriousViolations(page)).toEqual([])
    await page.setViewportSize({ width: 375, height: 800 })
    await page.reload()
    await expect(page.getByTestId('backup-row').first()).toBeVisible({ timeout: 20_000 })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    expect(await seriousViolations(page)).toEqual([])
    await screenshot(page, testInfo, `backup-375-${colorScheme}`)
  })
}
