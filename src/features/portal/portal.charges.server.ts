import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.server'
import { todayISO } from '../../lib/br/dates'
import { ApiError, notFound } from '../../platform/http-error.server'
import {
  financialEntries as fe,
  issueReceivablePix,
  PIX_NOT_CONFIGURED,
} from '../financial/financial.public.server'
import { ownedByClient, type PortalReader } from './portal.scope.server'
import { PORTAL_DATA_MESSAGES, type PortalCharge, type PortalPixCharge } from './portal.data.schema'

// The client's charges in the portal (issue 26): the office's receivables linked to the client or to one of
// the client's cases. Expenses (despesas), cancelled entries and internal notes (observacoes) never leave.

export const CHARGES_LIMIT = 50

/** A receivable the client may see: a receita, pending or paid, not deleted, and theirs. */
function clientReceivable(reader: PortalReader, caseIds: readonly string[]) {
  return and(
    eq(fe.officeId, reader.officeId),
    eq(fe.tipo, 'receita'),
    sql`${fe.status} in ('pendente', 'pago')`,
    isNull(fe.deletedAt),
    ownedByClient(reader, fe.clientId, fe.caseId, caseIds),
  )
}

const columns = {
  id: fe.id,
  descricao: fe.descricao,
  valor: fe.valor,
  dataVencimento: fe.dataVencimento,
  status: fe.status,
  dataPagamento: fe.dataPagamento,
  caseId: fe.caseId,
}

function toCharge(
  row: {
    id: string
    descricao: string
    valor: string
    dataVencimento: string
    status: string
    dataPagamento: string | null
    caseId: string | null
  },
  today: string,
): PortalCharge {
  // 'vencido' as the financial feature derives it: pending and due before today in São Paulo.
  const status = row.status === 'pago' ? 'pago' : row.dataVencimento < today ? 'vencido' : 'pendente'
  return { ...row, status }
}

/** Open ones first (soonest due first), then paid ones (newest payment first). */
export async function listPortalCharges(
  db: Executor,
  reader: PortalReader,
  caseIds: readonly string[],
  limit: number = CHARGES_LIMIT,
): Promise<PortalCharge[]> {
  const rows = await db
    .select(columns)
    .from(fe)
    .where(clientReceivable(reader, caseIds))
    .orderBy(
      sql`(${fe.status} = 'pago')`,
      sql`case when ${fe.status} = 'pendente' then ${fe.dataVencimento} end asc`,
      sql`${fe.dataPagamento} desc nulls last`,
      sql`${fe.id} desc`,
    )
    .limit(limit)
  const today = todayISO()
  return rows.map((row) => toCharge(row, today))
}

/** One of the client's receivables, or null (another client's, an expense, deleted, cancelled). */
export async function findPortalCharge(
  db: Executor,
  reader: PortalReader,
  caseIds: readonly string[],
  entryId: string,
): Promise<PortalCharge | null> {
  const [row] = await db
    .select(columns)
    .from(fe)
    .where(and(eq(fe.id, entryId), clientReceivable(reader, caseIds)))
    .limit(1)
  return row ? toCharge(row, todayISO()) : null
}

/**
 * The office's Pix BR Code of one of the client's open receivables (the financial feature issues it, as the
 * 'Cobrança Pix' dialog does, recording the charge by txid for reconciliation). 404 for anything that is not
 * the client's open receivable; 409 with the client's wording when the office has no usable Pix key.
 */
export async function portalPixCharge(
  db: Executor,
  reader: PortalReader & { userId: string },
  caseIds: readonly string[],
  entryId: string,
): Promise<PortalPixCharge> {
  const charge = await findPortalCharge(db, reader, caseIds, entryId)
  if (!charge || charge.status === 'pago') throw notFound(PORTAL_DATA_MESSAGES.chargeNotFound)
  try {
    const issued = await issueReceivablePix(db, { officeId: reader.officeId, userId: reader.userId }, entryId)
    return {
      entryId: issued.entryId,
      payload: issued.payload,
      valor: issued.valor,
      txid: issued.txid,
      descricao: issued.descricao,
      dataVencimento: issued.dataVencimento,
      recebedor: issued.recebedor,
    }
  } catch (error) {
    if (error instanceof ApiError && error.code === PIX_NOT_CONFIGURED) {
      throw new ApiError(409, PIX_NOT_CONFIGURED, PORTAL_DATA_MESSAGES.pixNotConfigured)
    }
    throw error
  }
}
