import { and, asc, count, eq, gte, isNull, lt, notInArray, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client.server'
import { linkedCaseScope, linkedCaseVisible, type LinkedCaseScope } from '../cases/cases.public.server'
import { cases } from '../cases/cases.table.server'
import { clients } from '../clients/clients.table.server'
import { accessLevel, type NivelAcesso } from '../offices/offices.public'
import type { AgendaStats, EventList, EventRow, EventStatus, ReminderMinutes } from './agenda.schema'
import type { eventListQuery } from './agenda.schema'
import { events } from './agenda.table.server'
import { instantToZoned } from './agenda.time'

// Reads of the office's agenda. Every query is scoped by office_id: another office's event is "not
// found", exactly like a missing one.

/**
 * Whose agenda a request sees: the office's events with no case, plus those whose case the member sees
 * at their level (spec §6: events follow their case's visibility) — every case for the sócio and the
 * associado, the cases where they are responsible for the estagiário, none for the assistente. Every
 * read, write, the feed and the notifications take it: another event is a 404 like a missing one.
 */
export interface AgendaScope extends LinkedCaseScope {
  /** The estagiário's membership ('clients.manage' partial): links only to the clients of their cases. */
  clientsOf: string | null
}

export function agendaScope(office: { id: string; nivelAcesso: NivelAcesso }, memberId: string): AgendaScope {
  const partialClients = accessLevel(office.nivelAcesso, 'clients.manage') === 'partial'
  return { ...linkedCaseScope(office, memberId), clientsOf: partialClients ? memberId : null }
}

/** The scope as conditions on `events`: the office, and the cases the member sees. */
export function inScope(scope: LinkedCaseScope): SQL {
  return and(eq(events.officeId, scope.officeId), linkedCaseVisible(events.caseId, scope)) as SQL
}

type ListQuery = ReturnType<typeof eventListQuery.parse>

/** Statuses that no longer happen: no reminder, not in the cards' counts. */
export const CLOSED_STATUSES: readonly EventStatus[] = ['cancelado', 'concluido']

const rowColumns = {
  id: events.id,
  titulo: events.titulo,
  tipo: events.tipo,
  status: events.status,
  prioridade: events.prioridade,
  inicio: events.inicio,
  diaInteiro: events.diaInteiro,
  local: events.local,
  descricao: events.descricao,
  lembreteMinutos: events.lembreteMinutos,
  prazo: events.prazo,
  avisoEm: events.avisoEm,
  visivelCliente: events.visivelCliente,
  createdAt: events.createdAt,
  updatedAt: events.updatedAt,
  casoId: cases.id,
  casoTitulo: cases.titulo,
  casoNumero: cases.numeroProcesso,
  clienteId: clients.id,
  clienteNome: clients.nomeCompleto,
}

type RawRow = Awaited<ReturnType<typeof selectRows>>[number]

export function toEventRow(row: RawRow): EventRow {
  const zoned = instantToZoned(row.inicio)
  return {
    id: row.id,
    titulo: row.titulo,
    tipo: row.tipo,
    status: row.status,
    prioridade: row.prioridade,
    inicio: row.inicio.toISOString(),
    diaInteiro: row.diaInteiro,
    data: zoned.data,
    hora: row.diaInteiro ? null : zoned.hora,
    local: row.local,
    descricao: row.descricao,
    lembreteMinutos: row.lembreteMinutos as ReminderMinutes | null,
    caso:
      row.casoId === null || row.casoTitulo === null
        ? null
        : { id: row.casoId, titulo: row.casoTitulo, numeroProcesso: row.casoNumero ?? null },
    cliente:
      row.clienteId === null || row.clienteNome === null
        ? null
        : { id: row.clienteId, nomeCompleto: row.clienteNome },
    prazo: row.prazo ?? null,
    avisoEm: row.avisoEm,
    visivelCliente: row.visivelCliente,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** The event rows with their case and client (the composite keys keep both in the same office). */
function selectRows(db: Executor) {
  return db
    .select(rowColumns)
    .from(events)
    .leftJoin(cases, and(eq(cases.officeId, events.officeId), eq(cases.id, events.caseId)))
    .leftJoin(clients, and(eq(clients.officeId, events.officeId), eq(clients.id, events.clientId)))
}

/** One event of the office (deleted ones only with `deleted: true`), or null. */
export async function getEvent(
  db: Executor,
  scope: AgendaScope,
  id: string,
  options: { deleted?: boolean } = {},
): Promise<EventRow | null> {
  const [row] = await selectRows(db).where(
    and(
      eq(events.id, id),
      inScope(scope),
      options.deleted ? sql`${events.deletedAt} is not null` : isNull(events.deletedAt),
    ),
  )
  return row ? toEventRow(row) : null
}

function listFilter(scope: AgendaScope, q: Partial<ListQuery>): SQL {
  const conditions: (SQL | undefined)[] = [inScope(scope), isNull(events.deletedAt)]
  if (q.from) conditions.push(gte(events.inicio, q.from))
  if (q.to) conditions.push(lt(events.inicio, q.to))
  if (q.tipo) conditions.push(eq(events.tipo, q.tipo))
  if (q.status) conditions.push(eq(events.status, q.status))
  if (q.caseId) conditions.push(eq(events.caseId, q.caseId))
  if (q.clientId) conditions.push(eq(events.clientId, q.clientId))
  return and(...conditions) as SQL
}

/** GET /events: ordered by inicio (then id, so pages are stable). */
export async function listEvents(db: Executor, scope: AgendaScope, q: ListQuery): Promise<EventList> {
  const where = listFilter(scope, q)
  const [rows, [total]] = await Promise.all([
    selectRows(db).where(where).orderBy(asc(events.inicio), asc(events.id)).limit(q.limit).offset(q.offset),
    db.select({ n: count() }).from(events).where(where),
  ])
  return { items: rows.map(toEventRow), total: total?.n ?? 0 }
}

/** The four cards, in one pass over the office's live events. */
export async function getStats(
  db: Executor,
  scope: AgendaScope,
  now: Date = new Date(),
): Promise<AgendaStats> {
  const in24h = new Date(now.getTime() + 86_400_000)
  const open = sql`${events.status} not in ('cancelado', 'concluido')`
  const [row] = await db
    .select({
      total: count(),
      prazos: sql<number>`count(*) filter (where ${events.tipo} = 'prazo' and ${open})`.mapWith(Number),
      proximas24h: sql<number>`count(*) filter (where ${events.status} <> 'cancelado'
        and ${events.inicio} >= ${now.toISOString()} and ${events.inicio} <= ${in24h.toISOString()})`.mapWith(
        Number,
      ),
      audiencias: sql<number>`count(*) filter (where ${events.tipo} = 'audiencia' and ${open})`.mapWith(
        Number,
      ),
    })
    .from(events)
    .where(and(inScope(scope), isNull(events.deletedAt)))
  return {
    total: row?.total ?? 0,
    prazos: row?.prazos ?? 0,
    proximas24h: row?.proximas24h ?? 0,
    audiencias: row?.audiencias ?? 0,
  }
}

/**
 * The office's upcoming events (not cancelled nor concluded) from `now`, optionally of one case or client:
 * the dashboard shortcut and the case/client sections. An all-day event stays upcoming all its day.
 */
export async function upcomingEventsFor(
  db: Executor,
  input: LinkedCaseScope & {
    caseId?: string
    clientId?: string
    limit?: number
    now?: Date
  },
): Promise<EventRow[]> {
  const now = input.now ?? new Date()
  const startOfDay = new Date(now.getTime() - 86_400_000)
  const conditions: SQL[] = [
    inScope(input),
    isNull(events.deletedAt),
    notInArray(events.status, [...CLOSED_STATUSES]),
    sql`(${events.inicio} >= ${now.toISOString()} or (${events.diaInteiro} and ${events.inicio} > ${startOfDay.toISOString()}))`,
  ]
  if (input.caseId) conditions.push(eq(events.caseId, input.caseId))
  if (input.clientId) conditions.push(eq(events.clientId, input.clientId))
  const rows = await selectRows(db)
    .where(and(...conditions))
    .orderBy(asc(events.inicio), asc(events.id))
    .limit(Math.min(input.limit ?? 5, 50))
  return rows.map(toEventRow)
}
export type { Executor }
