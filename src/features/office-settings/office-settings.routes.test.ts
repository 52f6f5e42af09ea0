import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decryptSecret, getEncryptionKey } from '../../platform/file-encryption.server'
import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { createTestApp, type TestApp } from '../../test/test-app'
import { auditLog } from '../audit/audit.table.server'
import { getOfficeBackupSettings, getOfficeLetterhead, getOfficePix } from './office-settings.public.server'
import type { OfficeSettingsDto } from './office-settings.schema'
import { officeSettings } from './office-settings.table.server'
import { defaultInput, officeWithSocio, saveSettings, userIdOf } from './office-settings.fixtures'

let t: TestApp & { deps: Awaited<ReturnType<typeof createTestApp>>['deps'] }
let office: Awaited<ReturnType<typeof officeWithSocio>>
let associado: { cookie: string; email: string }
let other: { cookie: string; email: string }
const get = (cookie?: string) => t.app.request('/api/office-settings', jsonRequest('GET', undefined, cookie))
const put = (body: unknown, cookie?: string) =>
  t.app.request('/api/office-settings', jsonRequest('PUT', body, cookie))
// Waits until this node heard the database's eviction notices (ADR 009).
const heard = () => t.deps.membershipCache.changes.sync()

async function waitFor(condition: () => boolean, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > until) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

beforeAll(async () => {
  t = await createTestApp()
  // The per-node caches work (and are evicted by the database) only once the change feed listens.
  await waitFor(() => t.deps.membershipCache.changes.live)
  office = await officeWithSocio(t)
  associado = await office.member('associado', 'Ana Associada')
  other = await signUp(t, lawyerSignUp({ nomeCompleto: 'Otávio Outro' }))
})
afterAll(() => t.close())

describe('GET/PUT /api/office-settings', () => {
  it('answers 401 anonymous and 403 to levels other than sócio', async () => {
    expect((await get()).status).toBe(401)
    expect((await put(defaultInput())).status).toBe(401)
    const denied = await get(associado.cookie)
    expect(denied.status).toBe(403)
    expect((await put(defaultInput(), associado.cookie)).status).toBe(403)
    expect(
      (await t.app.request('/api/office-settings/restore', jsonRequest('POST', {}, associado.cookie))).status,
    ).toBe(403)
  })

  it('shows the defaults before the first save (no row) and the office name', async () => {
    const body = (await (await get(office.socio.cookie)).json()) as OfficeSettingsDto
    expect(body).toMatchObject({
      require2fa: false,
      auditViewer: true,
      sessionTimeoutMin: 480,
      smtpPort: 587,
      backupRetencaoDias: 30,
      backupFrequencia: 'diario',
      smtpPasswordSet: false,
      updatedAt: null,
      officeName: 'Escritório Sofia Sócia',
    })
  })

  it('saves every setting, normalised, never returning the SMTP password; audits field names only', async () => {
    const saved = await saveSettings(t, office.socio.cookie, {
      nomeEscritorio: 'Sócia & Associados',
      cnpj: '12abc34501de35',
      oabRegistro: 'OAB/SP 12.345',
      telefone: '11987654321',
      endereco: 'Av. Paulista, 1000 — São Paulo/SP',
      pixTipo: 'telefone',
      pixChave: '(11) 98765-4321',
      pixNome: 'Socia Associados',
      pixCidade: 'Sao Paulo',
      sessionTimeoutMin: 120,
      backupFrequencia: 'semanal',
      backupRetencaoDias: 60,
      smtpHost: 'smtp.escritorio.com.br',
      smtpUser: 'contato@escritorio.com.br',
      smtpPassword: 'segredo-muito-secreto',
      smtpFrom: 'contato@escritorio.com.br',
      smtpSignature: 'Sócia & Associados',
    })
    expect(saved).toMatchObject({
      cnpj: '12.ABC.345/01DE-35',
      telefone: '(11) 98765-4321',
      pixChave: '+5511987654321',
      smtpPasswordSet: true,
    })
    expect(JSON.stringify(saved)).not.toContain('segredo')
    const reread = (await (await get(office.socio.cookie)).json()) as OfficeSettingsDto
    expect(reread).toEqual(saved)
    // Stored encrypted (AES-256-GCM), decryptable with the installation key.
    const [row] = await t.handle.db
      .select({ enc: officeSettings.smtpPasswordEnc })
      .from(officeSettings)
      .where(eq(officeSettings.officeId, office.officeId))
    expect(row?.enc).toMatch(/^v1:/)
    expect(row?.enc).not.toContain('segredo')
    expect(decryptSecret(await getEncryptionKey(t.env), row!.enc!)).toBe('segredo-muito-secreto')
    // A save without smtpPassword keeps it.
    expect(
      (await saveSettings(t, office.socio.cookie, { ...reread, smtpPasswordSet: undefined } as never))
        .smtpPasswordSet,
    ).toBe(true)
    const audits = await t.handle.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and2(office.officeId, 'office_settings.update'))
    expect(audits.length).toBeGreaterThanOrEqual(1)
    const details = JSON.stringify(audits[0]?.details)
    expect(details).toContain('cnpj')
    expect(details).not.toContain('12.ABC')
    expect(details).not.toContain('segredo')
  })

  it('feeds the public getters (letterhead, Pix, backup)', async () => {
    expect(await getOfficeLetterhead(t.handle.db, office.officeId)).toEqual({
      nome: 'Sócia & Associados',
      cnpj: '12.ABC.345/01DE-35',
      oab: 'OAB/SP 12.345',
      telefone: '(11) 98765-4321',
      endereco: 'Av. Paulista, 1000 — São Paulo/SP',
    })
    expect(await getOfficePix(t.handle.db, office.officeId)).toEqual({
      chave: '+5511987654321',
      tipo: 'telefone',
      nome: 'Socia Associados',
      cidade: 'Sao Paulo',
    })
    expect(await getOfficeBackupSettings(t.handle.db, office.officeId)).toEqual({
      automatico: true,
      frequencia: 'semanal',
      retencaoDias: 60,
    })
    // Another office, never saved: its own name and no Pix.
    const otherOffice = await t.handle.db.execute<{ office_id: string }>(
      sql`select office_id from office_members where user_id = ${await userIdOf(t, other.email)}`,
    )
    const otherId = otherOffice.rows[0]!.office_id
    expect(await getOfficeLetterhead(t.handle.db, otherId)).toEqual({ nome: 'Escritório Otávio Outro' })
    expect(await getOfficePix(t.handle.db, otherId)).toBeNull()
  })

  it('refuses bad input with pt-BR messages and writes nothing', async () => {
    const before = (await (await get(office.socio.cookie)).json()) as OfficeSettingsDto
    const cases: [Record<string, unknown>, string, string][] = [
      [{ cnpj: '11.222.333/0001-00' }, 'cnpj', 'CNPJ inválido.'],
      [{ telefone: '123' }, 'telefone', 'Telefone inválido. Informe DDD e número.'],
      [{ alertEmail: 'nao-e-email' }, 'alertEmail', 'E-mail inválido.'],
      [{ smtpPort: 70000 }, 'smtpPort', 'Porta SMTP não permitida. Use 25, 465, 587 ou 2525.'],
      [{ smtpPort: 22 }, 'smtpPort', 'Porta SMTP não permitida. Use 25, 465, 587 ou 2525.'],
      [{ sessionTimeoutMin: 4 }, 'sessionTimeoutMin', 'O tempo de sessão deve ser entre 5 e 1440 minutos.'],
      [
        { sessionTimeoutMin: 1441 },
        'sessionTimeoutMin',
        'O tempo de sessão deve ser entre 5 e 1440 minutos.',
      ],
      [{ pixTipo: 'cpf', pixChave: '111.111.111-11' }, 'pixChave', 'Chave Pix: CPF inválido.'],
      [
        { pixTipo: 'aleatoria', pixChave: 'abc' },
        'pixChave',
        'Chave Pix: a chave aleatória tem o formato 123e4567-e89b-12d3-a456-426614174000.',
      ],
      [{ pixTipo: 'telefone', pixChave: null }, 'pixChave', 'Informe o tipo e a chave Pix.'],
      // A Pix key is a mobile number: a landline is refused.
      [
        { pixTipo: 'telefone', pixChave: '(11) 3456-7890' },
        'pixChave',
        'Chave Pix: informe um celular com DDD (ex.: +55 11 98765-4321).',
      ],
      [
        { smtpHost: 'smtp.x.com', smtpFrom: null },
        'smtpFrom',
        'Informe o servidor SMTP e o e-mail do escritório.',
      ],
    ]
    for (const [patch, field, message] of cases) {
      const response = await put(defaultInput(patch), office.socio.cookie)
      expect(response.status, field).toBe(400)
      const body = (await response.json()) as { error: { code: string; fields: Record<string, string> } }
      expect(body.error.fields[field], field).toBe(message)
    }
    expect(await (await get(office.socio.cookie)).json()).toEqual(before)
  })

  it('accepts each Pix key type in its DICT form', async () => {
    const keys: [string, string, string][] = [
      ['cpf', '529.982.247-25', '52998224725'],
      ['cnpj', '11.222.333/0001-81', '11222333000181'],
      ['email', 'Financeiro@Escritorio.com.br', 'financeiro@escritorio.com.br'],
      ['aleatoria', '123E4567-E89B-12D3-A456-426614174000', '123e4567-e89b-12d3-a456-426614174000'],
    ]
    for (const [pixTipo, pixChave, stored] of keys) {
      const saved = await saveSettings(t, office.socio.cookie, { pixTipo: pixTipo as never, pixChave })
      expect(saved.pixChave, pixTipo).toBe(stored)
    }
  })

  it("'Restaurar Padrão' restores the defaults, keeps the office's identity and Pix", async () => {
    await saveSettings(t, office.socio.cookie, {
      nomeEscritorio: 'Sócia & Associados',
      pixTipo: 'cpf',
      pixChave: '52998224725',
      require2fa: false,
      sessionTimeoutMin: 30,
      weeklyReport: true,
      smtpHost: 'smtp.x.com',
      smtpFrom: 'a@x.com',
      smtpPassword: 'x',
    })
    const response = await t.app.request(
      '/api/office-settings/restore',
      jsonRequest('POST', {}, office.socio.cookie),
    )
    expect(response.status).toBe(200)
    const body = (await response.json()) as OfficeSettingsDto
    expect(body).toMatchObject({
      nomeEscritorio: 'Sócia & Associados',
      pixChave: '52998224725',
      sessionTimeoutMin: 480,
      weeklyReport: false,
      smtpHost: null,
      smtpPasswordSet: false,
    })
    const [audit] = await t.handle.db
      .select()
      .from(auditLog)
      .where(and2(office.officeId, 'office_settings.restore'))
    expect(audit).toBeDefined()
  })
})

function and2(officeId: string, action: string) {
  return sql`${auditLog.officeId} = ${officeId} and ${auditLog.action} = ${action}`
}

describe('office name in the header', () => {
  it('GET /api/me shows the personalised name, evicted on change', async () => {
    await saveSettings(t, office.socio.cookie, { nomeEscritorio: 'Nome Personalizado' })
    await heard()
    const me = await t.app.request('/api/me', jsonRequest('GET', undefined, office.socio.cookie))
    expect(((await me.json()) as { office: { nome: string } }).office.nome).toBe('Nome Personalizado')
    const list = await t.app.request('/api/offices', jsonRequest('GET', undefined, office.socio.cookie))
    expect(JSON.stringify(await list.json())).toContain('Nome Personalizado')
  })
})
