import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/test-app'
import { notifications } from '../notifications/notifications.table.server'
import { profiles } from '../profiles/profiles.table.server'
import { call, lawyer, MASTER, student, superadmin, type Account } from './network.fixtures'
import type { VerificationRequestItem, VerificationState } from './network.schema'
import { oabVerifications } from './network.table.server'

let t: TestApp
let ana: Account
let beto: Account
let admin: Account
let png: Buffer

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
)

function upload(bytes: Uint8Array | string, cookie?: string, type = 'application/octet-stream') {
  // A copy typed on a plain ArrayBuffer, as fetch's BodyInit wants.
  const body = typeof bytes === 'string' ? bytes : new Uint8Array(bytes)
  return t.app.request('/api/network/verification', {
    method: 'POST',
    headers: { 'content-type': type, ...(cookie ? { cookie } : {}) },
    body,
  })
}
const state = async (cookie: string) =>
  (await (
    await t.app.request('/api/network/verification', { headers: { cookie } })
  ).json()) as VerificationState
const pending = async () =>
  (
    (await (
      await t.app.request('/api/network/moderation/verifications', { headers: { cookie: admin.cookie } })
    ).json()) as { items: VerificationRequestItem[] }
  ).items
const decide = (id: string, body: unknown, cookie = admin.cookie) =>
  call(t, 'POST', `/api/network/moderation/verifications/${id}/decide`, body, cookie)
const titlesOf = async (userId: string) =>
  (await t.handle.db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.title)

beforeAll(async () => {
  t = await createTestApp({ MASTER_EMAIL: MASTER })
  admin = await superadmin(t)
  ana = await lawyer(t, 'Ana Verifica')
  beto = await lawyer(t, 'Beto Curioso')
  png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#123456' } })
    .png()
    .toBuffer()
})

afterAll(async () => {
  await t.close()
})

describe('OAB verification', () => {
  it('needs a session and a lawyer', async () => {
    expect((await upload(png)).status).toBe(401)
    const eva = await student(t)
    const refused = await upload(png, eva.cookie)
    expect(refused.status).toBe(403)
    expect((await refused.json()).error.message).toBe(
      'Apenas advogados podem solicitar a verificação da OAB.',
    )
  })

  it('sniffs the content: text renamed to .png, an empty body and a file over 10 MB are refused', async () => {
    const text = await upload('isto não é uma imagem', ana.cookie, 'image/png')
    expect(text.status).toBe(415)
    expect((await text.json()).error.message).toBe(
      'Envie uma foto (JPG, PNG ou WEBP) ou um PDF da sua carteira da OAB.',
    )
    expect((await upload(new Uint8Array(0), ana.cookie)).status).toBe(415)
    const big = new Uint8Array(10 * 1024 * 1024 + 1)
    big.set(png)
    expect((await upload(big, ana.cookie)).status).toBe(413)
    expect(await t.handle.db.select().from(oabVerifications)).toEqual([])
    expect((await state(ana.cookie)).request).toBeNull()
  })

  it('stores a PNG as a pending request; only one pending at a time', async () => {
    const response = await upload(png, ana.cookie, 'image/png')
    expect(response.status).toBe(201)
    const body = (await response.json()) as VerificationState
    expect(body).toMatchObject({ request: { status: 'pendente', motivo: null }, verifiedAt: null })
    const again = await upload(PDF, ana.cookie, 'application/pdf')
    expect(again.status).toBe(409)
    expect((await again.json()).error.message).toBe('Você já tem uma solicitação de verificação em análise.')
  })

  it('only the owner and superadmins can read the file', async () => {
    const [request] = await pending()
    expect(request).toMatchObject({ nomeCompleto: 'Ana Verifica', mime: 'image/png', oabNumero: '123456' })
    const url = `/api/network/verification/${request?.id}/file`
    expect(request?.fileUrl).toBe(url)
    const own = await t.app.request(url, { headers: { cookie: ana.cookie } })
    expect(own.status).toBe(200)
    expect(own.headers.get('content-type')).toBe('image/png')
    expect(own.headers.get('cache-control')).toContain('no-store')
    expect(Buffer.from(await own.arrayBuffer()).equals(png)).toBe(true)
    expect((await t.app.request(url, { headers: { cookie: beto.cookie } })).status).toBe(404)
    expect((await t.app.request(url)).status).toBe(401)
    expect((await t.app.request(url, { headers: { cookie: admin.cookie } })).status).toBe(200)
  })

  it('rejection needs a reason, notifies, and lets the lawyer ask again', async () => {
    const [request] = await pending()
    const id = request?.id ?? ''
    expect((await decide(id, { approve: false }, beto.cookie)).status).toBe(403)
    const noReason = await decide(id, { approve: false, motivo: ' ' })
    expect(noReason.status).toBe(400)
    expect((await noReason.json()).error.fields.motivo).toBe('Informe o motivo da rejeição.')
    const rejected = await decide(id, { approve: false, motivo: 'Foto ilegível.' })
    expect(rejected.status).toBe(200)
    expect(await rejected.json()).toMatchObject({ status: 'rejeitada', motivo: 'Foto ilegível.' })
    expect(await state(ana.cookie)).toMatchObject({
      request: { status: 'rejeitada', motivo: 'Foto ilegível.' },
      verifiedAt: null,
    })
    expect(await titlesOf(ana.id)).toContain('Verificação da OAB rejeitada')
    expect((await decide(id, { approve: true })).status).toBe(409)

    expect((await upload(PDF, ana.cookie, 'application/pdf')).status).toBe(201)
  })

  it('approval sets the badge and notifies; a verified lawyer cannot ask again', async () => {
    const [request] = await pending()
    expect(request?.mime).toBe('application/pdf')
    const approved = await decide(request?.id ?? '', { approve: true })
    expect(approved.status).toBe(200)
    expect(await approved.json()).toMatchObject({ status: 'aprovada', motivo: null })
    const [profile] = await t.handle.db.select().from(profiles).where(eq(profiles.userId, ana.id))
    expect(profile?.oabVerificadoEm).toBeInstanceOf(Date)
    expect((await state(ana.cookie)).verifiedAt).toBeTruthy()
    expect(await titlesOf(ana.id)).toContain('OAB verificada')
    expect((await upload(png, ana.cookie)).status).toBe(409)
    const [other] = await t.handle.db.select().from(profiles).where(eq(profiles.userId, beto.id))
    expect(other?.oabVerificadoEm).toBeNull()
  })
})
