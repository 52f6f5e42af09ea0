import { and, eq, inArray, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client.server'
import { buildPixPayload, normalizePixKey, parsePixPayload, pixText, pixTxid } from '../../lib/br/pix'
import { centsToDecimal, parseDecimalCents } from '../../lib/br/money'
import { ApiError, notFound } from '../../platform/http-error.server'
import { caseMembers } from '../cases/case-members.table.server'
import { getOfficePix } from '../office-settings/office-settings.public.server'
import { accessLevel, type NivelAcesso } from '../offices/offices.public'
import { financialEntries } from './financial.table.server'
import { PIX_CHARGE_MESSAGES, PIX_NOT_CONFIGURED, PIX_NOT_ISSUED, type PixChargeDto } from './pix.schema'
import { pixCharges } from './pix.table.server'

/**
 * Who is asking, for the financial rows of this slice. `restrictTo` is set where 'financial.manage' is partial
 * (the associado, spec §6): they reach only rows of the cases where they are responsible.
 */
export interface MemberScope {
  officeId: string
  memberId: string
  userId: string
  restrictTo: string | null
}

export function memberScope(office: {
  id: string
  memberId: string
  userId: string
  nivelAcesso: NivelAcesso
}): MemberScope {
  const partial = accessLevel(office.nivelAcesso, 'financial.manage') === 'partial'
  return {
    officeId: office.id,
    memberId: office.memberId,
    userId: office.userId,
    restrictTo: partial ? office.memberId : null,
  }
}

/** A row's case_id among the cases where the restricted member is responsible (no case → not theirs). */
export function ofMemberCases(caseIdColumn: AnyColumn, actor: MemberScope): SQL | undefined {
  if (actor.restrictTo === null) return undefined
  return inArray(
    caseIdColumn,
    sql`(select ${caseMembers.caseId} from ${caseMembers} where ${caseMembers.officeId} = ${actor.officeId} and ${caseMembers.memberId} = ${actor.restrictTo})`,
  )
}

/** 'JC' + the entry id's first 23 hex digits: stable per entry, ≤ 25 letters and digits as the manual asks. */
export function entryTxid(entryId: string): string {
  return pixTxid(`JC${entryId}`)
}

/**
 * The static BR Code of a pending receita: its amount, the office's key/name/city and the entry's txid. The
 * charge is recorded (one row per entry, updated if the amount changed) so a statement can be reconciled by
 * txid. 404 for an entry the actor cannot see; 409 for one that is not a pending receita or when the office
 * has no Pix key yet.
 */
export async function issuePixCharge(
  db: Executor,
  actor: MemberScope,
  entryId: string,
): Promise<PixChargeDto> {
  const [entry] = await db
    .select({
      id: financialEntries.id,
      tipo: financialEntries.tipo,
      status: financialEntries.status,
      valor: financialEntries.valor,
      descricao: financialEntries.descricao,
      dataVencimento: financialEntries.dataVencimento,
    })
    .from(financialEntries)
    .where(
      and(
        eq(financialEntries.officeId, actor.officeId),
        eq(financialEntries.id, entryId),
        isNull(financialEntries.deletedAt),
        ofMemberCases(financialEntries.caseId, actor),
      ),
    )
    .limit(1)
  if (!entry) throw notFound(PIX_CHARGE_MESSAGES.notFound)
  if (entry.tipo !== 'receita' || entry.status !== 'pendente') {
    throw new ApiError(409, 'conflict', PIX_CHARGE_MESSAGES.notReceivable)
  }
  const pix = await getOfficePix(db, actor.officeId)
  if (!pix) throw new ApiError(409, PIX_NOT_CONFIGURED, PIX_CHARGE_MESSAGES.notConfigured)
  const chave = normalizePixKey(pix.tipo, pix.chave)
  const nome = pixText(pix.nome, 25)
  const cidade = pixText(pix.cidade, 15)
  if (chave === null || !nome || !cidade) {
    throw new ApiError(409, PIX_NOT_CONFIGURED, PIX_CHARGE_MESSAGES.invalidKey)
  }

  const valorCents = parseDecimalCents(entry.valor)
  if (valorCents === null || valorCents <= 0) throw new Error('financial entry with an unreadable valor')
  const txid = entryTxid(entry.id)
  const payload = buildPixPayload({ chave, nome, cidade, valorCents, txid })
  const valor = centsToDecimal(valorCents)
  await db
    .insert(pixCharges)
    .values({ officeId: actor.officeId, entryId: entry.id, txid, valor, payload, createdBy: actor.userId })
    .onConflictDoUpdate({
      target: pixCharges.entryId,
      set: { valor, payload, updatedAt: sql`now()` },
    })
  return {
    entryId: entry.id,
    payload,
    txid,
    valor,
    dataVencimento: entry.dataVencimento,
    descricao: entry.descricao,
    recebedor: nome,
    cidade,
  }
}

/**
 * The Pix charge already issued for an entry the actor can see, as it was issued (issue 24: the GET reads,
 * only the POST issues). 404 for an entry the actor cannot see, and 404 `pix_not_issued` while none exists.
 */
export async function readPixCharge(
  db: Executor,
  actor: MemberScope,
  entryId: string,
): Promise<PixChargeDto> {
  const [row] = await db
    .select({
      entryId: financialEntries.id,
      dataVencimento: financialEntries.dataVencimento,
      descricao: financialEntries.descricao,
      payload: pixCharges.payload,
      txid: pixCharges.txid,
      valor: pixCharges.valor,
    })
    .from(financialEntries)
    .leftJoin(
      pixCharges,
      and(eq(pixCharges.officeId, financialEntries.officeId), eq(pixCharges.entryId, financialEntries.id)),
    )
    .where(
      and(
        eq(financialEntries.officeId, actor.officeId),
        eq(financialEntries.id, entryId),
        isNull(financialEntries.deletedAt),
        ofMemberCases(financialEntries.caseId, actor),
      ),
    )
    .limit(1)
  if (!row) throw notFound(PIX_CHARGE_MESSAGES.notFound)
  const { payload, txid, valor } = row
  if (payload === null || txid === null || valor === null) {
    throw new ApiError(404, PIX_NOT_ISSUED, PIX_CHARGE_MESSAGES.notIssued)
  }
  // The receiver's name and city as the code carries them (what the payer's bank will show).
  const { nome, cidade } = parsePixPayload(payload)
  return {
    entryId: row.entryId,
    payload,
    txid,
    valor,
    dataVencimento: row.dataVencimento,
    descricao: row.descricao,
    recebedor: nome,
    cidade,
  }
}
export type { Executor }
