/**
 * Date helpers for pt-BR display.
 *
 * Two kinds of values flow through the app and must not be confused:
 * - calendar dates ('2026-03-05', e.g. a prazo or a hearing day): handled as strings/UTC arithmetic
 *   only, never through `new Date('2026-03-05')`, which is UTC midnight and shows as 04/03 in Brazil;
 * - instants (Date, or ISO strings with a time): shown in America/Sao_Paulo by default, not in the
 *   runtime's zone, so a server in UTC and a browser abroad render the same wall-clock time.
 */

export const BR_TIME_ZONE = 'America/Sao_Paulo'

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const DAY_MS = 86_400_000

function isRealDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false
  // Date.UTC rolls 31/02 over to March, so a round trip tells real dates apart (leap years included).
  const probe = new Date(Date.UTC(year, month - 1, day))
  return probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day
}

function splitIsoDate(value: string): [number, number, number] | null {
  const match = ISO_DATE.exec(value)
  if (match === null) return null
  const year = Number(match[1])
  const month = Number(match[2])
  const day = Number(match[3])
  return isRealDate(year, month, day) ? [year, month, day] : null
}

/** 'YYYY-MM-DD' naming a real calendar day ('2026-02-31' → false). */
export function isIsoDate(value: unknown): value is string {
  return typeof value === 'string' && splitIsoDate(value) !== null
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>()

function zonedParts(date: Date, timeZone: string): Record<string, string> {
  let formatter = partsFormatters.get(timeZone)
  if (formatter === undefined) {
    // en-US with numeric parts is only used as a stable machine-readable source; h23 avoids the
    // '24:00' midnight some engines produce with hour12: false.
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
    partsFormatters.set(timeZone, formatter)
  }
  const parts: Record<string, string> = {}
  for (const part of formatter.formatToParts(date)) parts[part.type] = part.value
  return parts
}

function toInstant(value: string | Date): Date | null {
  const date = typeof value === 'string' ? new Date(value) : value
  return Number.isNaN(date.getTime()) ? null : date
}

/** Calendar date ('YYYY-MM-DD') of an instant in a time zone (default America/Sao_Paulo). */
export function toISODate(value: Date, timeZone: string = BR_TIME_ZONE): string {
  const p = zonedParts(value, timeZone)
  return `${p.year ?? ''}-${p.month ?? ''}-${p.day ?? ''}`
}

/** Today's calendar date in São Paulo (or `timeZone`); `now` is injectable for tests. */
export function todayISO(options: { timeZone?: string | undefined; now?: Date | undefined } = {}): string {
  return toISODate(options.now ?? new Date(), options.timeZone ?? BR_TIME_ZONE)
}

/**
 * '2026-03-05' → '05/03/2026' without any time-zone shift. Dates and datetime strings are shown
 * as their São Paulo (or `timeZone`) calendar day. Invalid/missing → ''.
 */
export function formatDateBR(
  value: string | Date | null | undefined,
  options: { timeZone?: string | undefined } = {},
): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') {
    const trimmed = value.trim()
    if (ISO_DATE.test(trimmed)) {
      const parts = splitIsoDate(trimmed)
      if (parts === null) return ''
      const [year, month, day] = parts
      return `${String(day).padStart(2, '0')}/${String(month).padStart(2, '0')}/${String(year).padStart(4, '0')}`
    }
  }
  const date = toInstant(value)
  if (date === null) return ''
  const p = zonedParts(date, options.timeZone ?? BR_TIME_ZONE)
  return `${p.day ?? ''}/${p.month ?? ''}/${p.year ?? ''}`
}

/**
 * Instant → '05/03/2026 14:30' in São Paulo (or `timeZone`). A date-only string has no time to
 * show and renders like `formatDateBR`. Invalid/missing → ''.
 */
export function formatDateTimeBR(
  value: string | Date | null | undefined,
  options: { timeZone?: string | undefined } = {},
): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string' && ISO_DATE.test(value.trim())) return formatDateBR(value)
  const date = toInstant(value)
  if (date === null) return ''
  const p = zonedParts(date, options.timeZone ?? BR_TIME_ZONE)
  return `${p.day ?? ''}/${p.month ?? ''}/${p.year ?? ''} ${p.hour ?? ''}:${p.minute ?? ''}`
}

/**
 * '05/03/2026' (also '5/3/2026', '05-03-2026', '05.03.2026') → '2026-03-05'; impossible dates
 * ('31/02/2026', '29/02/2025') and 2-digit years → null.
 */
export function parseDateBR(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null
  const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value.trim())
  if (match === null) return null
  const day = Number(match[1])
  const month = Number(match[2])
  const year = Number(match[3])
  if (!isRealDate(year, month, day)) return null
  return `${match[3]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

function isoToUtcMs(dateISO: string): number {
  const parts = splitIsoDate(dateISO)
  if (parts === null) throw new TypeError(`Invalid ISO date: "${dateISO}"`)
  const [year, month, day] = parts
  return Date.UTC(year, month - 1, day)
}

function utcMsToIso(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10)
}

/** Calendar arithmetic on 'YYYY-MM-DD' (UTC-based, so no DST/zone surprises). Throws on invalid input. */
export function addDaysISO(dateISO: string, days: number): string {
  return utcMsToIso(isoToUtcMs(dateISO) + Math.trunc(days) * DAY_MS)
}

/** Whole days from `from` to `to` ('2026-03-01' → '2026-03-05' is 4). Throws on invalid input. */
export function diffDaysISO(from: string, to: string): number {
  return Math.round((isoToUtcMs(to) - isoToUtcMs(from)) / DAY_MS)
}

/** 0 = Sunday … 6 = Saturday, like Date#getDay. Throws on invalid input. */
export function dayOfWeekISO(dateISO: string): number {
  return new Date(isoToUtcMs(dateISO)).getUTCDay()
}

const relativeFormatters = new Map<string, Intl.RelativeTimeFormat>()

function relativeFormatter(numeric: 'always' | 'auto'): Intl.RelativeTimeFormat {
  let formatter = relativeFormatters.get(numeric)
  if (formatter === undefined) {
    formatter = new Intl.RelativeTimeFormat('pt-BR', { numeric })
    relativeFormatters.set(numeric, formatter)
  }
  return formatter
}

/**
 * 'há 2 dias', 'em 3 horas', 'há 5 meses'. Instants are compared with `now` (seconds → minutes →
 * hours → days → months → years). Date-only strings are compared as calendar days with today in
 * São Paulo, so a prazo on '2026-03-07' reads 'em 2 dias' all day on 03/05 regardless of the hour.
 * Same moment/day → 'agora'/'hoje'. `numeric: 'auto'` gives 'ontem'/'amanhã'/'anteontem' instead
 * of 'há 1 dia'. Invalid/missing → ''.
 */
export function formatRelativeBR(
  value: string | Date | null | undefined,
  options: {
    now?: Date | undefined
    numeric?: 'always' | 'auto' | undefined
    timeZone?: string | undefined
  } = {},
): string {
  if (value === null || value === undefined) return ''
  const now = options.now ?? new Date()
  const rtf = relativeFormatter(options.numeric ?? 'always')

  if (typeof value === 'string' && ISO_DATE.test(value.trim())) {
    const target = value.trim()
    if (!isIsoDate(target)) return ''
    const days = diffDaysISO(todayISO({ now, timeZone: options.timeZone }), target)
    if (days === 0) return relativeFormatter('auto').format(0, 'day')
    const abs = Math.abs(days)
    if (abs < 30) return rtf.format(days, 'day')
    if (abs < 365) return rtf.format(Math.round(days / 30.4375), 'month')
    return rtf.format(Math.round(days / 365.25), 'year')
  }

  const date = toInstant(value)
  if (date === null) return ''
  const seconds = (date.getTime() - now.getTime()) / 1000
  const abs = Math.abs(seconds)
  if (abs < 45) return relativeFormatter('auto').format(0, 'second')
  if (abs < 45 * 60) return rtf.format(Math.round(seconds / 60) || Math.sign(seconds), 'minute')
  if (abs < 22 * 3600) return rtf.format(Math.round(seconds / 3600), 'hour')
  const days = seconds / 86_400
  if (Math.abs(days) < 26) return rtf.format(Math.round(days), 'day')
  if (Math.abs(days) < 320) return rtf.format(Math.round(days / 30.4375), 'month')
  return rtf.format(Math.round(days / 365.25) || Math.sign(days), 'year')
}
