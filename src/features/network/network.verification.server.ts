import { createReadStream } from 'node:fs'
import { Readable } from 'node:stream'
import { and, eq, sql, type SQL } from 'drizzle-orm'
import { fileTypeFromFile } from 'file-type'
import type { Context } from 'hono'
import type { Database } from '../../db/client.server'
import type { AppEnv } from '../../platform/app-env.server'
import { ApiError, notFound } from '../../platform/http-error.server'
import { log } from '../../platform/log.server'
import { getStorage, newStorageKey } from '../../platform/storage.server'
import {
  FileTooLargeError,
  UploadAbortedError,
  spoolUpload,
  type SpooledFile,
} from '../../platform/upload-spool.server'
import { createNotification } from '../notifications/notifications.public.server'
import { markOabVerified } from '../profiles/profiles.public.server'
import { profiles } from '../profiles/profiles.table.server'
import { findPerson, iso } from './network.people.server'
import {
  NETWORK_MESSAGES,
  OAB_FILE_MAX_BYTES,
  type VerificationRequestItem,
  type VerificationState,
  type VerificationStatus,
} from './network.schema'
import { oabVerifications } from './network.table.server'

// A lawyer's OAB card (photo or PDF) for the 'Verificado' badge. The file goes to the private documents
// storage under a random key; only its owner and superadmins read it back (the routes check).

const ACCEPTED: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  pdf: 'application/pdf',
}

/** The lawyer's latest request and whether they are verified. */
export async function verificationState(db: Database, userId: string): Promise<VerificationState> {
  const [[latest], [profile]] = await Promise.all([
    db
      .select()
      .from(oabVerifications)
      .where(eq(oabVerifications.userId, userId))
      .orderBy(sql`${oabVerifications.createdAt} desc nulls last`)
      .limit(1),
    db.select({ verifiedAt: profiles.oabVerificadoEm }).from(profiles).where(eq(profiles.userId, userId)),
  ])
  return {
    request: latest
      ? {
          id: latest.id,
          status: latest.status,
          motivo: latest.motivo,
          createdAt: iso(latest.createdAt) as string,
          decidedAt: iso(latest.decidedAt),
        }
      : null,
    verifiedAt: iso(profile?.verifiedAt ?? null),
  }
}

/**
 * Receives the card from the raw request body: spooled (10 MB cap), sniffed by content (JPG, PNG, WEBP,
 * PDF; the name and declared type are never trusted), stored, then recorded. A lawyer with a pending
 * request or already verified is refused BEFORE the body is read.
 */
export async function requestVerification(c: Context<AppEnv>, userId: string): Promise<VerificationState> {
  const db = c.get('db')
  const person = await findPerson(db, userId)
  if (person?.userType !== 'advogado') {
    throw new ApiError(403, 'not_lawyer', NETWORK_MESSAGES.onlyLawyersVerify)
  }
  const current = await verificationState(db, userId)
  if (current.verifiedAt)
    throw new ApiError(409, 'already_verified', NETWORK_MESSAGES.verificationAlreadyApproved)
  if (current.request?.status === 'pendente') {
    throw new ApiError(409, 'pending', NETWORK_MESSAGES.verificationPending)
  }

  const body = c.req.raw.body
  if (!body) throw new ApiError(415, 'unsupported_type', NETWORK_MESSAGES.fileEmpty)
  let spooled: SpooledFile
  try {
    spooled = await spoolUpload(c.get('deps').env.dataDir, body, { maxBytes: OAB_FILE_MAX_BYTES })
  } catch (error) {
    if (error instanceof FileTooLargeError)
      throw new ApiError(413, 'too_large', NETWORK_MESSAGES.fileTooLarge)
    if (error instanceof UploadAbortedError)
      throw new ApiError(400, 'upload_aborted', NETWORK_MESSAGES.fileAborted)
    throw error
  }
  const storage = getStorage(c.get('deps').env)
  const storageKey = newStorageKey()
  try {
    if (spooled.size === 0) throw new ApiError(415, 'unsupported_type', NETWORK_MESSAGES.fileEmpty)
    const detected = await fileTypeFromFile(spooled.path)
    const mime = detected ? ACCEPTED[detected.ext] : undefined
    if (!mime) throw new ApiError(415, 'unsupported_type', NETWORK_MESSAGES.fileType)
    const stored = await storage.put('documents', storageKey, createReadStream(spooled.path), {
      contentType: mime,
    })
    try {
      await db.insert(oabVerifications).values({ userId, storageKey, mime, size: stored.size })
    } catch (error) {
      await storage.delete('documents', storageKey).catch(() => {})
      // Two uploads at once: the partial unique index lets only one pending request in.
      if (isUniqueViolation(error)) throw new ApiError(409, 'pending', NETWORK_MESSAGES.verificationPending)
      throw error
    }
  } finally {
    await spooled.cleanup()
  }
  return verificationState(db, userId)
}

function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; depth < 4 && current; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

/** A request's file row, for the download route (which checks owner/superadmin first). */
export async function findVerification(db: Database, id: string) {
  const [row] = await db.select().from(oabVerifications).where(eq(oabVerifications.id, id))
  return row ?? null
}

/** The stored card, streamed; private and never cached. */
export async function verificationFileResponse(
  c: Context<AppEnv>,
  row: { storageKey: string; mime: string; size: number },
): Promise<Response> {
  const source = await getStorage(c.get('deps').env).getStream('documents', row.storageKey)
  if (!source) {
    log.error('oab verification file missing', { error: new Error('missing verification file') })
    throw new ApiError(500, 'file_unavailable', NETWORK_MESSAGES.fileUnavailable)
  }
  const extension = Object.entries(ACCEPTED).find(([, mime]) => mime === row.mime)?.[0] ?? 'bin'
  return new Response(Readable.toWeb(source) as ReadableStream<Uint8Array>, {
    status: 200,
    headers: {
      'Content-Type': row.mime,
      'Content-Length': String(row.size),
      'Content-Disposition': `attachment; filename="carteira-oab.${extension}"`,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  })
}

function selectRequests(
  db: Database,
  where: SQL,
  limit: number,
  offset: number,
  order: SQL = sql`${oabVerifications.createdAt} asc`,
): Promise<VerificationRequestItem[]> {
  return db
    .select({
      row: oabVerifications,
      nomeCompleto: profiles.nomeCompleto,
      oabNumero: profiles.oabNumero,
      oabEstado: profiles.oabEstado,
    })
    .from(oabVerifications)
    .leftJoin(profiles, eq(profiles.userId, oabVerifications.userId))
    .where(where)
    .orderBy(order)
    .limit(limit)
    .offset(offset)
    .then((rows) =>
      rows.map(({ row, nomeCompleto, oabNumero, oabEstado }) => ({
        id: row.id,
        userId: row.userId,
        nomeCompleto: nomeCompleto ?? 'Usuário',
        oabNumero,
        oabEstado,
        mime: row.mime,
        size: row.size,
        fileUrl: `/api/network/verification/${row.id}/file`,
        status: row.status,
        motivo: row.motivo,
        createdAt: iso(row.createdAt) as string,
        decidedAt: iso(row.decidedAt),
      })),
    )
}

/** Requests for moderation (issue 14), oldest pending first; `status` filters. */
export async function listVerificationRequests(
  db: Database,
  options: { status?: VerificationStatus; limit?: number; offset?: number } = {},
): Promise<{ items: VerificationRequestItem[]; total: number }> {
  const status = options.status ?? 'pendente'
  const where = eq(oabVerifications.status, status)
  const order =
    status === 'pendente'
      ? sql`${oabVerifications.createdAt} asc`
      : sql`${oabVerifications.decidedAt} desc nulls last`
  const [items, [count]] = await Promise.all([
    selectRequests(db, where, options.limit ?? 50, options.offset ?? 0, order),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(oabVerifications)
      .where(where),
  ])
  return { items, total: Number(count?.n ?? 0) }
}

/**
 * Approves (the profile gets oab_verificado_em: the 'Verificado' badge) or rejects with a reason; the
 * lawyer is notified either way, in the same transaction as the decision.
 */
export async function decideVerification(
  db: Database,
  input: { id: string; approve: boolean; motivo?: string | null; decidedBy: string },
): Promise<VerificationRequestItem> {
  const motivo = input.motivo?.trim() ? input.motivo.trim() : null
  if (!input.approve && !motivo) {
    throw new ApiError(400, 'validation', NETWORK_MESSAGES.verificationNeedsReason, {
      motivo: NETWORK_MESSAGES.verificationNeedsReason,
    })
  }
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ userId: oabVerifications.userId, status: oabVerifications.status })
      .from(oabVerifications)
      .where(eq(oabVerifications.id, input.id))
      .for('update')
    if (!row) throw notFound(NETWORK_MESSAGES.verificationNotFound)
    if (row.status !== 'pendente')
      throw new ApiError(409, 'already_decided', NETWORK_MESSAGES.verificationDecided)
    await tx
      .update(oabVerifications)
      .set({
        status: input.approve ? 'aprovada' : 'rejeitada',
        motivo: input.approve ? null : motivo,
        decidedBy: input.decidedBy,
        decidedAt: sql`now()`,
      })
      .where(and(eq(oabVerifications.id, input.id), eq(oabVerifications.status, 'pendente')))
    if (input.approve) {
      await markOabVerified(tx, row.userId)
    }
    await createNotification(tx, {
      userId: row.userId,
      title: input.approve ? 'OAB verificada' : 'Verificação da OAB rejeitada',
      message: input.approve
        ? 'Sua carteira da OAB foi verificada. O selo "Verificado" já aparece no seu perfil público.'
        : `Sua solicitação de verificação da OAB foi rejeitada. Motivo: ${motivo ?? ''}`.slice(0, 2000),
      type: input.approve ? 'success' : 'warning',
      link: '/dashboard/profile',
    })
  })
  const [decided] = await selectRequests(db, eq(oabVerifications.id, input.id), 1, 0)
  if (!decided) throw notFound(NETWORK_MESSAGES.verificationNotFound)
  return decided
}
