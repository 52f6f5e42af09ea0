import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/test-app'
import { auditLog } from '../audit/audit.table.server'
import { clients } from '../clients/clients.table.server'
import { notifications } from '../notifications/notifications.table.server'
import { offices } from '../offices/offices.table.server'
import { profiles } from '../profiles/profiles.table.server'
import { lawyer, type Account } from './network.fixtures'
import { profileContacts } from './network.table.server'

let t: TestApp
let ana: Account
let bia: Account
let anaSlug: string
let anaOffice: string

let lastOctet = 0
/** A fresh visitor address per call unless one is given (TRUST_PROXY=1 reads X-Forwarded-For). */
function contact(key: string, body: Record<string, unknown>, ip = `203.0.113.${++lastOctet}`) {
  return t.app.request(`/api/network/lawyers/${key}/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  })
}

const message = {
  nome: 'Carlos Cliente',
  email: 'carlos@example.com',
  telefone: '(11) 91234-5678',
  mensagem: 'Preciso de ajuda com um contrato de aluguel.',
}

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '1' })
  ana = await lawyer(t, 'Ana Contato')
  bia = await lawyer(t, 'Bia Outra')
  const [row] = await t.handle.db
    .select({ slug: profiles.slug })
    .from(profiles)
    .where(eq(profiles.userId, ana.id))
  anaSlug = row?.slug ?? ''
  const [office] = await t.handle.db
    .select({ id: offices.id })
    .from(offices)
    .where(eq(offices.createdBy, ana.id))
  anaOffice = office?.id ?? ''
})

afterAll(async () => {
  await t.close()
})

describe('profile contact form', () => {
  it('creates exactly one lead in the lawyer’s office, a notification and an e-mail', async () => {
    const mailsBefore = t.mailer.sent.length
    const response = await contact(anaSlug, message)
    expect(response.status).toBe(201)
    expect(await response.json()).toEqual({ ok: true, message: 'Mensagem enviada ao advogado.' })

    const leads = await t.handle.db.select().from(clients).where(eq(clients.email, 'carlos@example.com'))
    expect(leads).toHaveLength(1)
    expect(leads[0]).toMatchObject({
      officeId: anaOffice,
      nomeCompleto: 'Carlos Cliente',
      telefone: '11912345678',
      status: 'ativo',
    })
    expect(leads[0]?.observacoes).toMatch(/^Contato pelo perfil/)
    expect(leads[0]?.observacoes).toContain('contrato de aluguel')

    const audit = await t.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, leads[0]?.id ?? ''), eq(auditLog.action, 'client.create')))
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({ officeId: anaOffice, actorUserId: null, ip: '203.0.113.1' })

    const notes = await t.handle.db.select().from(notifications).where(eq(notifications.userId, ana.id))
    expect(notes.filter((n) => n.title === 'Novo contato pelo perfil')).toHaveLength(1)
    expect(notes.some((n) => n.userId === bia.id)).toBe(false)

    const mails = t.mailer.sent.slice(mailsBefore)
    expect(mails).toHaveLength(1)
    expect(mails[0]?.to).toBe(ana.email)
    expect(mails[0]?.text).toContain('contrato de aluguel')

    const kept = await t.handle.db
      .select()
      .from(profileContacts)
      .where(eq(profileContacts.lawyerUserId, ana.id))
    expect(kept).toHaveLength(1)
    expect(kept[0]?.clientId).toBe(leads[0]?.id)
    // Nothing reached the other lawyer's office.
    const [biaOffice] = await t.handle.db
      .select({ id: offices.id })
      .from(offices)
      .where(eq(offices.createdBy, bia.id))
    expect(
      await t.handle.db
        .select()
        .from(clients)
        .where(eq(clients.officeId, biaOffice?.id ?? '')),
    ).toEqual([])
  })

  it('honeypot: answers as if sent, keeps and sends nothing', async () => {
    const mailsBefore = t.mailer.sent.length
    const response = await contact(ana.id, { ...message, email: 'robo@example.com', website: 'http://spam' })
    expect(response.status).toBe(201)
    expect(await response.json()).toEqual({ ok: true, message: 'Mensagem enviada ao advogado.' })
    expect(await t.handle.db.select().from(clients).where(eq(clients.email, 'robo@example.com'))).toEqual([])
    expect(
      await t.handle.db.select().from(profileContacts).where(eq(profileContacts.email, 'robo@example.com')),
    ).toEqual([])
    expect(t.mailer.sent.length).toBe(mailsBefore)
  })

  it('validates with pt-BR messages and writes nothing', async () => {
    const response = await contact(ana.id, { nome: '', email: 'nao-e-email', telefone: '123', mensagem: '' })
    expect(response.status).toBe(400)
    const { error } = await response.json()
    expect(error.fields).toMatchObject({
      nome: 'Informe o seu nome.',
      email: 'E-mail inválido.',
      telefone: 'Telefone inválido.',
      mensagem: 'Escreva a sua mensagem.',
    })
    expect((await t.handle.db.select().from(profileContacts)).length).toBe(1)
  })

  it('a private or unknown lawyer is 404, the same answer as the public profile', async () => {
    const dora = await lawyer(t, 'Dora Privada')
    await t.handle.db.update(profiles).set({ perfilPublico: false }).where(eq(profiles.userId, dora.id))
    const hidden = await contact(dora.id, message)
    expect(hidden.status).toBe(404)
    const unknown = await contact('ninguem-abc123', message)
    expect(unknown.status).toBe(404)
    expect(await hidden.json()).toEqual(await unknown.json())
  })

  it('is rate-limited per address', async () => {
    const ip = '198.51.100.7'
    for (let i = 0; i < 5; i++)
      expect((await contact(bia.id, { ...message, email: `a${i}@example.com` }, ip)).status).toBe(201)
    const refused = await contact(bia.id, { ...message, email: 'a6@example.com' }, ip)
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBeTruthy()
    expect(await t.handle.db.select().from(clients).where(eq(clients.email, 'a6@example.com'))).toEqual([])
  })

  it('is rate-limited per lawyer, whatever the address', async () => {
    const carol = await lawyer(t, 'Carol Procurada')
    for (let i = 0; i < 20; i++) {
      expect(
        (await contact(carol.id, { ...message, email: `p${i}@example.com` }, `192.0.2.${i + 1}`)).status,
      ).toBe(201)
    }
    expect((await contact(carol.id, message, '192.0.2.200')).status).toBe(429)
  })
})
