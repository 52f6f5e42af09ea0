import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import { ApiError } from '../../platform/http-error.server'
import type { FileStorage } from '../../platform/storage.server'
import { clientOfMember, linkedCaseVisible, reachableCases } from '../cases/cases.public.server'
import { cases } from '../cases/cases.table.server'
import { clients } from '../clients/clients.table.server'
import { accessLevel } from '../offices/offices.public'
import { canSeeDocument } from './documents.access'
import {
  DOCUMENT_MESSAGES,
  type DocumentFileType,
  type DocumentUpdateData,
  type DocumentUploadData,
} from './documents.schema'
import { sharingRefusal, type SharingState } from './documents.sharing'
import { caseReach, clientReach, visibleTo, type Executor, type Viewer } from './documents.service.server'
import { documents, documentVersions } from './documents.table.server'

// Every change to a document. Each function takes the executor the route gives it: the route runs a
// change and its audit row in one transaction (DESIGN §8). Files are stored by the route before the
// transaction; these functions only record them.

/** A file already in storage, as the version row records it. */
export interface StoredFile {
  storageKey: string
  size: number
  sha256: string
  tipo: DocumentFileType
  mimeType: string
  originalName: string
  /** Stored encrypted at rest (the office's setting at upload time); size and sha256 are the plaintext's. */
  encrypted?: boolean
}

function invalid(field: string, message: string): ApiError {
  return new ApiError(400, 'validation', message, { [field]: message })
}

/**
 * documents.sharing.ts's rule as the API's answer: 403 for a level that may not share a confidencial
 * document, 400 on the field otherwise. Checked before anything is written (an upload: before its bytes).
 */
export function checkSharing(
  viewer: Viewer,
  before: SharingState | null,
  after: SharingState,
  confirmarConfidencial: boolean | undefined,
): void {
  const refusal = sharingRefusal(viewer.nivelAcesso, before, after, confirmarConfidencial === true)
  if (!refusal) return
  if (refusal.status === 403) {
    throw new ApiError(403, 'forbidden', refusal.message, { [refusal.field]: refusal.message })
  }
  throw invalid(refusal.field, refusal.message)
}

/** An upload's sharing as the rule reads it. */
export function uploadSharing(data: DocumentUploadData): SharingState {
  return {
    nivelAcesso: data.nivelAcesso,
    compartilhadoCliente: data.compartilhadoCliente === true,
    linked: Boolean(data.clientId || data.caseId),
  }
}

/** The tags folded for search as the database folds names (one tag a line). */
const tagsSearchText = (tags: readonly string[]) => sql`f_unaccent(lower(${tags.join('\n')}::text))`

/**
 * A client or case link must name a non-deleted row of the member's own office that the member reaches
 * (the composite foreign keys refuse another office's whatever this checked). A level that sees no case
 * (the assistente, 'cases.view' none) links none: 403 whatever the id, as the cases routes answer them.
 * The estagiário links only a case where they are responsible and a client of such a case; another one is
 * refused exactly like a missing one (400 on the field), so the answer never tells an existing case from
 * an unknown id.
 */
export async function checkLinks(
  db: Executor,
  viewer: Viewer,
  links: { clientId?: string | null | undefined; caseId?: string | null | undefined },
): Promise<void> {
  const { officeId } = viewer
  const reach = caseReach(viewer)
  if (links.caseId && reach.reach === 'none') {
    throw new ApiError(403, 'forbidden', DOCUMENT_MESSAGES.caseForbidden, {
      caseId: DOCUMENT_MESSAGES.caseForbidden,
    })
  }
  if (links.clientId) {
    const [row] = await db
      .select({ id: clients.id })
      .from(clients)
      .where(
        and(
          eq(clients.id, links.clientId),
          eq(clients.officeId, officeId),
          isNull(clients.deletedAt),
          accessLevel(viewer.nivelAcesso, 'clients.manage') === 'partial'
            ? clientOfMember(officeId, viewer.memberId)
            : undefined,
        ),
      )
    if (!row) throw invalid('clientId', DOCUMENT_MESSAGES.invalidClient)
  }
  if (links.caseId) {
    const [row] = await db
      .select({ id: cases.id })
      .from(cases)
      .where(
        and(
          eq(cases.id, links.caseId),
          eq(cases.officeId, officeId),
          isNull(cases.deletedAt),
          reachableCases(reach),
        ),
      )
    if (!row) throw invalid('caseId', DOCUMENT_MESSAGES.invalidCase)
  }
}

/** A new document (version 1); its display name is the file's name. Returns the new id. */
export async function insertDocument(
  db: Executor,
  viewer: Viewer,
  data: DocumentUploadData,
  file: StoredFile,
): Promise<string> {
  checkSharing(viewer, null, uploadSharing(data), data.confirmarConfidencial)
  await checkLinks(db, viewer, data)
  const [row] = await db
    .insert(documents)
    .values({
      officeId: viewer.officeId,
      createdBy: viewer.userId,
      clientId: data.clientId,
      caseId: data.caseId,
      nome: data.name,
      pasta: data.pasta,
      nivelAcesso: data.nivelAcesso,
      etiquetas: data.etiquetas,
      etiquetasBusca: tagsSearchText(data.etiquetas),
      observacoes: data.observacoes,
      compartilhadoCliente: data.compartilhadoCliente === true,
      versao: 1,
    })
    .returning({ id: documents.id })
  if (!row) throw new Error('document insert returned nothing')
  await db.insert(documentVersions).values({
    ...file,
    officeId: viewer.officeId,
    documentId: row.id,
    versao: 1,
    uploadedBy: viewer.userId,
  })
  return row.id
}

/**
 * Records the next version of a document the member sees; returns its number, or null (→ 404). The
 * row is locked first, so two uploads at once get versions n+1 and n+2 rather than a unique violation.
 */
export async function insertVersion(
  db: Executor,
  viewer: Viewer,
  id: string,
  file: StoredFile,
): Promise<number | null> {
  const [locked] = await db
    .select({ versao: documents.versao })
    .from(documents)
    .where(
      and(
        eq(documents.id, id),
        eq(documents.officeId, viewer.officeId),
        isNull(documents.deletedAt),
        visibleTo(viewer),
      ),
    )
    .for('update')
  if (!locked) return null
  const versao = locked.versao + 1
  await db.insert(documentVersions).values({
    ...file,
    officeId: viewer.officeId,
    documentId: id,
    versao,
    uploadedBy: viewer.userId,
  })
  await db
    .update(documents)
    .set({ versao, updatedAt: sql`now()` })
    .where(and(eq(documents.id, id), eq(documents.officeId, viewer.officeId)))
  return versao
}

/**
 * The level and uploader of a document the member sees (locked for the change), or null; and whether its
 * case and client links are within the member's reach (a link outside it is shown to them as none).
 */
async function lockVisible(db: Executor, viewer: Viewer, id: string, deleted: boolean) {
  const [row] = await db
    .select({
      nivelAcesso: documents.nivelAcesso,
      createdBy: documents.createdBy,
      caseId: documents.caseId,
      clientId: documents.clientId,
      compartilhadoCliente: documents.compartilhadoCliente,
      linksInReach: sql<boolean>`(${and(
        linkedCaseVisible(documents.caseId, caseReach(viewer)) ?? sql`true`,
        clientReach(viewer) ?? sql`true`,
      )})`.mapWith(Boolean),
    })
    .from(documents)
    .where(
      and(
        eq(documents.id, id),
        eq(documents.officeId, viewer.officeId),
        deleted ? isNotNull(documents.deletedAt) : isNull(documents.deletedAt),
        visibleTo(viewer),
      ),
    )
    .for('update')
  return row ?? null
}

/**
 * Applies a PATCH to a document the member sees; false when there is none (→ 404). A member may only
 * give a document a level they would still see it at (the uploader always does): otherwise an
 * associado could hide a colleague's document from themselves, and nobody below sócio could undo it.
 */
export async function updateDocument(
  db: Executor,
  viewer: Viewer,
  id: string,
  data: DocumentUpdateData,
): Promise<boolean> {
  const current = await lockVisible(db, viewer, id, false)
  if (!current) return false
  if (
    data.nivelAcesso !== undefined &&
    !canSeeDocument(viewer, { ...current, nivelAcesso: data.nivelAcesso })
  ) {
    throw invalid('nivelAcesso', DOCUMENT_MESSAGES.invalidAccess)
  }
  // A link the member can't see (shown to them as none) is not theirs to replace or remove.
  const relinks =
    (data.caseId !== undefined && data.caseId !== current.caseId) ||
    (data.clientId !== undefined && data.clientId !== current.clientId)
  if (relinks && !current.linksInReach) throw new ApiError(403, 'forbidden', DOCUMENT_MESSAGES.linkLocked)
  checkSharing(
    viewer,
    { ...current, linked: Boolean(current.clientId || current.caseId) },
    {
      nivelAcesso: data.nivelAcesso ?? current.nivelAcesso,
      compartilhadoCliente: data.compartilhadoCliente ?? current.compartilhadoCliente,
      linked: Boolean(
        (data.clientId !== undefined ? data.clientId : current.clientId) ||
        (data.caseId !== undefined ? data.caseId : current.caseId),
      ),
    },
    data.confirmarConfidencial,
  )
  await checkLinks(db, viewer, data)
  await db
    .update(documents)
    .set({
      ...(data.nome !== undefined && { nome: data.nome }),
      ...(data.pasta !== undefined && { pasta: data.pasta }),
      ...(data.nivelAcesso !== undefined && { nivelAcesso: data.nivelAcesso }),
      ...(data.etiquetas !== undefined && {
        etiquetas: data.etiquetas,
        etiquetasBusca: tagsSearchText(data.etiquetas),
      }),
      ...(data.clientId !== undefined && { clientId: data.clientId }),
      ...(data.caseId !== undefined && { caseId: data.caseId }),
      ...(data.observacoes !== undefined && { observacoes: data.observacoes }),
      ...(data.compartilhadoCliente !== undefined && { compartilhadoCliente: data.compartilhadoCliente }),
      updatedAt: sql`now()`,
    })
    .where(and(eq(documents.id, id), eq(documents.officeId, viewer.officeId)))
  return true
}

/** Soft delete (undoable; purged after 30 days). False when the member sees no such document. */
export async function softDeleteDocument(db: Executor, viewer: Viewer, id: string): Promise<boolean> {
  if (!(await lockVisible(db, viewer, id, false))) return false
  await db
    .update(documents)
    .set({ deletedAt: sql`now()`, deletedBy: viewer.userId })
    .where(and(eq(documents.id, id), eq(documents.officeId, viewer.officeId)))
  return true
}

/** Undoes a soft delete not yet purged. False when the member sees no such deleted document. */
export async function restoreDocument(db: Executor, viewer: Viewer, id: string): Promise<boolean> {
  if (!(await lockVisible(db, viewer, id, true))) return false
  await db
    .update(documents)
    .set({ deletedAt: null, deletedBy: null, updatedAt: sql`now()` })
    .where(and(eq(documents.id, id), eq(documents.officeId, viewer.officeId)))
  return true
}

export interface PurgeResult {
  documents: number
  files: number
}

const PURGE_BATCH = 100

/**
 * Removes for good the documents deleted before `olderThan`: first the stored file of every version,
 * then the rows (their versions cascade). Idempotent: a run that dies between the two steps leaves
 * rows whose files are already gone, and deleting a missing file is not an error, so the next run
 * finishes the job. Works in batches so an office's mass deletion never loads all keys at once.
 */
export async function purgeDeletedDocuments(
  deps: { db: Database; storage: FileStorage },
  olderThan: Date,
): Promise<PurgeResult> {
  const result: PurgeResult = { documents: 0, files: 0 }
  for (;;) {
    const batch = await deps.db
      .select({ id: documents.id, officeId: documents.officeId })
      .from(documents)
      .where(and(isNotNull(documents.deletedAt), lt(documents.deletedAt, olderThan)))
      .orderBy(documents.deletedAt)
      .limit(PURGE_BATCH)
    if (batch.length === 0) return result
    for (const doc of batch) {
      const versions = await deps.db
        .select({ storageKey: documentVersions.storageKey })
        .from(documentVersions)
        .where(and(eq(documentVersions.officeId, doc.officeId), eq(documentVersions.documentId, doc.id)))
      for (const version of versions) await deps.storage.delete('documents', version.storageKey)
      // Only if still deleted: a restore that raced the files' removal keeps its row (and reports the
      // missing file on download) rather than being purged after the member undid the delete.
      const removed = await deps.db
        .delete(documents)
        .where(and(eq(documents.id, doc.id), isNotNull(documents.deletedAt)))
        .returning({ id: documents.id })
      result.documents += removed.length
      result.files += versions.length
    }
  }
}
