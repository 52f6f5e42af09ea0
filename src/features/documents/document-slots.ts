import { createSlot } from '../../components/slot'
import type { DocumentRow } from './documents.schema'

// Where features above documents add their parts to the documents page, wired by the shell
// (src/app/feature-slots.tsx): templates' 'Modelos' tab, signatures' badge and 'Enviar para assinatura'.

export const templatesTabSlot = createSlot<object>('documents-templates-tab')
export const signatureBadgeSlot = createSlot<{ documentId: string; isPdf: boolean }>(
  'document-signature-badge',
)
export const sendForSignatureSlot = createSlot<{ document: DocumentRow; withText: boolean }>(
  'document-send-for-signature',
)
