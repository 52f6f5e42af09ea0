import { describe, expect, it } from 'vitest'
import {
  byDay,
  formatLongDay,
  isProximo,
  monthGrid,
  rangeOfDays,
  shiftMonth,
  startOfDayInstant,
  startOfWeek,
  todaySP,
  weekDays,
} from './calendar-days'

describe('isProximo', () => {
  const now = new Date('2026-03-05T12:00:00Z')
  it('is true from now up to 24 h ahead, inclusive', () => {
    expect(isProximo('2026-03-05T12:00:00Z', now)).toBe(true)
    expect(isProximo('2026-03-05T14:00:00Z', now)).toBe(true)
    expect(isProximo('2026-03-06T12:00:00Z', now)).toBe(true)
  })
  it('is false in the past and beyond 24 h', () => {
    expect(isProximo('2026-03-05T11:59:59Z', now)).toBe(false)
    expect(isProximo('2026-03-06T12:00:01Z', now)).toBe(false)
    expect(isProximo('2026-03-08T12:00:00Z', now)).toBe(false)
  })
})

describe('São Paulo days', () => {
  it('starts a day at 03:00 UTC (no summer time since 2019)', () => {
    expect(startOfDayInstant('2026-03-05')).toBe('2026-03-05T03:00:00.000Z')
  })
  it('follows the old summer time (UTC−2)', () => {
    expect(startOfDayInstant('2018-01-15')).toBe('2018-01-15T02:00:00.000Z')
  })
  it('says today in São Paulo, not in UTC', () => {
    expect(todaySP(new Date('2026-03-06T02:30:00Z'))).toBe('2026-03-05')
  })
  it('gives from inclusive / to exclusive', () => {
    expect(rangeOfDays('2026-03-01', '2026-03-07')).toEqual({
      from: '2026-03-01T03:00:00.000Z',
      to: '2026-03-08T03:00:00.000Z',
    })
  })
})

describe('calendar grids', () => {
  it('weeks start on Sunday', () => {
    expect(startOfWeek('2026-03-05')).toBe('2026-03-01')
    expect(startOfWeek('2026-03-01')).toBe('2026-03-01')
    expect(weekDays('2026-03-07')).toEqual([
      '2026-03-01',
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
    ])
  })
  it('covers the month in whole weeks', () => {
    const grid = monthGrid('2026-02-10') // Feb 2026: starts on a Sunday, 28 days
    expect(grid).toHaveLength(4)
    expect(grid[0]?.[0]).toBe('2026-02-01')
    expect(grid[3]?.[6]).toBe('2026-02-28')
    const may = monthGrid('2026-05-20') // 1 May 2026 is a Friday; 31 May a Sunday
    expect(may).toHaveLength(6)
    expect(may[0]?.[0]).toBe('2026-04-26')
    expect(may[5]?.[0]).toBe('2026-05-31')
  })
  it('shifts months across years', () => {
    expect(shiftMonth('2026-12-15', 1)).toBe('2027-01-01')
    expect(shiftMonth('2026-01-31', -1)).toBe('2025-12-01')
  })
  it('groups by day in order', () => {
    const days = byDay([
      { id: 'a', data: '2026-03-05' },
      { id: 'b', data: '2026-03-06' },
      { id: 'c', data: '2026-03-05' },
    ])
    expect(days.get('2026-03-05')?.map((item) => item.id)).toEqual(['a', 'c'])
  })
  it('names a day in pt-BR', () => {
    expect(formatLongDay('2026-03-05')).toBe('quinta-feira, 5 de março de 2026')
  })
})
