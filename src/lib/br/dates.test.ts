import { afterEach, beforeEach, describe, it, expect } from 'vitest'
import {
  addDaysISO,
  dayOfWeekISO,
  diffDaysISO,
  formatDateBR,
  formatDateTimeBR,
  formatRelativeBR,
  isIsoDate,
  parseDateBR,
  toISODate,
  todayISO,
} from './dates'

describe('with the runtime in a zone far from Brazil', () => {
  // Proves nothing depends on the runtime's zone: date-only strings must not shift, instants
  // must render in São Paulo time. Node re-reads TZ when it changes.
  const originalTz = process.env.TZ
  beforeEach(() => {
    process.env.TZ = 'Pacific/Honolulu'
  })
  afterEach(() => {
    if (originalTz === undefined) delete process.env.TZ
    else process.env.TZ = originalTz
  })

  it('formats date-only strings without shifting', () => {
    expect(formatDateBR('2026-03-05')).toBe('05/03/2026')
    expect(formatDateBR('2026-01-01')).toBe('01/01/2026')
  })

  it('renders instants in São Paulo time', () => {
    // 02:30 UTC is still the previous evening in São Paulo (UTC-3).
    expect(formatDateBR(new Date('2026-03-05T02:30:00Z'))).toBe('04/03/2026')
    expect(formatDateTimeBR(new Date('2026-03-05T02:30:00Z'))).toBe('04/03/2026 23:30')
    expect(todayISO({ now: new Date('2026-03-05T02:30:00Z') })).toBe('2026-03-04')
  })
})

describe('formatDateBR', () => {
  it('formats date-only strings and Dates', () => {
    expect(formatDateBR('2026-12-31')).toBe('31/12/2026')
    expect(formatDateBR(' 2024-02-29 ')).toBe('29/02/2024')
    expect(formatDateBR(new Date('2026-03-05T15:00:00Z'))).toBe('05/03/2026')
    expect(formatDateBR('2026-03-05T15:00:00-03:00')).toBe('05/03/2026')
  })

  it('honours another time zone for instants', () => {
    expect(formatDateBR(new Date('2026-03-05T02:30:00Z'), { timeZone: 'UTC' })).toBe('05/03/2026')
    // Manaus is UTC-4.
    expect(formatDateBR(new Date('2026-03-05T03:30:00Z'), { timeZone: 'America/Manaus' })).toBe('04/03/2026')
  })

  it('returns empty for invalid input', () => {
    expect(formatDateBR('2026-02-31')).toBe('')
    expect(formatDateBR('2026-13-01')).toBe('')
    expect(formatDateBR('not a date')).toBe('')
    expect(formatDateBR(new Date('nope'))).toBe('')
    expect(formatDateBR(null)).toBe('')
    expect(formatDateBR(undefined)).toBe('')
  })
})

describe('formatDateTimeBR', () => {
  it('formats instants with 24h time in São Paulo', () => {
    expect(formatDateTimeBR(new Date('2026-03-05T17:30:00Z'))).toBe('05/03/2026 14:30')
    expect(formatDateTimeBR('2026-03-05T03:05:00Z')).toBe('05/03/2026 00:05')
    expect(formatDateTimeBR(new Date('2026-03-05T17:30:00Z'), { timeZone: 'UTC' })).toBe('05/03/2026 17:30')
  })

  it('renders date-only strings as a date and invalid input as empty', () => {
    expect(formatDateTimeBR('2026-03-05')).toBe('05/03/2026')
    expect(formatDateTimeBR('garbage')).toBe('')
    expect(formatDateTimeBR(null)).toBe('')
  })
})

describe('parseDateBR', () => {
  it('parses dd/mm/yyyy into an ISO date', () => {
    expect(parseDateBR('05/03/2026')).toBe('2026-03-05')
    expect(parseDateBR('5/3/2026')).toBe('2026-03-05')
    expect(parseDateBR(' 31/12/2026 ')).toBe('2026-12-31')
    expect(parseDateBR('05-03-2026')).toBe('2026-03-05')
    expect(parseDateBR('05.03.2026')).toBe('2026-03-05')
    expect(parseDateBR('29/02/2024')).toBe('2024-02-29')
  })

  it('rejects impossible dates and other shapes', () => {
    expect(parseDateBR('31/02/2026')).toBeNull()
    expect(parseDateBR('29/02/2025')).toBeNull()
    expect(parseDateBR('29/02/1900')).toBeNull()
    expect(parseDateBR('31/04/2026')).toBeNull()
    expect(parseDateBR('00/01/2026')).toBeNull()
    expect(parseDateBR('01/13/2026')).toBeNull()
    expect(parseDateBR('05/03/26')).toBeNull()
    expect(parseDateBR('2026-03-05')).toBeNull()
    expect(parseDateBR('')).toBeNull()
    expect(parseDateBR(null)).toBeNull()
  })

  it('round-trips with formatDateBR', () => {
    expect(formatDateBR(parseDateBR('05/03/2026'))).toBe('05/03/2026')
  })
})

describe('todayISO / toISODate', () => {
  it('uses São Paulo by default', () => {
    expect(todayISO({ now: new Date('2026-03-05T03:00:00Z') })).toBe('2026-03-05')
    expect(todayISO({ now: new Date('2026-03-05T02:59:59Z') })).toBe('2026-03-04')
    expect(todayISO({ now: new Date('2026-03-05T02:59:59Z'), timeZone: 'UTC' })).toBe('2026-03-05')
    expect(todayISO()).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(toISODate(new Date('2026-12-31T23:00:00Z'))).toBe('2026-12-31')
    expect(toISODate(new Date('2027-01-01T02:00:00Z'))).toBe('2026-12-31')
  })
})

describe('calendar arithmetic', () => {
  it('validates ISO dates', () => {
    expect(isIsoDate('2024-02-29')).toBe(true)
    expect(isIsoDate('2026-02-29')).toBe(false)
    expect(isIsoDate('2026-3-5')).toBe(false)
    expect(isIsoDate(20260305)).toBe(false)
  })

  it('adds and diffs days across months, years and DST-era dates', () => {
    expect(addDaysISO('2026-02-28', 1)).toBe('2026-03-01')
    expect(addDaysISO('2024-02-28', 1)).toBe('2024-02-29')
    expect(addDaysISO('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDaysISO('2026-03-01', -1)).toBe('2026-02-28')
    expect(addDaysISO('2018-11-03', 1)).toBe('2018-11-04') // Brazil's last DST start
    expect(diffDaysISO('2026-03-01', '2026-03-05')).toBe(4)
    expect(diffDaysISO('2026-03-05', '2026-03-01')).toBe(-4)
    expect(diffDaysISO('2026-01-01', '2027-01-01')).toBe(365)
    expect(() => addDaysISO('2026-02-30', 1)).toThrow(TypeError)
  })

  it('knows the weekday', () => {
    expect(dayOfWeekISO('2026-04-05')).toBe(0) // Easter Sunday
    expect(dayOfWeekISO('2026-02-16')).toBe(1)
    expect(dayOfWeekISO('2026-04-04')).toBe(6)
  })
})

describe('formatRelativeBR', () => {
  const now = new Date('2026-03-05T15:00:00Z') // 12:00 in São Paulo

  it('formats instants', () => {
    expect(formatRelativeBR(new Date('2026-03-03T15:00:00Z'), { now })).toBe('há 2 dias')
    expect(formatRelativeBR(new Date('2026-03-05T18:00:00Z'), { now })).toBe('em 3 horas')
    expect(formatRelativeBR(new Date('2026-03-05T14:55:00Z'), { now })).toBe('há 5 minutos')
    expect(formatRelativeBR(new Date('2026-03-05T14:59:50Z'), { now })).toBe('agora')
    expect(formatRelativeBR(new Date('2025-10-05T15:00:00Z'), { now })).toBe('há 5 meses')
    expect(formatRelativeBR(new Date('2024-03-05T15:00:00Z'), { now })).toBe('há 2 anos')
    expect(formatRelativeBR('2026-03-04T15:00:00Z', { now })).toBe('há 1 dia')
    expect(formatRelativeBR('2026-03-04T15:00:00Z', { now, numeric: 'auto' })).toBe('ontem')
  })

  it('compares date-only strings as calendar days in São Paulo', () => {
    expect(formatRelativeBR('2026-03-07', { now })).toBe('em 2 dias')
    expect(formatRelativeBR('2026-03-03', { now })).toBe('há 2 dias')
    expect(formatRelativeBR('2026-03-05', { now })).toBe('hoje')
    expect(formatRelativeBR('2026-03-06', { now, numeric: 'auto' })).toBe('amanhã')
    // 01:00 UTC on the 6th is still the 5th in São Paulo, so the 6th is tomorrow.
    expect(formatRelativeBR('2026-03-06', { now: new Date('2026-03-06T01:00:00Z') })).toBe('em 1 dia')
    expect(formatRelativeBR('2026-06-05', { now })).toBe('em 3 meses')
  })

  it('returns empty for invalid input', () => {
    expect(formatRelativeBR('2026-02-31', { now })).toBe('')
    expect(formatRelativeBR('garbage', { now })).toBe('')
    expect(formatRelativeBR(null)).toBe('')
  })
})
