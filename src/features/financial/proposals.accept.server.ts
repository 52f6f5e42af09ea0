import { and, eq } from 'drizzle-orm'
import { parseDecimalCents } from '../../lib/br/money'
import { cases } from '../cases/cases.table.server'
import { createReceivables, financialEntries } from './financial.public.server'
import { formatPercentBR, type ProposalAcceptance } from './proposals.schema'
import { linkReceivables, markAccepted } from './proposals.service.server'
import type { Executor, MemberScope } from './pix.service.server'

const DESCRICAO_MAX = 200

/**
 * 'Marcar como aceita': the proposal becomes aceita and its fixed part becomes receivables (honorários, one
 * entry or N monthly parcels from the first due date), all in the caller's transaction — so either both exist
 * or neither. The success fee is NOT a receivable: it depends on the outcome, so it is written on the entries'
 * notes and waits for the case's conclusion. A second acceptance answers 409 (markAccepted locks the row).
 */
export async function acceptProposal(
  tx: Executor,
  scope: MemberScope,
  id: string,
): Promise<ProposalAcceptance> {
  const proposal = await markAccepted(tx, scope, id)
  const valorCents = proposal.valorFixo === null ? null : parseDecimalCents(proposal.valorFixo)
  if (valorCents === null || proposal.parcelas === null || proposal.primeiroVencimento === null) {
    return { proposal, receivables: 0 }
  }
  const subject = proposal.caseTitulo ?? proposal.clientNome
  const exito =
    proposal.percentualExito === null
      ? null
      : `Honorários de êxito de ${formatPercentBR(proposal.percentualExito)} a cobrar na conclusão do processo ` +
        `(proposta ${proposal.id.slice(0, 8).toUpperCase()}).`
  // The proposal's client and case were checked against the actor's scope when it was saved and are
  // checked again (office, not deleted) by createReceivables.
  const ids = await createReceivables(
    tx,
    { id: scope.officeId, userId: scope.userId },
    {
      descricao: `Honorários - ${subject}`.slice(0, DESCRICAO_MAX),
      categoria: 'honorarios',
      valorCents,
      dataVencimento: proposal.primeiroVencimento,
      parcelas: proposal.parcelas,
      clientId: proposal.clientId,
      caseId: proposal.caseId,
      observacoes: exito,
      auditDetails: { proposta: proposal.id },
    },
  )
  const [first] = await tx
    .select({ id: financialEntries.id, grupoId: financialEntries.grupoId })
    .from(financialEntries)
    .where(eq(financialEntries.id, ids[0] ?? ''))
  const grupoId = first?.grupoId ?? first?.id ?? null
  if (grupoId) await linkReceivables(tx, id, grupoId)
  return { proposal: { ...proposal, receivablesGrupoId: grupoId }, receivables: ids.length }
}

/** The case's process number for the PDF's object (null without a case). */
export async function proposalCaseNumero(
  db: Executor,
  officeId: string,
  caseId: string | null,
): Promise<string | null> {
  if (caseId === null) return null
  const [row] = await db
    .select({ numero: cases.numeroProcesso })
    .from(cases)
    .where(and(eq(cases.officeId, officeId), eq(cases.id, caseId)))
  return row?.numero ?? null
}
