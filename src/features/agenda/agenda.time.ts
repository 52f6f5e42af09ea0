import { BR_TIME_ZONE } from '../../lib/br/dates'

// America/Sao_Paulo wall time ↔ instants, with Intl only (no date library). Brazil has had no DST since
// 2019, but events may be dated before that, so the offset is looked up for the instant itself.

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone)
  if (f === undefined) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
    formatters.set(timeZone, f)
  }
  return f
}

interface WallParts {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

function wallParts(instantMs: number, timeZone: string): WallParts {
  const parts: Record<string, number> = {}
  for (const part of formatter(timeZone).formatToParts(new Date(instantMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value)
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 0,
    day: parts.day ?? 0,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  }
}

/** The zone's offset from UTC at an instant, in ms (São Paulo today: −3 h). */
function offsetAt(instantMs: number, timeZone: string): number {
  const p = wallParts(instantMs, timeZone)
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second)
  return asUtc - (instantMs - (instantMs % 1000))
}

/**
 * 'YYYY-MM-DD' + 'HH:MM' (null = 00:00) in São Paulo → the instant. A wall time skipped by a DST
 * change (a spring-forward midnight before 2019) resolves to the first instant after the gap.
 */
export function zonedToInstant(data: string, hora: string | null, timeZone: string = BR_TIME_ZONE): Date {
  const [year, month, day] = data.split('-').map(Number) as [number, number, number]
  const [hour, minute] = (hora ?? '00:00').split(':').map(Number) as [number, number]
  const wallAsUtc = Date.UTC(year, month - 1, day, hour, minute)
  // Two passes: the offset at the first guess may differ from the offset at the answer near a change.
  let instant = wallAsUtc - offsetAt(wallAsUtc, timeZone)
  const second = wallAsUtc - offsetAt(instant, timeZone)
  if (second !== instant) {
    const p = wallParts(second, timeZone)
    instant = p.hour === hour && p.minute === minute ? second : Math.max(instant, second)
  }
  return new Date(instant)
}

const pad = (n: number) => String(n).padStart(2, '0')

/** An instant → its São Paulo date 'YYYY-MM-DD' and time 'HH:MM'. */
export function instantToZoned(value: Date, timeZone: string = BR_TIME_ZONE): { data: string; hora: string } {
  const p = wallParts(value.getTime(), timeZone)
  return { data: `${p.year}-${pad(p.month)}-${pad(p.day)}`, hora: `${pad(p.hour)}:${pad(p.minute)}` }
}
