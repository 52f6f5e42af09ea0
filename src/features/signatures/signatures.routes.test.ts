import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { pdfText } from '../../test/pdf-text'
import { createTestApp, type TestApp } from '../../test/test-app'
import type { SignUpInput } from '../auth/auth.schema'
import { auditLog } from '../audit/audit.table.server'
import { docxBytes, officeOf, upload, userIdOf } from '../documents/documents.fixtures'
import type { DocumentRow } from '../documents/documents.schema'
import { notifications } from '../notifications/notifications.table.server'
import { officeMembers } from '../offices/offices.table.server'
import { getSigningCertificate } from './certificate.server'
import { codeSentTo, realPdf, tokenSentTo } from './signatures.fixtures'
import type {
  PublicSigningInfo,
  SignatureBadges,
  SignatureRequestRow,
  VerificationResult,
} from './signatures.schema'
import { signatureSigners } from './signatures.table.server'
import { checkPdfSignature } from './verify.server'

let t: TestApp
let owner: { cookie: string; email: string }
let associado: string
let other: string
let clientId: string
let contract: DocumentRow
const CLIENT_CPF = '529.982.247-25'
const CLIENT_EMAIL = 'cliente@example.com'

const req = (method: string, url: string, body?: unknown, cookie?: string) =>
  t.app.request(url, jsonRequest(method, body, cookie))
const json = async <T>(response: Response | Promise<Response>) => (await (await response).json()) as T

async function sendForSignature(documentId: string, signers: unknown[], cookie = owner.cookie) {
  return req('POST', '/api/signatures', { documentId, signers, message: 'Por favor, assine.' }, cookie)
}

async function newPdfDocument(name: string, nivelAcesso = 'publico') {
  return upload(t, owner.cookie, await realPdf(name), { name, nivelAcesso, clientId })
}

const signAs = (token: string, body: Record<string, unknown>) =>
  req('POST', `/api/signatures/public/${token}/sign`, { fullName: 'Maria Cliente', consent: true, ...body })

async function requestCode(token: string, email: string): Promise<string> {
  expect((await req('POST', `/api/signatures/public/${token}/code`)).status).toBe(200)
  return codeSentTo(t.mailer.sent, email)
}

beforeAll(async () => {
  t = await createTestApp()
  owner = await signUp(t, lawyerSignUp({ nomeCompleto: 'Sofia Sócia' }))
  other = (await signUp(t, lawyerSignUp({ nomeCompleto: 'Otto Outro' }))).cookie
  const student = {
    ...lawyerSignUp({ nomeCompleto: 'Ana Associada' }),
    userType: 'estudante',
    oabNumero: undefined,
    oabEstado: undefined,
    universidade: 'USP',
    periodoCurso: 5,
  } as unknown as SignUpInput
  const account = await signUp(t, student)
  await t.handle.db.insert(officeMembers).values({
    officeId: await officeOf(t, owner.email),
    userId: await userIdOf(t, account.email),
    nivelAcesso: 'associado',
  })
  associado = account.cookie
  const client = await json<{ id: string }>(
    req(
      'POST',
      '/api/clients',
      { nomeCompleto: 'Maria Cliente', documento: CLIENT_CPF, email: CLIENT_EMAIL },
      owner.cookie,
    ),
  )
  clientId = client.id
  contract = await newPdfDocument('Procuração Maria.pdf')
})
afterAll(() => t.close())

describe('sending a document for signature', () => {
  it('refuses another office’s document, one the member cannot see, a non-PDF and bad signers', async () => {
    const signer = { name: 'Maria Cliente', email: CLIENT_EMAIL }
    expect((await sendForSignature(contract.id, [signer], other)).status).toBe(404)
    const secret = await newPdfDocument('Confidencial.pdf', 'confidencial')
    expect((await sendForSignature(secret.id, [signer], associado)).status).toBe(404)
    expect((await req('GET', `/api/signatures?documentId=${secret.id}`, undefined, associado)).status).toBe(
      404,
    )
    const docx = await upload(t, owner.cookie, docxBytes(), { name: 'Minuta.docx' })
    const notPdf = await sendForSignature(docx.id, [signer])
    expect(notPdf.status).toBe(400)
    expect(await notPdf.text()).toContain('Só é possível enviar um documento PDF')
    expect((await sendForSignature(contract.id, [])).status).toBe(400)
    expect((await sendForSignature(contract.id, [{ name: 'X', email: 'não-é-email' }])).status).toBe(400)
    expect(t.mailer.sent.filter((m) => m.text.includes('/assinar/'))).toHaveLength(0)
  })

  it('shows a badge only for the documents the member sees', async () => {
    const secret = await newPdfDocument('Acordo sigiloso.pdf', 'confidencial')
    const shared = await newPdfDocument('Contrato de honorários.pdf')
    const signer = { name: 'Maria Cliente', email: CLIENT_EMAIL }
    expect((await sendForSignature(secret.id, [signer])).status).toBe(201)
    expect((await sendForSignature(shared.id, [signer])).status).toBe(201)
    const url = `/api/signatures/status?documentIds=${secret.id},${shared.id}`
    expect(Object.keys(await json<SignatureBadges>(req('GET', url, undefined, owner.cookie))).sort()).toEqual(
      [secret.id, shared.id].sort(),
    )
    // The associado does not see a confidential document: nor its signers' names through the badge.
    expect(Object.keys(await json<SignatureBadges>(req('GET', url, undefined, associado)))).toEqual([
      shared.id,
    ])
    expect(await json<SignatureBadges>(req('GET', url, undefined, other))).toEqual({})
  })

  it('locks the link after 5 wrong codes and refuses a CPF that does not match the client', async () => {
    const doc = await newPdfDocument('Contrato de honorários.pdf')
    expect(
      (await sendForSignature(doc.id, [{ name: 'Maria Cliente', email: CLIENT_EMAIL, clientId }])).status,
    ).toBe(201)
    const token = tokenSentTo(t.mailer.sent, CLIENT_EMAIL)
    const code = await requestCode(token, CLIENT_EMAIL)
    const mismatch = await signAs(token, { code, cpf: '111.444.777-35' })
    expect(mismatch.status).toBe(400)
    expect(await mismatch.text()).toContain('O CPF informado não confere')
    const wrong = code === '000000' ? '111111' : '000000'
    for (let attempt = 1; attempt <= 4; attempt++) {
      const response = await signAs(token, { code: wrong, cpf: CLIENT_CPF })
      expect(response.status).toBe(400)
      expect(await response.text()).toContain(`Restam ${5 - attempt} tentativa`)
    }
    const fifth = await signAs(token, { code: wrong, cpf: CLIENT_CPF })
    expect(fifth.status).toBe(423)
    expect(await fifth.text()).toContain('Este link foi bloqueado após 5 tentativas')
    // Even the right code is refused now, and the page says so.
    expect((await signAs(token, { code, cpf: CLIENT_CPF })).status).toBe(423)
    expect((await json<PublicSigningInfo>(req('GET', `/api/signatures/public/${token}`))).state).toBe(
      'bloqueado',
    )
  })

  it('an expired link says so', async () => {
    const doc = await newPdfDocument('Declaração.pdf')
    await sendForSignature(doc.id, [{ name: 'Joana', email: 'joana@example.com' }])
    const token = tokenSentTo(t.mailer.sent, 'joana@example.com')
    await t.handle.db
      .update(signatureSigners)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signatureSigners.email, 'joana@example.com'))
    expect((await json<PublicSigningInfo>(req('GET', `/api/signatures/public/${token}`))).state).toBe(
      'expirado',
    )
    const code = await req('POST', `/api/signatures/public/${token}/code`)
    expect(code.status).toBe(410)
    expect(await code.text()).toContain('Este link expirou.')
    const badges = await json<SignatureBadges>(
      req('GET', `/api/signatures/status?documentIds=${doc.id}`, undefined, owner.cookie),
    )
    expect(badges[doc.id]?.status).toBe('expirado')
  })

  it('cancel stops the links; another office cannot cancel; refusal ends the request', async () => {
    const doc = await newPdfDocument('Substabelecimento.pdf')
    await sendForSignature(doc.id, [{ name: 'Pedro', email: 'pedro@example.com' }])
    const token = tokenSentTo(t.mailer.sent, 'pedro@example.com')
    const [request] = await json<SignatureRequestRow[]>(
      req('GET', `/api/signatures?documentId=${doc.id}`, undefined, owner.cookie),
    )
    expect((await req('POST', `/api/signatures/${request?.id}/cancel`, undefined, other)).status).toBe(404)
    expect((await req('POST', `/api/signatures/${request?.id}/cancel`, undefined, owner.cookie)).status).toBe(
      204,
    )
    expect((await json<PublicSigningInfo>(req('GET', `/api/signatures/public/${token}`))).state).toBe(
      'cancelado',
    )
    expect((await req('POST', `/api/signatures/public/${token}/code`)).status).toBe(410)

    await sendForSignature(doc.id, [{ name: 'Pedro', email: 'pedro@example.com' }])
    const second = tokenSentTo(t.mailer.sent, 'pedro@example.com')
    expect(
      (await req('POST', `/api/signatures/public/${second}/refuse`, { reason: 'Não concordo' })).status,
    ).toBe(200)
    const badges = await json<SignatureBadges>(
      req('GET', `/api/signatures/status?documentIds=${doc.id}`, undefined, owner.cookie),
    )
    expect(badges[doc.id]?.status).toBe('recusado')
  })
})

describe('the full flow', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'jc-sig-'))
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))

  it('client and lawyer sign; the signed PDF is a new version that pdfsig and /verificar accept', async () => {
    const created = await sendForSignature(contract.id, [
      { name: 'Maria Cliente', email: CLIENT_EMAIL, clientId },
      { name: 'Sofia Sócia', email: owner.email },
    ])
    expect(created.status).toBe(201)
    const clientToken = tokenSentTo(t.mailer.sent, CLIENT_EMAIL)
    const lawyerToken = tokenSentTo(t.mailer.sent, owner.email)
    const info = await json<PublicSigningInfo>(req('GET', `/api/signatures/public/${clientToken}`))
    expect(info).toMatchObject({
      documentName: 'Procuração Maria.pdf',
      signerName: 'Maria Cliente',
      state: 'pendente',
    })
    const file = await req('GET', `/api/signatures/public/${clientToken}/file`)
    expect(file.headers.get('content-type')).toBe('application/pdf')
    expect(await pdfText(new Uint8Array(await file.arrayBuffer()))).toContain('Procuração Maria.pdf')

    const code = await requestCode(clientToken, CLIENT_EMAIL)
    const noConsent = await req('POST', `/api/signatures/public/${clientToken}/sign`, {
      code,
      fullName: 'Maria Cliente',
      cpf: CLIENT_CPF,
    })
    expect(noConsent.status).toBe(400)
    expect((await signAs(clientToken, { code, cpf: CLIENT_CPF })).status).toBe(200)
    // Single use: the link can't sign twice.
    expect((await signAs(clientToken, { code, cpf: CLIENT_CPF })).status).toBe(409)
    const halfway = await json<SignatureBadges>(
      req('GET', `/api/signatures/status?documentIds=${contract.id}`, undefined, owner.cookie),
    )
    expect(halfway[contract.id]).toEqual({ status: 'pendente', signed: 1, total: 2 })

    // The lawyer has no CPF on record: any valid CPF is taken and recorded.
    const lawyerCode = await requestCode(lawyerToken, owner.email)
    const done = await signAs(lawyerToken, {
      code: lawyerCode,
      cpf: '111.444.777-35',
      fullName: 'Sofia Sócia',
    })
    expect(await json<{ complete: boolean }>(done)).toMatchObject({ complete: true })

    const [request] = await json<SignatureRequestRow[]>(
      req('GET', `/api/signatures?documentId=${contract.id}`, undefined, owner.cookie),
    )
    expect(request).toMatchObject({ status: 'assinado', signed: 2, total: 2, signedVersao: 2 })
    const signed = Buffer.from(
      await (await req('GET', `/api/documents/${contract.id}/file`, undefined, owner.cookie)).arrayBuffer(),
    )
    const text = await pdfText(signed)
    expect(text).toContain('Página de evidências de assinatura eletrônica')
    expect(text).toContain('***.982.247-**')
    expect(text).toContain(request?.verificationCode)

    const { fingerprint } = await getSigningCertificate(t.env)
    expect(checkPdfSignature(signed, fingerprint).status).toBe('intact')
    const file1 = path.join(dir, 'signed.pdf')
    await writeFile(file1, signed)
    const { stdout } = await promisify(execFile)('pdfsig', [file1])
    expect(stdout).toMatch(/Signature Validation: Signature is Valid/)

    const verify = (bytes: Buffer) =>
      t.app.request('/api/signatures/verify', {
        method: 'POST',
        headers: { 'content-type': 'application/pdf' },
        body: new Uint8Array(bytes),
      })
    const intact = await json<VerificationResult>(verify(signed))
    expect(intact).toMatchObject({ intact: true, status: 'intact', documentName: 'Procuração Maria.pdf' })
    expect(intact.signers.map((s) => s.name)).toEqual(['Maria Cliente', 'Sofia Sócia'])
    const changed = Buffer.from(signed)
    // One letter of a page's /MediaBox key, well inside the signed bytes.
    const at = changed.indexOf('/MediaBox') + 1
    expect(at).toBeGreaterThan(100)
    changed[at] = changed[at] === 0x41 ? 0x42 : 0x41
    const tampered = await json<VerificationResult>(verify(changed))
    expect(tampered).toMatchObject({
      intact: false,
      status: 'tampered',
      verificationCode: request?.verificationCode,
    })
    const byCode = await json<VerificationResult>(
      req('GET', `/api/signatures/verify?code=${request?.verificationCode}`),
    )
    expect(byCode).toMatchObject({ status: 'registered', documentName: 'Procuração Maria.pdf' })
    expect((await req('GET', '/api/signatures/verify?code=ZZZZ-ZZZZ')).status).toBe(404)

    const officeId = await officeOf(t, owner.email)
    const actions = await t.handle.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.officeId, officeId), eq(auditLog.entityId, request?.id ?? '')))
    expect(actions.map((a) => a.action).sort()).toEqual(
      [
        'signature.code',
        'signature.code',
        'signature.complete',
        'signature.request',
        'signature.sign',
        'signature.sign',
      ].sort(),
    )
    const notes = await t.handle.db
      .select({ title: notifications.title })
      .from(notifications)
      .where(eq(notifications.userId, await userIdOf(t, owner.email)))
    expect(notes.map((n) => n.title)).toContain('Documento assinado')
  })
})
