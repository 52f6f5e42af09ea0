import { and, desc, eq, gte, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import { formatDateBR } from '../../lib/br/dates'
import { ApiError, notFound } from '../../platform/http-error.server'
import { cases } from '../cases/cases.table.server'
import { caseScope, responsibleFor } from '../cases/cases.public.server'
import type { NivelAcesso } from '../offices/offices.public'
import { officeMembers } from '../offices/offices.table.server'
import {
  TIMESHEET_LIMITS,
  TIMESHEET_MESSAGES,
  type TimeEntryDto,
  type TimesheetList,
  type WeekTotal,
} from './timesheet.schema'
import { timeEntries } from './timesheet.table.server'

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]
type Executor = Database | Tx

/** Who records time: the request's current membership (c.get('office')). */
export interface TimesheetActor {
  officeId: string
  memberId: string
  nivelAcesso: NivelAcesso
}

const SP = sql.raw(`'America/Sao_Paulo'`)
const badRequest = (message: string) => new ApiError(400, 'validation', message)

const entryColumns = {
  id: timeEntries.id,
  caseId: timeEntries.caseId,
  caseTitulo: cases.titulo,
  data: timeEntries.data,
  inicio: timeEntries.inicio,
  fim: timeEntries.fim,
  minutos: timeEntries.minutos,
  descricao: timeEntries.descricao,
  faturavel: timeEntries.faturavel,
}

type EntryRow = { inicio: Date | null; fim: Date | null } & Omit<TimeEntryDto, 'inicio' | 'fim'>

const toDto = (row: EntryRow): TimeEntryDto => ({
  ...row,
  inicio: row.inicio ? row.inicio.toISOString() : null,
  fim: row.fim ? row.fim.toISOString() : null,
})

const mine = (actor: TimesheetActor): SQL =>
  and(
    eq(timeEntries.officeId, actor.officeId),
    eq(timeEntries.memberId, actor.memberId),
    isNull(timeEntries.deletedAt),
  ) as SQL

const running = and(isNotNull(timeEntries.inicio), isNull(timeEntries.fim)) as SQL

/**
 * One writer per member at a time: the overlap and one-timer rules read the member's rows and then write,
 * so two tabs must not interleave. The lock is the member's own row (no key update: nothing else waits).
 */
async function lockMember(tx: Tx, actor: TimesheetActor): Promise<void> {
  await tx
    .select({ id: officeMembers.id })
    .from(officeMembers)
    .where(eq(officeMembers.id, actor.memberId))
    .for('no key update')
}

/** A case of the office the member may see (the cases feature's rule: an estagiário only theirs). */
async function assertVisibleCase(db: Executor, actor: TimesheetActor, caseId: string): Promise<void> {
  const scope = caseScope({ id: actor.officeId, nivelAcesso: actor.nivelAcesso }, actor.memberId)
  const conditions = [eq(cases.officeId, actor.officeId), eq(cases.id, caseId), isNull(cases.deletedAt)]
  if (scope.restrictTo) conditions.push(responsibleFor(actor.officeId, scope.restrictTo))
  const [found] = await db
    .select({ id: cases.id })
    .from(cases)
    .where(and(...conditions))
  if (!found) throw new ApiError(404, 'not_found', TIMESHEET_MESSAGES.caseNotFound)
}

async function entryById(db: Executor, actor: TimesheetActor, id: string): Promise<TimeEntryDto> {
  const [row] = await db
    .select(entryColumns)
    .from(timeEntries)
    .innerJoin(cases, eq(cases.id, timeEntries.caseId))
    .where(and(mine(actor), eq(timeEntries.id, id)))
  if (!row) throw notFound(TIMESHEET_MESSAGES.entryNotFound)
  return toDto(row)
}

export async function getRunningTimer(db: Executor, actor: TimesheetActor): Promise<TimeEntryDto | null> {
  const [row] = await db
    .select(entryColumns)
    .from(timeEntries)
    .innerJoin(cases, eq(cases.id, timeEntries.caseId))
    .where(and(mine(actor), running))
  return row ? toDto(row) : null
}

export async function startTimer(
  db: Database,
  actor: TimesheetActor,
  input: { caseId: string; descricao: string; faturavel: boolean },
): Promise<TimeEntryDto> {
  return db.transaction(async (tx) => {
    await lockMember(tx, actor)
    await assertVisibleCase(tx, actor, input.caseId)
    if (await getRunningTimer(tx, actor)) throw new ApiError(409, 'conflict', TIMESHEET_MESSAGES.running)
    const [created] = await tx
      .insert(timeEntries)
      .values({
        officeId: actor.officeId,
        memberId: actor.memberId,
        caseId: input.caseId,
        data: sql`(now() at time zone ${SP})::date`,
        inicio: sql`now()`,
        descricao: input.descricao,
        faturavel: input.faturavel,
      })
      .returning({ id: timeEntries.id })
    if (!created) throw new Error('time entry insert returned nothing')
    return entryById(tx, actor, created.id)
  })
}

/**
 * Stops the running timer: its minutes are the elapsed time, rounded, at least 1. A timer forgotten for
 * more than a day stops at 24 hours (the most one entry may hold); the member corrects or deletes it.
 */
export async function stopTimer(db: Database, actor: TimesheetActor): Promise<TimeEntryDto> {
  return db.transaction(async (tx) => {
    await lockMember(tx, actor)
    const current = await getRunningTimer(tx, actor)
    if (!current) throw new ApiError(409, 'conflict', TIMESHEET_MESSAGES.notRunning)
    const fim = sql`least(clock_timestamp(), ${timeEntries.inicio} + interval '${sql.raw(String(TIMESHEET_LIMITS.maxMinutos))} minutes')`
    await tx
      .update(timeEntries)
      .set({
        fim: sql`greatest(${fim}, ${timeEntries.inicio} + interval '1 second')`,
        minutos: sql`greatest(1, round(extract(epoch from (${fim} - ${timeEntries.inicio})) / 60))::int`,
        updatedAt: sql`now()`,
      })
      .where(and(mine(actor), eq(timeEntries.id, current.id)))
    return entryById(tx, actor, current.id)
  })
}

export async function createManualEntry(
  db: Database,
  actor: TimesheetActor,
  input: {
    caseId: string
    data: string
    minutos: number
    horaInicio: string | null
    descricao: string
    faturavel: boolean
  },
): Promise<TimeEntryDto> {
  return db.transaction(async (tx) => {
    await lockMember(tx, actor)
    await assertVisibleCase(tx, actor, input.caseId)
    const [day] = await tx
      .select({ total: sql<number>`coalesce(sum(${timeEntries.minutos}), 0)::int` })
      .from(timeEntries)
      .where(and(mine(actor), eq(timeEntries.data, input.data)))
    if ((day?.total ?? 0) + input.minutos > TIMESHEET_LIMITS.maxMinutos)
      throw badRequest(TIMESHEET_MESSAGES.dayFull)
    let inicio: SQL | null = null
    let fim: SQL | null = null
    if (input.horaInicio) {
      inicio = sql`((${input.data}::date + ${input.horaInicio}::time) at time zone ${SP})`
      fim = sql`(${inicio} + make_interval(mins => ${input.minutos}::int))`
      // Half-open ranges: an entry may start the minute another ends. A running timer runs until now.
      const [clash] = await tx
        .select({ id: timeEntries.id })
        .from(timeEntries)
        .where(
          and(
            mine(actor),
            isNotNull(timeEntries.inicio),
            sql`tstzrange(${timeEntries.inicio}, coalesce(${timeEntries.fim}, now())) && tstzrange(${inicio}, ${fim})`,
          ),
        )
        .limit(1)
      if (clash) throw badRequest(TIMESHEET_MESSAGES.overlap)
    }
    const [created] = await tx
      .insert(timeEntries)
      .values({
        officeId: actor.officeId,
        memberId: actor.memberId,
        caseId: input.caseId,
        data: input.data,
        inicio,
        fim,
        minutos: input.minutos,
        descricao: input.descricao,
        faturavel: input.faturavel,
      })
      .returning({ id: timeEntries.id })
    if (!created) throw new Error('time entry insert returned nothing')
    return entryById(tx, actor, created.id)
  })
}

/** Soft-deletes one of the member's own entries (a running timer too: that discards it). */
export async function deleteEntry(db: Database, actor: TimesheetActor, id: string): Promise<void> {
  const rows = await db
    .update(timeEntries)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(mine(actor), eq(timeEntries.id, id)))
    .returning({ id: timeEntries.id })
  if (rows.length === 0) throw notFound(TIMESHEET_MESSAGES.entryNotFound)
}

const MAX_LISTED = 2000

const inPeriod = (from: string, to: string) =>
  and(gte(timeEntries.data, from), lte(timeEntries.data, to)) as SQL

/** 'Minhas horas': the member's entries of a period (newest first) and its totals per ISO week. */
export async function listEntries(
  db: Database,
  actor: TimesheetActor,
  from: string,
  to: string,
): Promise<TimesheetList> {
  const weekStart = sql<string>`to_char(date_trunc('week', ${timeEntries.data}::timestamp), 'YYYY-MM-DD')`
  const [rows, weeks] = await Promise.all([
    db
      .select(entryColumns)
      .from(timeEntries)
      .innerJoin(cases, eq(cases.id, timeEntries.caseId))
      .where(and(mine(actor), inPeriod(from, to)))
      .orderBy(
        desc(timeEntries.data),
        sql`${timeEntries.inicio} desc nulls last`,
        desc(timeEntries.createdAt),
      )
      .limit(MAX_LISTED),
    db
      .select({
        weekStart,
        minutos: sql<number>`coalesce(sum(${timeEntries.minutos}), 0)::int`,
        faturavelMinutos: sql<number>`coalesce(sum(${timeEntries.minutos}) filter (where ${timeEntries.faturavel}), 0)::int`,
      })
      .from(timeEntries)
      .where(and(mine(actor), inPeriod(from, to)))
      .groupBy(weekStart)
      .orderBy(sql`1 desc`),
  ])
  const weekTotals: WeekTotal[] = weeks.map((w) => ({ ...w }))
  return {
    entries: rows.map(toDto),
    weeks: weekTotals,
    totalMinutos: weekTotals.reduce((sum, w) => sum + w.minutos, 0),
  }
}

const CSV_BATCH = 500

/** The CSV of a period, batch by batch (keyset on (data, id)). */
export async function* entryCsvRows(
  db: Database,
  actor: TimesheetActor,
  from: string,
  to: string,
): AsyncGenerator<(string | number)[][]> {
  let after: { data: string; id: string } | null = null
  for (;;) {
    const cursor: SQL | undefined = after
      ? sql`(${timeEntries.data}, ${timeEntries.id}) > (${after.data}::date, ${after.id}::uuid)`
      : undefined
    const rows: EntryRow[] = await db
      .select(entryColumns)
      .from(timeEntries)
      .innerJoin(cases, eq(cases.id, timeEntries.caseId))
      .where(and(mine(actor), inPeriod(from, to), isNotNull(timeEntries.minutos), cursor))
      .orderBy(timeEntries.data, timeEntries.id)
      .limit(CSV_BATCH)
    if (rows.length === 0) return
    yield rows.map((r) => [
      formatDateBR(r.data),
      r.caseTitulo,
      r.descricao,
      r.minutos ?? 0,
      ((r.minutos ?? 0) / 60).toFixed(2).replace('.', ','),
      r.faturavel ? 'Sim' : 'Não',
    ])
    const last: EntryRow | undefined = rows[rows.length - 1]
    if (!last || rows.length < CSV_BATCH) return
    after = { data: last.data, id: last.id }
  }
}

/** The team page: hours recorded this month (São Paulo calendar) per member id, stopped entries only. */
export async function hoursThisMonthByMember(db: Executor, officeId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({
      memberId: timeEntries.memberId,
      minutos: sql<number>`sum(${timeEntries.minutos})::int`,
    })
    .from(timeEntries)
    .where(
      and(
        eq(timeEntries.officeId, officeId),
        isNull(timeEntries.deletedAt),
        sql`${timeEntries.data} >= date_trunc('month', now() at time zone ${SP})::date`,
        sql`${timeEntries.data} < (date_trunc('month', now() at time zone ${SP}) + interval '1 month')::date`,
      ),
    )
    .groupBy(timeEntries.memberId)
  return new Map(rows.map((r) => [r.memberId, Math.round((r.minutos / 60) * 10) / 10]))
}
