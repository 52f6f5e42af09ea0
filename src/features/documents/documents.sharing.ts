import type { NivelAcesso } from '../offices/offices.public'
import { DOCUMENT_MESSAGES, type DocumentAccessLevel } from './documents.schema'

// 'Compartilhar com o cliente' (issue 26): what the office lets the client portal show. One rule for the
// server (upload and PATCH refuse) and the edit dialog (which disables or asks before the request).

/** A document's sharing state: its level, whether it is shared, and whether it names a client or a case. */
export interface SharingState {
  nivelAcesso: DocumentAccessLevel
  compartilhadoCliente: boolean
  linked: boolean
}

export type SharingRefusal =
  | { status: 400; field: 'compartilhadoCliente'; message: string }
  | { status: 403; field: 'compartilhadoCliente'; message: string }

/**
 * A change that makes a document shared AND confidencial where it was not both: the sócio's confirmed choice.
 * An edit that leaves a shared confidencial document as it was is not one (it needs no confirmation again).
 */
export function startsConfidentialShare(before: SharingState | null, after: SharingState): boolean {
  if (!after.compartilhadoCliente || after.nivelAcesso !== 'confidencial') return false
  return !before?.compartilhadoCliente || before.nivelAcesso !== 'confidencial'
}

/**
 * Whether a change from `before` (null for an upload) to `after` is allowed. Only a change INTO sharing is
 * judged, so an edit that leaves a shared document as it was never needs the confirmation again:
 * - turning sharing on needs a client or a case (the portal shows a document to the client of either);
 * - a document that is (or in the same request becomes) confidencial and shared is a sócio's choice, made
 *   with `confirmarConfidencial` — an associado who could make a shared document confidencial would share it
 *   without either.
 */
export function sharingRefusal(
  nivelAcesso: NivelAcesso,
  before: SharingState | null,
  after: SharingState,
  confirmarConfidencial: boolean,
): SharingRefusal | null {
  if (!after.compartilhadoCliente) return null
  const startsSharing = !before?.compartilhadoCliente
  if (startsSharing && !after.linked) {
    return { status: 400, field: 'compartilhadoCliente', message: DOCUMENT_MESSAGES.shareNeedsLink }
  }
  if (!startsConfidentialShare(before, after)) return null
  if (nivelAcesso !== 'socio') {
    return { status: 403, field: 'compartilhadoCliente', message: DOCUMENT_MESSAGES.confidentialShare }
  }
  if (!confirmarConfidencial) {
    return { status: 400, field: 'compartilhadoCliente', message: DOCUMENT_MESSAGES.confidentialShare }
  }
  return null
}
