import type { Browser, Page } from '@playwright/test'
import {
  PASSWORD,
  SAO_PAULO,
  expect,
  ownAddress,
  signUpViaApi,
  toast,
  uniqueEmail,
} from './accounts.fixtures'

// Shared by e2e/jobs.spec.ts and e2e/network-story.spec.ts (issue 13, JOBS).

/** A tiny but real PDF (the server sniffs the content). */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
)

export function entityData(nomeEntidade: string) {
  return {
    userType: 'entidade',
    email: uniqueEmail('ent'),
    password: PASSWORD,
    confirmPassword: PASSWORD,
    nomeCompleto: 'Paula Responsável',
    telefone: '(11) 98765-4321',
    ...SAO_PAULO,
    nomeEntidade,
    cnpj: '11.222.333/0001-81',
    tipoEntidade: 'escritorio',
  }
}

/** A signed-out visitor's page (a context of its own: axe needs one). */
export async function visitorPage(browser: Browser, width = 1280) {
  const context = await browser.newContext({
    extraHTTPHeaders: ownAddress(),
    viewport: { width, height: 900 },
  })
  return context.newPage()
}

/** A signed-in browser page of its own (own cookies, own client address). */
export async function newUserPage(browser: Browser, data: Record<string, unknown>, width = 1280) {
  const context = await browser.newContext({
    extraHTTPHeaders: ownAddress(),
    viewport: { width, height: 900 },
  })
  await signUpViaApi(context.request, data)
  return context.newPage()
}

/** The entity publishes a job through 'Nova Vaga' on its dashboard; returns the job's id. */
export async function publishThroughDashboard(page: Page, titulo: string) {
  await page.goto('/dashboard')
  await page.getByRole('button', { name: 'Nova Vaga' }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Nova Vaga' })
  await dialog.getByLabel('Título *').fill(titulo)
  await dialog.getByLabel('Tipo *').selectOption('Estágio')
  await dialog.getByLabel('Nível *').selectOption('Estudante')
  await dialog.getByLabel('Modalidade *').selectOption('Híbrido')
  await dialog.getByLabel('Estado', { exact: true }).selectOption('SP')
  await expect(dialog.getByLabel('Cidade', { exact: true })).toBeEnabled()
  await dialog.getByLabel('Cidade', { exact: true }).selectOption({ label: 'São Paulo' })
  await dialog.getByLabel('Salário').fill('Bolsa de R$ 1.900,00 + VT')
  await dialog.getByLabel('Descrição *').fill('Pesquisa de jurisprudência e apoio nas audiências cíveis.')
  await dialog.getByLabel('Requisitos').fill('Cursando Direito a partir do 4º período.')
  await dialog.getByRole('button', { name: 'Publicar vaga' }).click()
  await expect(toast(page, 'Vaga publicada.')).toBeVisible()
  await expect(dialog).toBeHidden()
  const mine = (await (await page.context().request.get('/api/jobs/mine')).json()) as {
    items: { id: string; titulo: string }[]
  }
  const job = mine.items.find((item) => item.titulo === titulo)
  expect(job).toBeTruthy()
  return job!.id
}

/** The student applies from the job page with a PDF and a cover letter. */
export async function applyThroughJobPage(page: Page, jobId: string) {
  await page.goto(`/vagas/${jobId}`)
  await page.getByRole('button', { name: 'Candidatar-se' }).click()
  const dialog = page.getByRole('dialog', { name: 'Candidatar-se' })
  await dialog
    .getByLabel('Currículo (PDF)')
    .setInputFiles({ name: 'curriculo.pdf', mimeType: 'application/pdf', buffer: PDF })
  await dialog.getByLabel('Carta de apresentação').fill('Tenho muito interesse na área cível.')
  await dialog.getByRole('button', { name: 'Enviar candidatura' }).click()
  await expect(toast(page, 'Candidatura enviada!')).toBeVisible()
  await expect(page.getByText('Você se candidatou: Recebida')).toBeVisible()
}

/** The entity opens the job's applications on its dashboard and moves the candidate to `status`. */
export async function moveApplication(page: Page, titulo: string, candidate: string, status: string) {
  await page.goto('/dashboard')
  const item = page.getByTestId('minha-vaga').filter({ hasText: titulo })
  await item.getByRole('button', { name: /^Candidaturas/ }).click()
  const dialog = page.getByRole('dialog', { name: `Candidaturas — ${titulo}` })
  const application = dialog.getByTestId('candidatura').filter({ hasText: candidate })
  await expect(application.getByText('Tenho muito interesse na área cível.')).toBeVisible()
  await expect(application.getByRole('link', { name: /Baixar currículo/ })).toBeVisible()
  await application.getByLabel('Situação').selectOption({ label: status })
  await expect(toast(page, `Situação atualizada: ${status}.`)).toBeVisible()
}
