import { randomUUID } from 'node:crypto'
import { and, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client.server'
import { centsToDecimal, parseDecimalCents, splitInstallments } from '../../lib/br/money'
import { ApiError, notFound } from '../../platform/http-error.server'
import { recordAudit } from '../audit/audit.public.server'
import { caseMembers } from '../cases/case-members.table.server'
import { cases } from '../cases/cases.table.server'
import { clients } from '../clients/clients.table.server'
import { addMonthsISO, monthsBetween } from './financial-dates'
import {
  FINANCIAL_MESSAGES,
  type EntryUpdateData,
  type FinancialCategory,
  type PaymentMethod,
} from './financial.schema'
import { financialEntries } from './financial.table.server'

/**
 * Which entries the caller reaches. `restrictTo` (a member id) is set for the associado, whose 'Manage
 * financial' cell is partial (spec §6): only entries linked to a case where they are a responsible member.
 * Every read and write applies it, so another entry answers 404 like a missing one.
 */
export interface FinancialScope {
  officeId: string
  restrictTo: string | null
}

/** Who writes: the scope, the user (created_by, audit) and their address (audit). */
export interface FinancialActor extends FinancialScope {
  userId: string | null
  ip?: string | null | undefined
}

export function scopeCondition(scope: FinancialScope): SQL {
  const office = eq(financialEntries.officeId, scope.officeId)
  if (!scope.restrictTo) return office
  return and(
    office,
    sql`${financialEntries.caseId} in (select ${caseMembers.caseId} from ${caseMembers} where ${caseMembers.officeId} = ${scope.officeId} and ${caseMembers.memberId} = ${scope.restrictTo})`,
  ) as SQL
}

function invalid(field: string, message: string): ApiError {
  return new ApiError(400, 'validation', message, { [field]: message })
}

/**
 * Checks the client and case of an entry against the office (the composite keys would refuse another office's
 * row with a 500; this answers 400 in pt-BR) and the caller's scope. A case with a client fills in the client
 * when none was given, and must match it when one was.
 */
export async function resolveLinks(
  db: Executor,
  scope: FinancialScope,
  clientId: string | null,
  caseId: string | null,
): Promise<{ clientId: string | null; caseId: string | null }> {
  if (scope.restrictTo && !caseId) throw invalid('caseId', FINANCIAL_MESSAGES.caseRequired)
  let resolvedClient = clientId
  if (caseId) {
    const [found] = await db
      .select({ clientId: cases.clientId })
      .from(cases)
      .where(
        and(
          eq(cases.officeId, scope.officeId),
          eq(cases.id, caseId),
          isNull(cases.deletedAt),
          scope.restrictTo
            ? sql`${cases.id} in (select ${caseMembers.caseId} from ${caseMembers} where ${caseMembers.officeId} = ${scope.officeId} and ${caseMembers.memberId} = ${scope.restrictTo})`
            : undefined,
        ),
      )
    if (!found) {
      throw invalid(
        'caseId',
        scope.restrictTo ? FINANCIAL_MESSAGES.caseRequired : FINANCIAL_MESSAGES.caseNotFound,
      )
    }
    if (found.clientId && resolvedClient && found.clientId !== resolvedClient) {
      throw invalid('caseId', FINANCIAL_MESSAGES.caseOfClient)
    }
    resolvedClient ??= found.clientId
  }
  if (resolvedClient) {
    const [found] = await db
      .select({ id: clients.id })
      .from(clients)
      .where(
        and(eq(clients.officeId, scope.officeId), eq(clients.id, resolvedClient), isNull(clients.deletedAt)),
      )
    if (!found) throw invalid('clientId', FINANCIAL_MESSAGES.clientNotFound)
  }
  return { clientId: resolvedClient, caseId }
}

/** What `createReceivables` (and the 'Novo Lançamento' dialog) inserts. */
export interface NewEntries {
  tipo: 'receita' | 'despesa'
  categoria: FinancialCategory
  descricao: string
  /** The TOTAL in integer centavos; split over `parcelas` monthly parcels. */
  valorCents: number
  /** Due date of the first parcel ('YYYY-MM-DD'); the others follow monthly on the same day (clamped). */
  dataVencimento: string
  parcelas: number
  recorrente: boolean
  clientId: string | null
  caseId: string | null
  formaPagamento: PaymentMethod | null
  observacoes: string | null
}

/**
 * Inserts one entry, or N monthly parcels (1/N … N/N sharing a grupo_id, the centavos remainder on the last),
 * and the audit row, in the caller's transaction. Links must have been checked (resolveLinks). Returns the ids
 * in parcel order.
 */
export async function insertEntries(
  tx: Executor,
  actor: FinancialActor,
  input: NewEntries,
  auditDetails: Record<string, unknown> = {},
): Promise<string[]> {
  const amounts = splitInstallments(input.valorCents, input.parcelas)
  const grupoId = input.parcelas > 1 ? randomUUID() : null
  const rows = amounts.map((cents, index) => ({
    officeId: actor.officeId,
    tipo: input.tipo,
    categoria: input.categoria,
    descricao: input.descricao,
    valor: centsToDecimal(cents),
    dataVencimento: addMonthsISO(input.dataVencimento, index),
    clientId: input.clientId,
    caseId: input.caseId,
    formaPagamento: input.formaPagamento,
    observacoes: input.observacoes,
    parcelaNumero: grupoId ? index + 1 : null,
    parcelaTotal: grupoId ? input.parcelas : null,
    grupoId,
    recorrente: input.recorrente,
    createdBy: actor.userId,
  }))
  const inserted = await tx.insert(financialEntries).values(rows).returning({ id: financialEntries.id })
  const ids = inserted.map((row) => row.id)
  await recordAudit(tx, {
    officeId: actor.officeId,
    actorUserId: actor.userId,
    ip: actor.ip ?? null,
    action: 'financial.create',
    entity: 'financial_entry',
    entityId: ids[0] ?? null,
    details: {
      tipo: input.tipo,
      parcelas: input.parcelas,
      valor: centsToDecimal(input.valorCents),
      ...auditDetails,
    },
  })
  return ids
}

/** A row locked for a change, in the caller's scope; null when it is not theirs, missing or deleted. */
async function lockEntry(tx: Executor, scope: FinancialScope, id: string) {
  const [row] = await tx
    .select()
    .from(financialEntries)
    .where(and(scopeCondition(scope), eq(financialEntries.id, id), isNull(financialEntries.deletedAt)))
    .for('update')
  return row ?? null
}

/**
 * Creates the month after `entry` in its recurring series, once: the unique (recorrencia_origem_id,
 * data_vencimento) turns a second attempt (the job and a payment racing, a job retried) into a no-op.
 * Months count from the series' first due date so 31/01 → 28/02 → 31/03. Returns the new id, or null.
 */
export async function createNextRecurrence(
  tx: Executor,
  entry: typeof financialEntries.$inferSelect,
  actorUserId: string | null,
): Promise<string | null> {
  const originId = entry.recorrenciaOrigemId ?? entry.id
  let anchor = entry.dataVencimento
  if (entry.recorrenciaOrigemId) {
    const [origin] = await tx
      .select({ dataVencimento: financialEntries.dataVencimento })
      .from(financialEntries)
      .where(eq(financialEntries.id, entry.recorrenciaOrigemId))
    // The first entry may have been purged; the series then continues from this one's day.
    if (origin) anchor = origin.dataVencimento
  }
  const next = addMonthsISO(anchor, monthsBetween(anchor, entry.dataVencimento) + 1)
  const [created] = await tx
    .insert(financialEntries)
    .values({
      officeId: entry.officeId,
      tipo: entry.tipo,
      categoria: entry.categoria,
      descricao: entry.descricao,
      valor: entry.valor,
      dataVencimento: next,
      clientId: entry.clientId,
      caseId: entry.caseId,
      formaPagamento: entry.formaPagamento,
      observacoes: entry.observacoes,
      recorrente: true,
      recorrenciaOrigemId: originId,
      createdBy: actorUserId,
    })
    .onConflictDoNothing({ target: [financialEntries.recorrenciaOrigemId, financialEntries.dataVencimento] })
    .returning({ id: financialEntries.id })
  if (!created) return null
  await recordAudit(tx, {
    officeId: entry.officeId,
    actorUserId,
    action: 'financial.create',
    entity: 'financial_entry',
    entityId: created.id,
    details: { recorrencia: originId, dataVencimento: next },
  })
  return created.id
}

/**
 * 'Marcar como Pago'. Idempotent by refusal: an entry already paid answers 409 and keeps its date and method
 * (a double click or a retry can't overwrite when it was really paid); a cancelled one answers 409 too.
 * Paying a recurring expense creates next month's entry (once).
 */
export async function markPaid(
  tx: Executor,
  actor: FinancialActor,
  id: string,
  payment: { dataPagamento: string; formaPagamento: PaymentMethod },
): Promise<void> {
  const entry = await lockEntry(tx, actor, id)
  if (!entry) throw notFound(FINANCIAL_MESSAGES.notFound)
  if (entry.status === 'pago') throw new ApiError(409, 'already_paid', FINANCIAL_MESSAGES.alreadyPaid)
  if (entry.status === 'cancelado') {
    throw new ApiError(409, 'cancelled', FINANCIAL_MESSAGES.cancelledNotPayable)
  }
  await tx
    .update(financialEntries)
    .set({ status: 'pago', ...payment, updatedAt: sql`now()` })
    .where(eq(financialEntries.id, id))
  await recordAudit(tx, {
    officeId: actor.officeId,
    actorUserId: actor.userId,
    ip: actor.ip ?? null,
    action: 'financial.pay',
    entity: 'financial_entry',
    entityId: id,
    details: { dataPagamento: payment.dataPagamento, formaPagamento: payment.formaPagamento },
  })
  if (entry.recorrente) await createNextRecurrence(tx, entry, actor.userId)
}

/** 'Editar'. Returns the names of the fields changed (for the audit row), or throws 404/400. */
export async function updateEntry(
  tx: Executor,
  actor: FinancialActor,
  id: string,
  data: EntryUpdateData,
): Promise<string[]> {
  const entry = await lockEntry(tx, actor, id)
  if (!entry) throw notFound(FINANCIAL_MESSAGES.notFound)
  const tipo = data.tipo ?? entry.tipo
  const recorrente = data.recorrente ?? entry.recorrente
  if (recorrente && tipo !== 'despesa') throw invalid('recorrente', FINANCIAL_MESSAGES.recorrenteDespesa)
  if (recorrente && entry.parcelaTotal !== null)
    throw invalid('recorrente', FINANCIAL_MESSAGES.recorrenteDespesa)
  if (entry.parcelaTotal !== null && tipo !== 'receita')
    throw invalid('tipo', FINANCIAL_MESSAGES.parcelasReceita)
  if (data.status && entry.status === 'pago')
    throw new ApiError(409, 'already_paid', FINANCIAL_MESSAGES.alreadyPaid)

  const set: Partial<typeof financialEntries.$inferInsert> = {}
  if (data.clientId !== undefined || data.caseId !== undefined) {
    const links = await resolveLinks(
      tx,
      actor,
      data.clientId !== undefined ? data.clientId : entry.clientId,
      data.caseId !== undefined ? data.caseId : entry.caseId,
    )
    set.clientId = links.clientId
    set.caseId = links.caseId
  }
  if (data.tipo !== undefined) set.tipo = data.tipo
  if (data.categoria !== undefined) set.categoria = data.categoria
  if (data.descricao !== undefined) set.descricao = data.descricao
  if (data.valor !== undefined) set.valor = centsToDecimal(data.valor)
  if (data.dataVencimento !== undefined) set.dataVencimento = data.dataVencimento
  if (data.formaPagamento !== undefined) set.formaPagamento = data.formaPagamento
  if (data.observacoes !== undefined) set.observacoes = data.observacoes
  if (data.status !== undefined) set.status = data.status
  if (data.recorrente !== undefined) set.recorrente = data.recorrente
  const fields = Object.keys(set)
  if (fields.length > 0) {
    await tx
      .update(financialEntries)
      .set({ ...set, updatedAt: sql`now()` })
      .where(eq(financialEntries.id, id))
  }
  return fields
}

/** Soft delete ('Excluir', with undo) or restore; false when the entry is not in the caller's scope. */
export async function setDeleted(
  tx: Executor,
  actor: FinancialActor,
  id: string,
  deleted: boolean,
): Promise<boolean> {
  const rows = await tx
    .update(financialEntries)
    .set(
      deleted
        ? { deletedAt: sql`now()`, deletedBy: actor.userId, updatedAt: sql`now()` }
        : { deletedAt: null, deletedBy: null, updatedAt: sql`now()` },
    )
    .where(
      and(
        scopeCondition(actor),
        eq(financialEntries.id, id),
        deleted ? isNull(financialEntries.deletedAt) : isNotNull(financialEntries.deletedAt),
      ),
    )
    .returning({ id: financialEntries.id })
  return rows.length > 0
}

/** The integer centavos of a stored numeric (never through a float). */
export function valorCents(valor: string): number {
  const cents = parseDecimalCents(valor)
  if (cents === null) throw new Error('valor armazenado ilegível')
  return cents
}
export type { Executor }
