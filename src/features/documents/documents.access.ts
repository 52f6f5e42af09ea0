import type { NivelAcesso } from '../offices/offices.public'
import type { DocumentAccessLevel } from './documents.schema'

// Who may see a document (issue 8, "Access levels, enforced by the server"), as pure functions of the
// member's team level and whether they uploaded it. The service turns the same rule into SQL
// (visibleLevels) so lists, stats and every route by id agree; a document the member may not see is
// answered 404, exactly like another office's.
//
// - publico: every member of the office;
// - restrito: sócios, associados and the uploader;
// - confidencial: sócios and the uploader.

const LEVELS_BY_MEMBER: Readonly<Record<NivelAcesso, readonly DocumentAccessLevel[]>> = {
  socio: ['publico', 'restrito', 'confidencial'],
  associado: ['publico', 'restrito'],
  estagiario: ['publico'],
  assistente: ['publico'],
}

/** The access levels a member sees whoever uploaded the document. */
export function visibleLevels(nivel: NivelAcesso): readonly DocumentAccessLevel[] {
  return LEVELS_BY_MEMBER[nivel]
}

export interface DocumentAccessSubject {
  nivelAcesso: DocumentAccessLevel
  /** The uploader (documents.created_by); null once that account is gone. */
  createdBy: string | null
}

export interface DocumentViewer {
  nivelAcesso: NivelAcesso
  userId: string
}

/** Whether this member may see (and so act on) this document. */
export function canSeeDocument(viewer: DocumentViewer, document: DocumentAccessSubject): boolean {
  if (document.createdBy !== null && document.createdBy === viewer.userId) return true
  return visibleLevels(viewer.nivelAcesso).includes(document.nivelAcesso)
}
