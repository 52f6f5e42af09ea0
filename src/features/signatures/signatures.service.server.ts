import { createHash, randomBytes, randomInt } from 'node:crypto'
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.server'
import { cpfDigits, isValidCpf } from '../../lib/br/cpf'
import { ApiError, notFound } from '../../platform/http-error.server'
import { clients } from '../clients/clients.table.server'
import type { DocumentViewer } from '../documents/documents.public.server'
import { findVersionFile, getDocument } from '../documents/documents.public.server'
import {
  SIGNATURE_LINK_DAYS,
  SIGNATURE_MESSAGES,
  type SignatureBadges,
  type SignatureRequestRow,
  type SignatureSignerRow,
  type SignatureStatus,
} from './signatures.schema'
import { signatureRequests, signatureSigners } from './signatures.table.server'

export const hashSecret = (value: string) => createHash('sha256').update(value).digest('hex')

/** No 0/O, 1/I/L: the code is read off paper and typed. 32^8 ≈ 10^12 codes. */
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'
export function newVerificationCode(): string {
  const pick = () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)] ?? 'X'
  const part = () => Array.from({ length: 4 }, pick).join('')
  return `${part()}-${part()}`
}

export interface NewSigner {
  name: string
  email: string
  cpf?: string | undefined
  clientId?: string | undefined
}

export interface Invite {
  signerId: string
  name: string
  email: string
  token: string
}

/**
 * The CPF a client signer must type: the client's own (pessoa física) or the representative's (jurídica).
 * The record wins over what the sender typed, so nobody else can sign as the client.
 */
async function clientCpf(db: Executor, officeId: string, clientId: string): Promise<string | null> {
  const [row] = await db
    .select({
      tipo: clients.tipoPessoa,
      documento: clients.documento,
      representante: clients.representanteCpf,
    })
    .from(clients)
    .where(and(eq(clients.id, clientId), eq(clients.officeId, officeId)))
  if (!row) return null
  const cpf = cpfDigits(row.tipo === 'fisica' ? row.documento : row.representante)
  return isValidCpf(cpf) ? cpf : null
}

/**
 * Creates a request for the current version of a PDF document the member sees (404 otherwise, as the
 * documents routes answer) and its signers; returns the links' tokens, which exist nowhere else.
 */
export async function createSignatureRequest(
  tx: Executor,
  viewer: DocumentViewer,
  data: { documentId: string; signers: NewSigner[]; message?: string | undefined },
  originalSha256: (version: NonNullable<Awaited<ReturnType<typeof findVersionFile>>>) => Promise<string>,
): Promise<{ requestId: string; documentName: string; invites: Invite[] }> {
  const document = await getDocument(tx, viewer, data.documentId)
  const version = document && (await findVersionFile(tx, viewer, data.documentId))
  if (!document || !version) throw notFound(SIGNATURE_MESSAGES.documentNotFound)
  if (version.tipo !== 'PDF') throw new ApiError(400, 'not_pdf', SIGNATURE_MESSAGES.notPdf)
  const [pending] = await tx
    .select({ id: signatureRequests.id })
    .from(signatureRequests)
    .where(
      and(
        eq(signatureRequests.officeId, viewer.officeId),
        eq(signatureRequests.documentId, data.documentId),
        eq(signatureRequests.status, 'pendente'),
        sql`exists (select 1 from ${signatureSigners} s where s.request_id = ${signatureRequests.id}
          and s.signed_at is null and s.locked_at is null and s.expires_at > now())`,
      ),
    )
    .limit(1)
  if (pending) throw new ApiError(409, 'already_pending', SIGNATURE_MESSAGES.alreadyPending)
  const [request] = await tx
    .insert(signatureRequests)
    .values({
      officeId: viewer.officeId,
      documentId: data.documentId,
      documentVersao: version.versao,
      documentName: document.nome,
      message: data.message || null,
      createdBy: viewer.userId,
      originalSha256: await originalSha256(version),
      verificationCode: newVerificationCode(),
    })
    .returning({ id: signatureRequests.id })
  if (!request) throw new Error('signature request insert returned nothing')
  const invites: Invite[] = []
  for (const [position, signer] of data.signers.entries()) {
    // A client signer must be the document's own client (any other id is refused like a bad field).
    if (signer.clientId && signer.clientId !== document.cliente?.id) {
      throw new ApiError(400, 'validation', 'Cliente inválido.', { signers: 'Cliente inválido.' })
    }
    const cpf = signer.clientId ? await clientCpf(tx, viewer.officeId, signer.clientId) : null
    const token = randomBytes(32).toString('base64url')
    const [row] = await tx
      .insert(signatureSigners)
      .values({
        officeId: viewer.officeId,
        requestId: request.id,
        position,
        clientId: signer.clientId ?? null,
        name: signer.name,
        email: signer.email,
        cpf: cpf ?? signer.cpf ?? null,
        tokenHash: hashSecret(token),
        expiresAt: sql`now() + make_interval(days => ${SIGNATURE_LINK_DAYS})`,
      })
      .returning({ id: signatureSigners.id })
    if (!row) throw new Error('signer insert returned nothing')
    invites.push({ signerId: row.id, name: signer.name, email: signer.email, token })
  }
  return { requestId: request.id, documentName: document.nome, invites }
}

interface SignerState {
  signedAt: Date | null
  refusedAt: Date | null
  lockedAt: Date | null
  expired: boolean
}

export function signerStatus(
  requestStatus: SignatureStatus,
  signer: SignerState,
): SignatureSignerRow['status'] {
  if (signer.signedAt) return 'assinado'
  if (signer.refusedAt || requestStatus === 'recusado') return 'recusado'
  if (requestStatus === 'cancelado') return 'cancelado'
  if (signer.lockedAt) return 'bloqueado'
  if (signer.expired) return 'expirado'
  return 'pendente'
}

/** A pending request reads 'expirado' once no unsigned signer can still sign (links expired or locked). */
export function requestStatus(status: SignatureStatus, signers: SignerState[]): SignatureStatus {
  if (status !== 'pendente') return status
  const open = signers.filter((s) => !s.signedAt)
  return open.length > 0 && open.every((s) => s.expired || s.lockedAt) ? 'expirado' : 'pendente'
}

const signerColumns = {
  id: signatureSigners.id,
  requestId: signatureSigners.requestId,
  name: signatureSigners.name,
  email: signatureSigners.email,
  signedAt: signatureSigners.signedAt,
  refusedAt: signatureSigners.refusedAt,
  lockedAt: signatureSigners.lockedAt,
  expired: sql<boolean>`${signatureSigners.expiresAt} <= now()`.mapWith(Boolean),
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null)

/** Every request of a document, newest first (the caller checked the member sees the document). */
export async function listSignatureRequests(
  db: Executor,
  officeId: string,
  documentId: string,
): Promise<SignatureRequestRow[]> {
  const requests = await db
    .select()
    .from(signatureRequests)
    .where(and(eq(signatureRequests.officeId, officeId), eq(signatureRequests.documentId, documentId)))
    .orderBy(desc(signatureRequests.createdAt))
  if (requests.length === 0) return []
  const signers = await db
    .select(signerColumns)
    .from(signatureSigners)
    .where(
      and(
        eq(signatureSigners.officeId, officeId),
        inArray(
          signatureSigners.requestId,
          requests.map((r) => r.id),
        ),
      ),
    )
    .orderBy(asc(signatureSigners.position))
  return requests.map((request) => {
    const own = signers.filter((s) => s.requestId === request.id)
    return {
      id: request.id,
      documentId: request.documentId,
      documentVersao: request.documentVersao,
      status: requestStatus(request.status, own),
      signed: own.filter((s) => s.signedAt).length,
      total: own.length,
      message: request.message,
      verificationCode: request.verificationCode,
      signedVersao: request.signedVersao,
      createdAt: new Date(request.createdAt).toISOString(),
      signers: own.map((s) => ({
        id: s.id,
        name: s.name,
        email: s.email,
        status: signerStatus(request.status, s),
        signedAt: iso(s.signedAt),
      })),
    }
  })
}

/** The latest request of each of these documents, for the documents table's badge. */
export async function signatureBadges(
  db: Executor,
  officeId: string,
  documentIds: string[],
): Promise<SignatureBadges> {
  if (documentIds.length === 0) return {}
  const rows = await db
    .selectDistinctOn([signatureRequests.documentId], {
      id: signatureRequests.id,
      documentId: signatureRequests.documentId,
      status: signatureRequests.status,
    })
    .from(signatureRequests)
    .where(and(eq(signatureRequests.officeId, officeId), inArray(signatureRequests.documentId, documentIds)))
    .orderBy(signatureRequests.documentId, desc(signatureRequests.createdAt))
  if (rows.length === 0) return {}
  const signers = await db
    .select(signerColumns)
    .from(signatureSigners)
    .where(
      and(
        eq(signatureSigners.officeId, officeId),
        inArray(
          signatureSigners.requestId,
          rows.map((r) => r.id),
        ),
      ),
    )
  const badges: SignatureBadges = {}
  for (const row of rows) {
    // A cancelled request shows no badge: the document is as if never sent.
    if (row.status === 'cancelado') continue
    const own = signers.filter((s) => s.requestId === row.id)
    badges[row.documentId] = {
      status: requestStatus(row.status, own),
      signed: own.filter((s) => s.signedAt).length,
      total: own.length,
    }
  }
  return badges
}

/** Cancels a pending request of the office (its links stop working); the document id, or null (→ 404). */
export async function cancelSignatureRequest(
  tx: Executor,
  officeId: string,
  id: string,
): Promise<{ documentId: string } | null> {
  const [row] = await tx
    .update(signatureRequests)
    .set({ status: 'cancelado', updatedAt: sql`now()` })
    .where(
      and(
        eq(signatureRequests.id, id),
        eq(signatureRequests.officeId, officeId),
        eq(signatureRequests.status, 'pendente'),
      ),
    )
    .returning({ documentId: signatureRequests.documentId })
  return row ?? null
}

/** The document a request belongs to (for the access check before a cancel), or null. */
export async function requestDocument(db: Executor, officeId: string, id: string): Promise<string | null> {
  const [row] = await db
    .select({ documentId: signatureRequests.documentId })
    .from(signatureRequests)
    .where(and(eq(signatureRequests.id, id), eq(signatureRequests.officeId, officeId)))
  return row?.documentId ?? null
}
export type { Executor }
