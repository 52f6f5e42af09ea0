import { and, count, eq, isNull, sql, type SQL } from 'drizzle-orm'
import { centsToDecimal } from '../../lib/br/money'
import { ApiError, notFound } from '../../platform/http-error.server'
import { cases } from '../cases/cases.table.server'
import { clients } from '../clients/clients.table.server'
import { ofMemberCases, type Executor, type MemberScope } from './pix.service.server'
import {
  hundredthsToPercent,
  PROPOSAL_MESSAGES,
  type ProposalData,
  type ProposalDto,
  type ProposalList,
  type ProposalListQuery,
} from './proposals.schema'
import type { ProposalStatus } from './proposals.constants'
import { feeProposals } from './proposals.table.server'

// Fee proposals ('Proposta de honorários', issue 11): the only code that touches fee_proposals. Every
// statement is limited to the actor's office and, for an associado, to the proposals of their cases — another
// proposal answers 404 exactly like a missing one.

const TOTAL_CAP = 10_000

const columns = {
  id: feeProposals.id,
  clientId: feeProposals.clientId,
  clientNome: sql<string>`coalesce(${clients.nomeCompleto}, '')`,
  caseId: feeProposals.caseId,
  caseTitulo: cases.titulo,
  modelo: feeProposals.modelo,
  valorFixo: feeProposals.valorFixo,
  parcelas: feeProposals.parcelas,
  primeiroVencimento: feeProposals.primeiroVencimento,
  percentualExito: feeProposals.percentualExito,
  valorCausa: feeProposals.valorCausa,
  condicoes: feeProposals.condicoes,
  validade: feeProposals.validade,
  status: feeProposals.status,
  acceptedAt: feeProposals.acceptedAt,
  receivablesGrupoId: feeProposals.receivablesGrupoId,
  createdAt: feeProposals.createdAt,
}

type Row = Awaited<ReturnType<ReturnType<typeof selectProposals>['execute']>>[number]

function toDto(row: Row): ProposalDto {
  return {
    ...row,
    caseTitulo: row.caseTitulo ?? null,
    acceptedAt: row.acceptedAt ? row.acceptedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  }
}

function visible(actor: MemberScope, ...more: (SQL | undefined)[]): SQL | undefined {
  return and(eq(feeProposals.officeId, actor.officeId), ofMemberCases(feeProposals.caseId, actor), ...more)
}

function selectProposals(db: Executor) {
  return db
    .select(columns)
    .from(feeProposals)
    .leftJoin(
      clients,
      and(eq(clients.officeId, feeProposals.officeId), eq(clients.id, feeProposals.clientId)),
    )
    .leftJoin(cases, and(eq(cases.officeId, feeProposals.officeId), eq(cases.id, feeProposals.caseId)))
}

export async function listProposals(
  db: Executor,
  actor: MemberScope,
  query: Required<Pick<ProposalListQuery, 'status'>> & { limit: number; offset: number },
): Promise<ProposalList> {
  const where = visible(actor, query.status === 'todos' ? undefined : eq(feeProposals.status, query.status))
  // The total stops counting past 10 000 (DESIGN §8, as the clients list): the list shows 50 at a time anyway.
  const capped = db
    .select({ one: sql`1` })
    .from(feeProposals)
    .where(where)
    .limit(TOTAL_CAP + 1)
    .as('capped')
  const [items, [total]] = await Promise.all([
    selectProposals(db)
      .where(where)
      // Exactly as fee_proposals_office_created_idx is declared.
      .orderBy(sql`${feeProposals.createdAt} desc nulls last`, sql`${feeProposals.id} desc nulls last`)
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(capped),
  ])
  const n = total?.n ?? 0
  return { items: items.map(toDto), total: Math.min(n, TOTAL_CAP), totalCapped: n > TOTAL_CAP }
}

export async function getProposal(db: Executor, actor: MemberScope, id: string): Promise<ProposalDto> {
  const [row] = await selectProposals(db)
    .where(visible(actor, eq(feeProposals.id, id)))
    .limit(1)
  if (!row) throw notFound(PROPOSAL_MESSAGES.notFound)
  return toDto(row)
}

const invalid = (field: string, message: string) =>
  new ApiError(400, 'validation', message, { [field]: message })

/**
 * The client must be an active record of the office; the case (required for an associado, and one of theirs)
 * must be of the office and, when it names a client, of this one.
 */
async function checkParties(db: Executor, actor: MemberScope, data: ProposalData): Promise<void> {
  const [client] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(
      and(eq(clients.officeId, actor.officeId), eq(clients.id, data.clientId), isNull(clients.deletedAt)),
    )
    .limit(1)
  if (!client) throw invalid('clientId', PROPOSAL_MESSAGES.clientNotFound)
  if (data.caseId === null) {
    if (actor.restrictTo !== null) throw invalid('caseId', PROPOSAL_MESSAGES.caseRequired)
    return
  }
  const [kase] = await db
    .select({ clientId: cases.clientId })
    .from(cases)
    .where(
      and(
        eq(cases.officeId, actor.officeId),
        eq(cases.id, data.caseId),
        isNull(cases.deletedAt),
        ofMemberCases(cases.id, actor),
      ),
    )
    .limit(1)
  if (!kase) {
    throw invalid(
      'caseId',
      actor.restrictTo !== null ? PROPOSAL_MESSAGES.caseRequired : PROPOSAL_MESSAGES.caseNotFound,
    )
  }
  if (kase.clientId !== null && kase.clientId !== data.clientId)
    throw invalid('caseId', PROPOSAL_MESSAGES.caseOfClient)
}

function columnsOf(data: ProposalData) {
  return {
    clientId: data.clientId,
    caseId: data.caseId,
    modelo: data.modelo,
    valorFixo: data.valorFixo === null ? null : centsToDecimal(data.valorFixo),
    parcelas: data.parcelas,
    primeiroVencimento: data.primeiroVencimento,
    percentualExito: data.percentualExito === null ? null : hundredthsToPercent(data.percentualExito),
    valorCausa: data.valorCausa === null ? null : centsToDecimal(data.valorCausa),
    condicoes: data.condicoes,
    validade: data.validade,
  }
}

export async function createProposal(
  db: Executor,
  actor: MemberScope,
  data: ProposalData,
): Promise<ProposalDto> {
  await checkParties(db, actor, data)
  const [row] = await db
    .insert(feeProposals)
    .values({ officeId: actor.officeId, createdBy: actor.userId, ...columnsOf(data) })
    .returning({ id: feeProposals.id })
  if (!row) throw new Error('insert returned nothing')
  return getProposal(db, actor, row.id)
}

/** The proposal's status, or 404; locks the row so two requests deciding it run one after the other. */
async function lockStatus(db: Executor, actor: MemberScope, id: string): Promise<ProposalStatus> {
  const [row] = await db
    .select({ status: feeProposals.status })
    .from(feeProposals)
    .where(visible(actor, eq(feeProposals.id, id)))
    .for('update')
  if (!row) throw notFound(PROPOSAL_MESSAGES.notFound)
  return row.status
}

const conflict = (message: string) => new ApiError(409, 'conflict', message)

function refuseDecided(status: ProposalStatus): void {
  if (status === 'aceita') throw conflict(PROPOSAL_MESSAGES.alreadyAccepted)
  if (status === 'recusada') throw conflict(PROPOSAL_MESSAGES.refused)
}

/** PATCH: the whole proposal again, while it is a draft or sent (a decided one is history). */
export async function updateProposal(
  db: Executor,
  actor: MemberScope,
  id: string,
  data: ProposalData,
): Promise<ProposalDto> {
  const status = await lockStatus(db, actor, id)
  if (status !== 'rascunho' && status !== 'enviada') throw conflict(PROPOSAL_MESSAGES.notEditable)
  await checkParties(db, actor, data)
  await db
    .update(feeProposals)
    .set({ ...columnsOf(data), updatedAt: sql`now()` })
    .where(eq(feeProposals.id, id))
  return getProposal(db, actor, id)
}

export async function deleteProposal(db: Executor, actor: MemberScope, id: string): Promise<void> {
  const status = await lockStatus(db, actor, id)
  if (status === 'aceita') throw conflict(PROPOSAL_MESSAGES.notDeletable)
  await db.delete(feeProposals).where(eq(feeProposals.id, id))
}

/** rascunho → enviada (the lawyer sent the PDF to the client). */
export async function sendProposal(db: Executor, actor: MemberScope, id: string): Promise<ProposalDto> {
  const status = await lockStatus(db, actor, id)
  if (status !== 'rascunho') throw conflict(PROPOSAL_MESSAGES.notSendable)
  await setStatus(db, id, 'enviada')
  return getProposal(db, actor, id)
}

export async function refuseProposal(db: Executor, actor: MemberScope, id: string): Promise<ProposalDto> {
  refuseDecided(await lockStatus(db, actor, id))
  await setStatus(db, id, 'recusada')
  return getProposal(db, actor, id)
}

async function setStatus(db: Executor, id: string, status: ProposalStatus): Promise<void> {
  await db
    .update(feeProposals)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(feeProposals.id, id))
}

/**
 * Marks the proposal accepted (locked: a second acceptance, even a concurrent one, gets 409) and returns it
 * for the caller to create its receivables in the SAME transaction.
 */
export async function markAccepted(db: Executor, actor: MemberScope, id: string): Promise<ProposalDto> {
  refuseDecided(await lockStatus(db, actor, id))
  await db
    .update(feeProposals)
    .set({ status: 'aceita', acceptedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(feeProposals.id, id))
  return getProposal(db, actor, id)
}

export async function linkReceivables(db: Executor, id: string, grupoId: string): Promise<void> {
  await db.update(feeProposals).set({ receivablesGrupoId: grupoId }).where(eq(feeProposals.id, id))
}

/** The client's identification for the PDF's parties (document number as registered). */
export async function proposalClientDetails(
  db: Executor,
  officeId: string,
  clientId: string,
): Promise<{ documento: string | null; tipoPessoa: string; endereco: string | null }> {
  const [row] = await db
    .select({ documento: clients.documento, tipoPessoa: clients.tipoPessoa, endereco: clients.endereco })
    .from(clients)
    .where(and(eq(clients.officeId, officeId), eq(clients.id, clientId)))
    .limit(1)
  return row ?? { documento: null, tipoPessoa: 'fisica', endereco: null }
}
