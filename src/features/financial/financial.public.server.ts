// The financial feature's server surface: what other features may use of it (ESLint keeps the rest private).
import type { Executor } from '../../db/client.server'
import type { FinancialCategory, PaymentMethod } from './financial.schema'
import { insertEntries, resolveLinks } from './financial.write.server'

export { financialEntries } from './financial.table.server'
export { splitPeriod } from './financial-dates'

export interface ReceivablesInput {
  descricao: string
  /** Default 'honorarios'. */
  categoria?: FinancialCategory
  /** The TOTAL in integer centavos (split over the parcels, the remainder on the last). */
  valorCents: number
  /** Due date of the first parcel, 'YYYY-MM-DD'; the next ones follow monthly. */
  dataVencimento: string
  /** 1..60; default 1. */
  parcelas?: number
  clientId?: string | null
  caseId?: string | null
  formaPagamento?: PaymentMethod | null
  observacoes?: string | null
  /** Extra audit details (e.g. `{ proposalId }`): ids only, never personal data. */
  auditDetails?: Record<string, unknown>
}

/**
 * Inserts receivables (receitas pendentes): one entry, or N monthly parcels 1/N … N/N, plus the office audit
 * row, in the caller's transaction (a fee proposal accepted → its receivables, engineer "pix"). The client and
 * case must be the office's own and not deleted (400 otherwise). Returns the new ids in parcel order.
 */
export async function createReceivables(
  tx: Executor,
  office: { id: string; userId: string | null; ip?: string | null },
  input: ReceivablesInput,
): Promise<string[]> {
  const scope = { officeId: office.id, restrictTo: null }
  const links = await resolveLinks(tx, scope, input.clientId ?? null, input.caseId ?? null)
  return insertEntries(
    tx,
    { ...scope, userId: office.userId, ip: office.ip ?? null },
    {
      tipo: 'receita',
      categoria: input.categoria ?? 'honorarios',
      descricao: input.descricao,
      valorCents: input.valorCents,
      dataVencimento: input.dataVencimento,
      parcelas: input.parcelas ?? 1,
      recorrente: false,
      ...links,
      formaPagamento: input.formaPagamento ?? null,
      observacoes: input.observacoes ?? null,
    },
    input.auditDetails ?? {},
  )
}
export { financialJobs, purgeDeletedEntries, runRecurrence } from './financial.jobs.server'

// Issue 26 (features/portal): a client pays and prints their own receivables from the portal. The portal checks
// that the entry is that client's before calling these.
export { PIX_NOT_CONFIGURED } from './pix.schema'
export { issueReceivablePix, paidReceiptPdf } from './financial.portal.server'
