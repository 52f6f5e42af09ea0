import type { Database, Executor } from '../../db/client.server'
import type { Pdf } from '../../platform/pdf.server'
import { getOfficeLetterhead } from '../office-settings/office-settings.public.server'
import { buildReceiptPdf, clientDocument } from './financial.receipt.server'
import { getEntry } from './financial.service.server'
import type { PixChargeDto } from './pix.schema'
import { issuePixCharge } from './pix.service.server'

// What the Portal do Cliente (issue 26) uses of the financial feature: the same Pix charge and receipt the
// office's screens give, for an entry the portal has already checked is the signed-in client's. The office
// is the whole scope (no member restriction): the portal's own rule (the client's entries) is the narrower one.

/** Issues (or refreshes) the static BR Code of a pending receita, recorded by txid; 409 without a Pix key. */
export function issueReceivablePix(
  db: Executor,
  who: { officeId: string; userId: string },
  entryId: string,
): Promise<PixChargeDto> {
  return issuePixCharge(
    db,
    { officeId: who.officeId, memberId: '', userId: who.userId, restrictTo: null },
    entryId,
  )
}

/** The receipt PDF of a paid entry of the office, or null when it is not found or not paid. */
export async function paidReceiptPdf(
  db: Database,
  officeId: string,
  entryId: string,
): Promise<{ pdf: Pdf; fileName: string } | null> {
  const entry = await getEntry(db, { officeId, restrictTo: null }, entryId)
  if (!entry || entry.storedStatus !== 'pago') return null
  const [letterhead, documento] = await Promise.all([
    getOfficeLetterhead(db, officeId),
    clientDocument(db, entry.clientId),
  ])
  return {
    pdf: buildReceiptPdf(entry, letterhead, documento),
    fileName: `recibo-${entry.dataPagamento ?? entry.id}.pdf`,
  }
}
