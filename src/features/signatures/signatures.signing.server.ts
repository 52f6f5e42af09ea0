import { randomInt } from 'node:crypto'
import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { maskEmail } from '../../lib/br/mask'
import { ApiError, notFound } from '../../platform/http-error.server'
import { offices } from '../offices/offices.table.server'
import {
  SIGNATURE_MAX_ATTEMPTS,
  SIGNATURE_MESSAGES,
  type PublicSigningInfo,
  type SignatureStatus,
} from './signatures.schema'
import { hashSecret, signerStatus, type Executor } from './signatures.service.server'
import { signatureRequests, signatureSigners } from './signatures.table.server'

// The signer's side (no session: the link's 256-bit token is the credential). Every function takes the
// transaction of its route; the row is locked, so two tabs can't both spend the last code attempt.

export const CODE_MINUTES = 15

export interface SignerRecord {
  id: string
  officeId: string
  requestId: string
  position: number
  name: string
  email: string
  cpf: string | null
  codeHash: string | null
  codeExpired: boolean
  codeAttempts: number
  lockedAt: Date | null
  signedAt: Date | null
  refusedAt: Date | null
  expired: boolean
  requestStatus: SignatureStatus
  documentId: string
  documentVersao: number
  documentName: string
  message: string | null
  verificationCode: string
  originalSha256: string
  createdBy: string | null
  officeName: string
}

/** The signer of a token (locked for the change when asked), or 404 for an unknown token. */
export async function loadSigner(db: Executor, token: string, lock: boolean): Promise<SignerRecord> {
  const query = db
    .select({
      id: signatureSigners.id,
      officeId: signatureSigners.officeId,
      requestId: signatureSigners.requestId,
      position: signatureSigners.position,
      name: signatureSigners.name,
      email: signatureSigners.email,
      cpf: signatureSigners.cpf,
      codeHash: signatureSigners.codeHash,
      codeExpired: sql<boolean>`coalesce(${signatureSigners.codeExpiresAt} <= now(), true)`.mapWith(Boolean),
      codeAttempts: signatureSigners.codeAttempts,
      lockedAt: signatureSigners.lockedAt,
      signedAt: signatureSigners.signedAt,
      refusedAt: signatureSigners.refusedAt,
      expired: sql<boolean>`${signatureSigners.expiresAt} <= now()`.mapWith(Boolean),
      requestStatus: signatureRequests.status,
      documentId: signatureRequests.documentId,
      documentVersao: signatureRequests.documentVersao,
      documentName: signatureRequests.documentName,
      message: signatureRequests.message,
      verificationCode: signatureRequests.verificationCode,
      originalSha256: signatureRequests.originalSha256,
      createdBy: signatureRequests.createdBy,
      officeName: offices.nome,
    })
    .from(signatureSigners)
    .innerJoin(
      signatureRequests,
      and(
        eq(signatureRequests.id, signatureSigners.requestId),
        eq(signatureRequests.officeId, signatureSigners.officeId),
      ),
    )
    .innerJoin(offices, eq(offices.id, signatureSigners.officeId))
    .where(eq(signatureSigners.tokenHash, hashSecret(token)))
  const [row] = lock ? await query.for('update', { of: [signatureSigners, signatureRequests] }) : await query
  if (!row) throw notFound(SIGNATURE_MESSAGES.linkNotFound)
  return row
}

export function stateOf(signer: SignerRecord): PublicSigningInfo['state'] {
  return signerStatus(signer.requestStatus, signer)
}

export function describeSigner(signer: SignerRecord): PublicSigningInfo {
  return {
    documentName: signer.documentName,
    officeName: signer.officeName,
    signerName: signer.name,
    maskedEmail: maskEmail(signer.email),
    message: signer.message,
    state: stateOf(signer),
    codeSent: signer.codeHash !== null && !signer.codeExpired,
    signedAt: signer.signedAt ? new Date(signer.signedAt).toISOString() : null,
  }
}

const STATE_ERRORS: Record<
  Exclude<PublicSigningInfo['state'], 'pendente'>,
  [ContentfulStatusCode, string, string]
> = {
  assinado: [409, 'already_signed', SIGNATURE_MESSAGES.alreadySigned],
  recusado: [409, 'refused', SIGNATURE_MESSAGES.refused],
  cancelado: [410, 'cancelled', SIGNATURE_MESSAGES.cancelled],
  expirado: [410, 'expired', SIGNATURE_MESSAGES.expired],
  bloqueado: [423, 'locked', SIGNATURE_MESSAGES.locked],
}

/** Refuses anything but a signer who may still sign, with the state's own message. */
export function assertPending(signer: SignerRecord): void {
  const state = stateOf(signer)
  if (state === 'pendente') return
  const [status, code, message] = STATE_ERRORS[state]
  throw new ApiError(status, code, message)
}

const codeHash = (signerId: string, code: string) => hashSecret(`${signerId}:${code}`)

/** A new 6-digit code for the signer (replacing any earlier one); the wrong tries so far still count. */
export async function issueCode(tx: Executor, signer: SignerRecord): Promise<string> {
  assertPending(signer)
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  await tx
    .update(signatureSigners)
    .set({
      codeHash: codeHash(signer.id, code),
      codeExpiresAt: sql`now() + make_interval(mins => ${CODE_MINUTES})`,
    })
    .where(eq(signatureSigners.id, signer.id))
  return code
}

export type CodeCheck = { ok: true } | { ok: false; locked: boolean; remaining: number }

/** Checks the code, counting a wrong one; the 5th wrong one locks the link. */
export async function checkCode(tx: Executor, signer: SignerRecord, code: string): Promise<CodeCheck> {
  if (!signer.codeHash) throw new ApiError(400, 'no_code', SIGNATURE_MESSAGES.noCode)
  if (signer.codeExpired) throw new ApiError(400, 'code_expired', SIGNATURE_MESSAGES.codeExpired)
  if (signer.codeHash === codeHash(signer.id, code)) return { ok: true }
  const attempts = signer.codeAttempts + 1
  const locked = attempts >= SIGNATURE_MAX_ATTEMPTS
  await tx
    .update(signatureSigners)
    .set({ codeAttempts: attempts, ...(locked && { lockedAt: sql`now()` }) })
    .where(eq(signatureSigners.id, signer.id))
  return { ok: false, locked, remaining: SIGNATURE_MAX_ATTEMPTS - attempts }
}

/** Records the signature; true when this was the last signer the request waited for. */
export async function recordSignature(
  tx: Executor,
  signer: SignerRecord,
  data: { fullName: string; cpf: string; ip: string | null; userAgent: string | null },
): Promise<boolean> {
  await tx
    .update(signatureSigners)
    .set({
      signedAt: sql`now()`,
      signedName: data.fullName,
      signedCpf: data.cpf,
      // A signer without a CPF on record is bound to the one they gave from now on.
      cpf: signer.cpf ?? data.cpf,
      ip: data.ip,
      userAgent: data.userAgent?.slice(0, 500) ?? null,
      codeHash: null,
    })
    .where(eq(signatureSigners.id, signer.id))
  const [left] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(signatureSigners)
    .where(and(eq(signatureSigners.requestId, signer.requestId), isNull(signatureSigners.signedAt)))
  return (left?.count ?? 0) === 0
}

/** The signer declines: the whole request ends as 'recusado'. */
export async function recordRefusal(tx: Executor, signer: SignerRecord, reason: string | undefined) {
  assertPending(signer)
  await tx
    .update(signatureSigners)
    .set({ refusedAt: sql`now()`, refusalReason: reason || null, codeHash: null })
    .where(eq(signatureSigners.id, signer.id))
  await tx
    .update(signatureRequests)
    .set({ status: 'recusado', updatedAt: sql`now()` })
    .where(eq(signatureRequests.id, signer.requestId))
}

/** Every signer of a request as the evidence page prints them, in the order they were listed. */
export async function evidenceSigners(tx: Executor, requestId: string) {
  return tx
    .select({
      name: signatureSigners.signedName,
      listedName: signatureSigners.name,
      cpf: signatureSigners.signedCpf,
      email: signatureSigners.email,
      signedAt: signatureSigners.signedAt,
      ip: signatureSigners.ip,
      userAgent: signatureSigners.userAgent,
    })
    .from(signatureSigners)
    .where(eq(signatureSigners.requestId, requestId))
    .orderBy(asc(signatureSigners.position))
}
