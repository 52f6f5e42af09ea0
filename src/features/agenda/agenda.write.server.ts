import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import { ApiError, notFound } from '../../platform/http-error.server'
import { clientOfMember, reachableCases } from '../cases/cases.public.server'
import { cases } from '../cases/cases.table.server'
import { clients } from '../clients/clients.table.server'
import {
  AGENDA_MESSAGES,
  type EventData,
  type EventUpdateData,
  type PrazoCalcResult,
  type PrazoInfo,
  visibleToClientByDefault,
} from './agenda.schema'
import { inScope, type AgendaScope, type Executor } from './agenda.service.server'
import { events } from './agenda.table.server'
import { instantToZoned, zonedToInstant } from './agenda.time'

// Every change to an event. Each function takes the transaction the route gives it (the change and its
// audit row commit together); reminders are (re)scheduled by the route AFTER the commit
// (agenda.reminders.server.ts), because a pg-boss statement on PGlite waits for the app's transaction.

function invalid(field: string, message: string): ApiError {
  return new ApiError(400, 'validation', message, { [field]: message })
}

/**
 * A client or case link must name a non-deleted row of the same office (the composite keys refuse
 * others) that the caller sees. A level that sees no case (the assistente, 'cases.view' none) may link
 * none: 403 whatever the id, as the cases routes answer them. The estagiário may link only a case where
 * they are responsible and a client of such a case: another one is refused exactly like a missing one
 * (400 on the field), so the answer never tells an existing case from an unknown id.
 */
export async function checkLinks(
  db: Executor,
  scope: AgendaScope,
  links: { clientId?: string | null | undefined; caseId?: string | null | undefined },
): Promise<void> {
  const { officeId, clientsOf } = scope
  if (links.caseId && scope.reach === 'none') {
    throw new ApiError(403, 'forbidden', AGENDA_MESSAGES.caseForbidden, {
      caseId: AGENDA_MESSAGES.caseForbidden,
    })
  }
  if (links.clientId) {
    const [row] = await db
      .select({ id: clients.id })
      .from(clients)
      .where(
        and(
          eq(clients.id, links.clientId),
          eq(clients.officeId, officeId),
          isNull(clients.deletedAt),
          clientsOf ? clientOfMember(officeId, clientsOf) : undefined,
        ),
      )
    if (!row) throw invalid('clientId', AGENDA_MESSAGES.invalidClient)
  }
  if (links.caseId) {
    const [row] = await db
      .select({ id: cases.id })
      .from(cases)
      .where(
        and(
          eq(cases.id, links.caseId),
          eq(cases.officeId, officeId),
          isNull(cases.deletedAt),
          reachableCases(scope),
        ),
      )
    if (!row) throw invalid('caseId', AGENDA_MESSAGES.invalidCase)
  }
}

/** A prazo is all-day: 00:00 São Paulo of its day; other types need their hora. */
function timing(tipo: string, data: string, hora: string | null): { inicio: Date; diaInteiro: boolean } {
  if (tipo === 'prazo') return { inicio: zonedToInstant(data, null), diaInteiro: true }
  if (hora === null) throw invalid('hora', AGENDA_MESSAGES.horaRequired)
  return { inicio: zonedToInstant(data, hora), diaInteiro: false }
}

export interface Author extends AgendaScope {
  userId: string
}

/** 'Novo Evento'. Returns the new id. */
export async function insertEvent(db: Executor, author: Author, data: EventData): Promise<string> {
  await checkLinks(db, author, data)
  const [row] = await db
    .insert(events)
    .values({
      officeId: author.officeId,
      createdBy: author.userId,
      titulo: data.titulo,
      tipo: data.tipo,
      prioridade: data.prioridade,
      ...timing(data.tipo, data.data, data.hora),
      local: data.local,
      descricao: data.descricao,
      lembreteMinutos: data.lembreteMinutos,
      caseId: data.caseId,
      clientId: data.clientId,
      visivelCliente: data.visivelCliente ?? visibleToClientByDefault(data.tipo, data.caseId),
    })
    .returning({ id: events.id })
  if (!row) throw new Error('event insert returned nothing')
  return row.id
}

/** 'Criar prazo': a prazo event on the due day with the engine's trail and the early-warning day. */
export async function insertPrazo(
  db: Executor,
  author: Author,
  input: {
    titulo: string
    caseId: string | null
    clientId: string | null
    prioridade: EventData['prioridade']
    lembreteMinutos: number | null
    descricao: string | null
  },
  computed: PrazoCalcResult,
): Promise<string> {
  await checkLinks(db, author, input)
  const { avisoDias: _avisoDias, ...prazo } = computed
  const info: PrazoInfo = prazo
  const [row] = await db
    .insert(events)
    .values({
      officeId: author.officeId,
      createdBy: author.userId,
      titulo: input.titulo,
      tipo: 'prazo',
      prioridade: input.prioridade,
      ...timing('prazo', computed.vencimento, null),
      descricao: input.descricao,
      lembreteMinutos: input.lembreteMinutos,
      caseId: input.caseId,
      clientId: input.clientId,
      prazo: info,
      avisoEm: computed.avisoEm,
    })
    .returning({ id: events.id })
  if (!row) throw new Error('prazo insert returned nothing')
  return row.id
}

/** What a change did to the event's reminder: the route reschedules when `reschedule`. */
export interface ChangeResult {
  reschedule: boolean
  previousJobId: string | null
}

/**
 * PATCH: merges the fields sent into the event (locked) and re-derives inicio from data/hora/tipo.
 * Changing the day of a prazo made by 'Criar prazo' drops its computed trail and warning (the user's day
 * overrides the computation). Returns null for an event that is not the office's (→ 404).
 */
export async function updateEvent(
  db: Executor,
  scope: AgendaScope,
  id: string,
  patch: EventUpdateData,
): Promise<ChangeResult | null> {
  const officeId = scope.officeId
  const [current] = await db
    .select()
    .from(events)
    .where(and(eq(events.id, id), inScope(scope), isNull(events.deletedAt)))
    .for('update')
  if (!current) return null
  await checkLinks(db, scope, patch)
  const was = instantToZoned(current.inicio)
  const tipo = patch.tipo ?? current.tipo
  const data = patch.data ?? was.data
  const hora = patch.hora !== undefined ? patch.hora : current.diaInteiro ? null : was.hora
  const { inicio, diaInteiro } = timing(tipo, data, hora)
  const dayChanged = data !== was.data || tipo !== 'prazo'
  const status = patch.status ?? current.status
  const lembreteMinutos =
    patch.lembreteMinutos !== undefined ? patch.lembreteMinutos : current.lembreteMinutos
  await db
    .update(events)
    .set({
      titulo: patch.titulo,
      tipo,
      status,
      prioridade: patch.prioridade,
      inicio,
      diaInteiro,
      local: patch.local,
      descricao: patch.descricao,
      lembreteMinutos,
      caseId: patch.caseId,
      clientId: patch.clientId,
      visivelCliente: patch.visivelCliente,
      ...(dayChanged && current.prazo !== null ? { prazo: null, avisoEm: null } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(events.id, id), eq(events.officeId, officeId)))
  const reschedule =
    inicio.getTime() !== current.inicio.getTime() ||
    lembreteMinutos !== current.lembreteMinutos ||
    status !== current.status
  return { reschedule, previousJobId: current.reminderJobId }
}

/** 'Confirmar': only from agendado (409 otherwise, 404 for an event that is not the office's). */
export async function confirmEvent(db: Executor, scope: AgendaScope, id: string): Promise<void> {
  const updated = await db
    .update(events)
    .set({ status: 'confirmado', updatedAt: sql`now()` })
    .where(and(eq(events.id, id), inScope(scope), isNull(events.deletedAt), eq(events.status, 'agendado')))
    .returning({ id: events.id })
  if (updated.length > 0) return
  const [exists] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, id), inScope(scope), isNull(events.deletedAt)))
  if (!exists) throw notFound(AGENDA_MESSAGES.notFound)
  throw new ApiError(409, 'conflict', AGENDA_MESSAGES.confirmOnlyAgendado)
}

/** Soft delete; returns the reminder job to cancel, or null for an event that is not the office's. */
export async function softDeleteEvent(
  db: Executor,
  scope: AgendaScope,
  userId: string,
  id: string,
): Promise<ChangeResult | null> {
  const [row] = await db
    .update(events)
    .set({ deletedAt: sql`now()`, deletedBy: userId, updatedAt: sql`now()` })
    .where(and(eq(events.id, id), inScope(scope), isNull(events.deletedAt)))
    .returning({ jobId: events.reminderJobId })
  return row ? { reschedule: true, previousJobId: row.jobId } : null
}

/** Undo of a delete; null when the office has no such deleted event. */
export async function restoreEvent(
  db: Executor,
  scope: AgendaScope,
  id: string,
): Promise<ChangeResult | null> {
  const [row] = await db
    .update(events)
    .set({ deletedAt: null, deletedBy: null, updatedAt: sql`now()` })
    .where(and(eq(events.id, id), inScope(scope), isNotNull(events.deletedAt)))
    .returning({ jobId: events.reminderJobId })
  return row ? { reschedule: true, previousJobId: row.jobId } : null
}
