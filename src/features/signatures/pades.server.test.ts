import { execFile } from 'node:child_process'
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pdfText } from '../../test/pdf-text'
import { getSigningCertificate, readOrCreate, type SigningCertificate } from './certificate.server'
import { appendEvidencePage, EVIDENCE_TITLE } from './evidence-page.server'
import { signPdf } from './pades.server'
import { checkPdfSignature, REASON_PREFIX } from './verify.server'

const run = promisify(execFile)
let dir: string
let certificate: SigningCertificate

/** pdfsig (poppler-utils) as an independent verifier; it exits non-zero for a broken signature. */
async function pdfsig(bytes: Uint8Array): Promise<string> {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`)
  await writeFile(file, bytes)
  const result = await run('pdfsig', [file]).catch((error: { stdout?: string; stderr?: string }) => ({
    stdout: `${error.stdout ?? ''}${error.stderr ?? ''}`,
  }))
  return result.stdout
}

async function samplePdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create()
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  pdf.addPage().drawText('Procuração ad judicia et extra', { x: 50, y: 700, font, size: 14 })
  return pdf.save()
}

const evidence = {
  documentName: 'Procuração — Maria.pdf',
  officeName: 'Silva & Souza Advogados',
  verificationCode: 'K7QX-9M2P',
  originalSha256: 'a'.repeat(64),
  signers: [
    {
      name: 'Maria da Conceição',
      cpf: '12345678909',
      email: 'maria@example.com',
      signedAt: new Date('2026-11-27T17:30:05Z'),
      ip: '203.0.113.9',
      userAgent: 'Mozilla/5.0 (iPhone)',
    },
  ],
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'jc-pades-'))
  certificate = await getSigningCertificate({ dataDir: dir })
})
afterAll(() => rm(dir, { recursive: true, force: true }))

describe('PAdES signature', () => {
  it('the certificate is generated once: two nodes starting together end up with the same one', async () => {
    const shared = path.join(dir, 'two-nodes')
    const [a, b] = await Promise.all([readOrCreate(shared), readOrCreate(shared)])
    expect(a.fingerprint).toBe(b.fingerprint)
    expect(await readdir(shared)).toEqual(['signature-certificate.p12'])
    const configured = await getSigningCertificate({
      dataDir: dir,
      SIGNATURE_P12_PATH: path.join(shared, 'signature-certificate.p12'),
    })
    expect(configured.fingerprint).toBe(a.fingerprint)
    expect(configured.fingerprint).not.toBe(certificate.fingerprint)
  })

  it('appends the evidence page with the masked CPF, the code, the hash and the legal basis', async () => {
    const text = await pdfText(await appendEvidencePage(await samplePdf(), evidence))
    expect(text).toContain('Procuração ad judicia et extra')
    expect(text).toContain(EVIDENCE_TITLE)
    expect(text).toContain('***.456.789-**')
    expect(text).not.toContain('12345678909')
    expect(text).toContain('K7QX-9M2P')
    expect(text).toContain('a'.repeat(64))
    expect(text).toContain('27/11/2026 14:30:05')
    expect(text).toContain('Lei nº 14.063/2020')
    expect(text).toContain('203.0.113.9')
  })

  it('pdfsig and our verifier accept the signed file; one flipped byte makes both say it was changed', async () => {
    const prepared = await appendEvidencePage(await samplePdf(), evidence)
    const signed = await signPdf(prepared, certificate, {
      reason: `${REASON_PREFIX}K7QX-9M2P`,
      signingTime: new Date(),
    })
    const report = await pdfsig(signed)
    expect(report).toMatch(/Signature Validation: Signature is Valid/)
    expect(report).toMatch(/ETSI\.CAdES\.detached/)
    expect(report).toMatch(/Total document signed/)
    expect(checkPdfSignature(signed, certificate.fingerprint)).toEqual({
      status: 'intact',
      verificationCode: 'K7QX-9M2P',
    })

    // A byte of the page content (inside the first signed range) changed.
    const tampered = Buffer.from(signed)
    const at = tampered.indexOf('/MediaBox') + 1
    expect(at).toBeGreaterThan(100)
    tampered[at] = tampered[at] === 0x41 ? 0x42 : 0x41
    expect(await pdfsig(tampered)).toMatch(/Signature Validation: Digest Mismatch|Signature is Invalid/)
    expect(checkPdfSignature(tampered, certificate.fingerprint).status).toBe('tampered')

    // Bytes appended after the signature (an incremental update) are a change too.
    const appended = Buffer.concat([signed, Buffer.from('\n% changed\n')])
    expect(checkPdfSignature(appended, certificate.fingerprint).status).toBe('tampered')
  })

  it('another certificate signs validly but is not ours; an unsigned PDF is unsigned', async () => {
    const other = await getSigningCertificate({ dataDir: path.join(dir, 'other') })
    const signed = await signPdf(await samplePdf(), other, { reason: 'x', signingTime: new Date() })
    expect(checkPdfSignature(signed, certificate.fingerprint).status).toBe('foreign')
    expect(checkPdfSignature(Buffer.from(await samplePdf()), certificate.fingerprint).status).toBe('unsigned')
  })
})
