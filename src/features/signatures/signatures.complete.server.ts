import { and, asc, eq, or, sql } from 'drizzle-orm'
import { maskCpf, maskEmail } from '../../lib/br/mask'
import type { Env } from '../../platform/env.server'
import { findVersionFile, insertVersion, type DocumentViewer } from '../documents/documents.public.server'
import { getSigningCertificate } from './certificate.server'
import { appendEvidencePage } from './evidence-page.server'
import { signPdf } from './pades.server'
import { readVersionBytes, sha256Hex, storeSignedPdf, type StoredSignedPdf } from './signatures.files.server'
import type { VerificationResult } from './signatures.schema'
import type { Executor } from './signatures.service.server'
import type { SignerRecord } from './signatures.signing.server'
import { evidenceSigners } from './signatures.signing.server'
import { signatureRequests, signatureSigners } from './signatures.table.server'
import { checkPdfSignature, REASON_PREFIX } from './verify.server'

/**
 * The request's own reach into its document: the member who sent it, at a level that sees every document
 * (the request was checked against their access when sent; the link holder acts on the office's behalf).
 */
function senderViewer(signer: SignerRecord): DocumentViewer {
  if (!signer.createdBy) throw new Error('signature request without a sender')
  return { officeId: signer.officeId, userId: signer.createdBy, nivelAcesso: 'socio', memberId: '' }
}

/** The original PDF the signers were shown (the version the request was made from), hash-checked. */
export async function originalPdf(tx: Executor, env: Env, signer: SignerRecord) {
  const version = await findVersionFile(tx, senderViewer(signer), signer.documentId, signer.documentVersao)
  if (!version) return null
  const bytes = await readVersionBytes(env, version)
  if (sha256Hex(bytes) !== signer.originalSha256)
    throw new Error('document changed under a signature request')
  return { version, bytes }
}

/**
 * The last signature is in: the original plus the evidence page, signed (PAdES) by the platform, becomes
 * the document's next version, in the transaction that recorded the signature. Returns the stored file so
 * the caller can remove it if that transaction fails.
 */
export async function completeRequest(
  tx: Executor,
  env: Env,
  signer: SignerRecord,
): Promise<{ stored: StoredSignedPdf | null; signedVersao: number | null }> {
  const original = await originalPdf(tx, env, signer)
  let stored: StoredSignedPdf | null = null
  let signedVersao: number | null = null
  let signedSha256: string | null = null
  if (original) {
    const signers = await evidenceSigners(tx, signer.requestId)
    const prepared = await appendEvidencePage(original.bytes, {
      documentName: signer.documentName,
      officeName: signer.officeName,
      verificationCode: signer.verificationCode,
      originalSha256: signer.originalSha256,
      signers: signers.map((s) => ({
        name: s.name ?? s.listedName,
        cpf: s.cpf,
        email: s.email,
        signedAt: s.signedAt ? new Date(s.signedAt) : new Date(),
        ip: s.ip,
        userAgent: s.userAgent,
      })),
    })
    const signed = await signPdf(prepared, await getSigningCertificate(env), {
      reason: `${REASON_PREFIX}${signer.verificationCode}`,
      signingTime: new Date(),
    })
    stored = await storeSignedPdf(env, signed, original.version.originalName, original.version.encrypted)
    signedVersao = await insertVersion(tx, senderViewer(signer), signer.documentId, stored.file)
    signedSha256 = stored.file.sha256
  }
  await tx
    .update(signatureRequests)
    .set({
      status: 'assinado',
      signedVersao,
      signedSha256,
      completedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(signatureRequests.id, signer.requestId))
  return { stored, signedVersao }
}

const NO_RESULT: Omit<VerificationResult, 'intact' | 'status' | 'verificationCode'> = {
  documentName: null,
  signedAt: null,
  signers: [],
}

/** The evidence of a signed request, by its code or its signed file's hash; null when none. */
async function evidenceBy(db: Executor, where: { code?: string | null; sha256?: string }) {
  const conditions = [
    where.code ? eq(signatureRequests.verificationCode, where.code) : undefined,
    where.sha256 ? eq(signatureRequests.signedSha256, where.sha256) : undefined,
  ].filter(Boolean)
  if (conditions.length === 0) return null
  const [request] = await db
    .select({
      id: signatureRequests.id,
      code: signatureRequests.verificationCode,
      documentName: signatureRequests.documentName,
      completedAt: signatureRequests.completedAt,
    })
    .from(signatureRequests)
    .where(and(eq(signatureRequests.status, 'assinado'), or(...conditions)))
    .limit(1)
  if (!request) return null
  const signers = await db
    .select({
      name: signatureSigners.signedName,
      cpf: signatureSigners.signedCpf,
      email: signatureSigners.email,
      signedAt: signatureSigners.signedAt,
    })
    .from(signatureSigners)
    .where(eq(signatureSigners.requestId, request.id))
    .orderBy(asc(signatureSigners.position))
  return {
    verificationCode: request.code,
    documentName: request.documentName,
    signedAt: request.completedAt ? new Date(request.completedAt).toISOString() : null,
    signers: signers.map((s) => ({
      name: s.name ?? '',
      maskedCpf: maskCpf(s.cpf),
      // Anyone holding the file or the code reads this: the e-mail is shown masked, like the CPF.
      email: maskEmail(s.email),
      signedAt: s.signedAt ? new Date(s.signedAt).toISOString() : null,
    })),
  }
}

/** /verificar with a code: what the platform recorded (no file to check). */
export async function verifyByCode(db: Executor, code: string): Promise<VerificationResult | null> {
  const normalized = code.includes('-') ? code : `${code.slice(0, 4)}-${code.slice(4)}`
  const evidence = await evidenceBy(db, { code: normalized })
  return evidence && { intact: true, status: 'registered', ...evidence }
}

/** /verificar with a file: its signature checked, and the request it names (even a tampered copy's). */
export async function verifyFile(db: Executor, env: Env, pdf: Buffer): Promise<VerificationResult> {
  const { fingerprint } = await getSigningCertificate(env)
  const check = checkPdfSignature(pdf, fingerprint)
  const evidence =
    check.status === 'unsigned' || check.status === 'foreign'
      ? null
      : await evidenceBy(db, { code: check.verificationCode, sha256: sha256Hex(pdf) })
  return {
    intact: check.status === 'intact' && evidence !== null,
    status: check.status,
    verificationCode: evidence?.verificationCode ?? check.verificationCode,
    ...(evidence ?? NO_RESULT),
  }
}
