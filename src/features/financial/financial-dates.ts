// Month arithmetic on São Paulo wall dates ('YYYY-MM-DD') for installments, recurrence and the period selector.
// Pure string/UTC arithmetic: no time zone can shift a wall date here.

const pad = (n: number) => String(n).padStart(2, '0')

function parts(dateISO: string): [number, number, number] {
  const [y, m, d] = dateISO.split('-').map(Number)
  if (!y || !m || !d) throw new RangeError(`data inválida: ${dateISO}`)
  return [y, m, d]
}

/** Days in a month (month 1..12). */
function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate()
}

/**
 * The same day `months` months later, clamped to the month's last day: 31/01 + 1 → 28/02 (29 in a leap year),
 * 31/01 + 2 → 31/03 (counted from the original day, so a series does not drift to the 28th).
 */
export function addMonthsISO(dateISO: string, months: number): string {
  const [y, m, d] = parts(dateISO)
  const index = y * 12 + (m - 1) + months
  const year = Math.floor(index / 12)
  const month = (index % 12) + 1
  return `${year}-${pad(month)}-${pad(Math.min(d, daysInMonth(year, month)))}`
}

/** Whole months from `from` to `to` by calendar month ('2026-01-31' → '2026-03-01' is 2). */
export function monthsBetween(from: string, to: string): number {
  const [y1, m1] = parts(from)
  const [y2, m2] = parts(to)
  return (y2 - y1) * 12 + (m2 - m1)
}

export function monthStartISO(dateISO: string): string {
  return `${dateISO.slice(0, 7)}-01`
}

export function monthEndISO(dateISO: string): string {
  const [y, m] = parts(dateISO)
  return `${y}-${pad(m)}-${pad(daysInMonth(y, m))}`
}

/** 'YYYY-MM' of the 12 months ending with the month of `dateISO`, oldest first. */
export function last12Months(dateISO: string): string[] {
  const start = addMonthsISO(monthStartISO(dateISO), -11)
  return Array.from({ length: 12 }, (_, i) => addMonthsISO(start, i).slice(0, 7))
}

/**
 * A period cut for the rollups (decision 019): the whole months inside it (first days of the first and last,
 * inclusive) and the partial months at its edges, read from the entries themselves.
 */
export function splitPeriod(period: { from: string; to: string }): {
  months: { from: string; to: string } | null
  edges: { from: string; to: string }[]
} {
  const dayBefore = (dateISO: string) => {
    const date = new Date(`${dateISO}T00:00:00Z`)
    date.setUTCDate(date.getUTCDate() - 1)
    return date.toISOString().slice(0, 10)
  }
  const first =
    period.from === monthStartISO(period.from) ? period.from : addMonthsISO(monthStartISO(period.from), 1)
  const last =
    period.to === monthEndISO(period.to)
      ? monthStartISO(period.to)
      : addMonthsISO(monthStartISO(period.to), -1)
  if (first > last) return { months: null, edges: [period] }
  const edges: { from: string; to: string }[] = []
  if (period.from < first) edges.push({ from: period.from, to: dayBefore(first) })
  const afterLast = addMonthsISO(last, 1)
  if (afterLast <= period.to) edges.push({ from: afterLast, to: period.to })
  return { months: { from: first, to: last }, edges }
}
