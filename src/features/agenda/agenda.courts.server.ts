import { and, eq, gte, lte, sql } from 'drizzle-orm'
import { COURT_CALENDARS, courtClosedDays, findCourtCalendar } from '../../lib/br/court-calendars'
import { calcularPrazo, type DiaFechado } from '../../lib/br/deadline'
import { addBusinessDays } from '../../lib/br/holidays'
import { ApiError, notFound } from '../../platform/http-error.server'
import { setOfficePrazoAvisoDias } from '../offices/offices.public.server'
import { offices } from '../offices/offices.table.server'
import {
  AGENDA_MESSAGES,
  type CourtClosedDay,
  type CourtClosedDays,
  type CourtInfo,
  type PrazoCalcResult,
} from './agenda.schema'
import type { Executor } from './agenda.service.server'
import { courtClosedDays as closedDaysTable } from './agenda.table.server'

// Per-court calendars of an office (issue 9). The calendar served is the seeds of lib/br/court-calendars.ts
// merged with the office's rows of court_closed_days: an office row adds a closed day; an office row with
// `removido` hides a seeded day (tombstone). Nothing is copied into the table, so a better seed reaches every
// office at once and the table holds only what the office decided.

const byDate = (a: { data: string }, b: { data: string }) => (a.data < b.data ? -1 : a.data > b.data ? 1 : 0)

/** The courts the office can pick: every seeded court plus those the office gave closed days of its own. */
export async function listCourts(db: Executor, officeId: string): Promise<CourtInfo[]> {
  const courts: CourtInfo[] = COURT_CALENDARS.map((court) => ({
    id: court.id,
    nome: court.nome,
    fonte: court.fonte,
    seeded: true,
  }))
  const own = await db
    .selectDistinct({ tribunal: closedDaysTable.tribunal })
    .from(closedDaysTable)
    .where(and(eq(closedDaysTable.officeId, officeId), eq(closedDaysTable.removido, false)))
  for (const { tribunal } of own) {
    if (!courts.some((court) => court.id === tribunal)) {
      courts.push({ id: tribunal, nome: tribunal, fonte: null, seeded: false })
    }
  }
  return courts
}

/** The merged closed days of a court from `fromYear` to `toYear` inclusive, sorted. */
export async function officeCourtCalendar(
  db: Executor,
  officeId: string,
  tribunal: string,
  fromYear: number,
  toYear: number,
): Promise<CourtClosedDay[]> {
  const rows = await db
    .select({
      data: closedDaysTable.data,
      motivo: closedDaysTable.motivo,
      removido: closedDaysTable.removido,
    })
    .from(closedDaysTable)
    .where(
      and(
        eq(closedDaysTable.officeId, officeId),
        eq(closedDaysTable.tribunal, tribunal),
        gte(closedDaysTable.data, `${fromYear}-01-01`),
        lte(closedDaysTable.data, `${toYear}-12-31`),
      ),
    )
  const office = new Map(rows.map((row) => [row.data, row]))
  const days: CourtClosedDay[] = []
  for (const seed of courtClosedDays(tribunal, fromYear, toYear)) {
    if (!office.has(seed.data)) days.push({ ...seed, origem: 'seed' })
  }
  for (const row of rows)
    if (!row.removido) days.push({ data: row.data, motivo: row.motivo, origem: 'office' })
  return days.sort(byDate)
}

export async function closedDaysOfYear(
  db: Executor,
  officeId: string,
  tribunal: string,
  year: number,
): Promise<CourtClosedDays> {
  return { tribunal, year, days: await officeCourtCalendar(db, officeId, tribunal, year, year) }
}

const isSeeded = (tribunal: string, data: string) =>
  courtClosedDays(tribunal, Number(data.slice(0, 4)), Number(data.slice(0, 4))).some(
    (day) => day.data === data,
  )

/** Closes a day of a court (or reopens a seeded day's closure the office had removed). 409 if already closed. */
export async function addClosedDay(
  db: Executor,
  officeId: string,
  userId: string,
  tribunal: string,
  day: DiaFechado,
): Promise<void> {
  const [existing] = await db
    .select({ removido: closedDaysTable.removido })
    .from(closedDaysTable)
    .where(
      and(
        eq(closedDaysTable.officeId, officeId),
        eq(closedDaysTable.tribunal, tribunal),
        eq(closedDaysTable.data, day.data),
      ),
    )
    .for('update')
  const closed = existing ? !existing.removido : isSeeded(tribunal, day.data)
  if (closed) throw new ApiError(409, 'conflict', AGENDA_MESSAGES.closedDayExists)
  await db
    .insert(closedDaysTable)
    .values({ officeId, tribunal, data: day.data, motivo: day.motivo, createdBy: userId })
    .onConflictDoUpdate({
      target: [closedDaysTable.officeId, closedDaysTable.tribunal, closedDaysTable.data],
      set: { motivo: day.motivo, removido: false, createdBy: userId, createdAt: sql`now()` },
    })
}

/** Opens a closed day: deletes the office's own row, or stores a tombstone over a seeded day. 404 if open. */
export async function removeClosedDay(
  db: Executor,
  officeId: string,
  tribunal: string,
  data: string,
): Promise<void> {
  const where = and(
    eq(closedDaysTable.officeId, officeId),
    eq(closedDaysTable.tribunal, tribunal),
    eq(closedDaysTable.data, data),
  )
  const [existing] = await db
    .select({ removido: closedDaysTable.removido })
    .from(closedDaysTable)
    .where(where)
    .for('update')
  const seeded = isSeeded(tribunal, data)
  if (existing ? existing.removido : !seeded) throw notFound(AGENDA_MESSAGES.closedDayNotFound)
  if (!seeded) {
    await db.delete(closedDaysTable).where(where)
    return
  }
  const motivo = 'Dia reaberto pelo escritório'
  await db
    .insert(closedDaysTable)
    .values({ officeId, tribunal, data, motivo, removido: true })
    .onConflictDoUpdate({
      target: [closedDaysTable.officeId, closedDaysTable.tribunal, closedDaysTable.data],
      set: { motivo, removido: true },
    })
}

/** The office's early-warning setting (business days before a prazo's due day). */
export async function prazoAvisoDias(db: Executor, officeId: string): Promise<number> {
  const [row] = await db
    .select({ dias: offices.prazoAvisoDias })
    .from(offices)
    .where(eq(offices.id, officeId))
  return row?.dias ?? 2
}

/** Changes the early-warning setting; returns the previous value (for the audit row). */
export async function setPrazoAvisoDias(db: Executor, officeId: string, dias: number): Promise<number> {
  const previous = await prazoAvisoDias(db, officeId)
  await setOfficePrazoAvisoDias(db, officeId, dias)
  return previous
}

/**
 * The engine with the office's calendar of `tribunal` (national holidays only without one). A 365-day prazo
 * crossing a recess ends about 1.7 years on, so three calendar years cover any prazo.
 */
export async function computePrazo(
  db: Executor,
  officeId: string,
  input: { disponibilizacao: string; dias: number; tribunal?: string | undefined },
): Promise<PrazoCalcResult> {
  const tribunal = input.tribunal ?? null
  const year = Number(input.disponibilizacao.slice(0, 4))
  const calendar = tribunal === null ? [] : await officeCourtCalendar(db, officeId, tribunal, year, year + 2)
  const result = calcularPrazo({
    disponibilizacao: input.disponibilizacao,
    dias: input.dias,
    courtCalendar: calendar.map(({ data, motivo }) => ({ data, motivo })),
  })
  const avisoDias = await prazoAvisoDias(db, officeId)
  // The warning is for the office, not a procedural count: plain business days of that court, before
  // the due day (a warning that lands in the recess is only earlier, never later).
  const avisoEm =
    avisoDias > 0
      ? addBusinessDays(result.vencimento, -avisoDias, { extraHolidays: calendar.map((day) => day.data) })
      : result.vencimento
  return {
    disponibilizacao: input.disponibilizacao,
    dias: input.dias,
    tribunal: tribunal === null ? null : (findCourtCalendar(tribunal)?.id ?? tribunal),
    ...result,
    avisoEm,
    avisoDias,
  }
}
