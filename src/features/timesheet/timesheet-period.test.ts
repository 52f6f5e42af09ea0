import { describe, expect, it } from 'vitest'
import { formatElapsed, parseDuration, periodOf, weekStartOf } from './timesheet-period'

describe('weekStartOf', () => {
  it('returns the Monday of the ISO week', () => {
    expect(weekStartOf('2026-03-04')).toBe('2026-03-02') // Wednesday
    expect(weekStartOf('2026-03-02')).toBe('2026-03-02') // Monday
    expect(weekStartOf('2026-03-08')).toBe('2026-03-02') // Sunday belongs to the week before
  })
})

describe('periodOf', () => {
  const custom = { from: '2026-01-01', to: '2026-01-31' }
  it('computes presets from today', () => {
    expect(periodOf('semana', custom, '2026-03-04')).toEqual({ from: '2026-03-02', to: '2026-03-08' })
    expect(periodOf('quatroSemanas', custom, '2026-03-04')).toEqual({ from: '2026-02-09', to: '2026-03-08' })
    expect(periodOf('mes', custom, '2026-02-10')).toEqual({ from: '2026-02-01', to: '2026-02-28' })
    expect(periodOf('mes', custom, '2026-01-31')).toEqual({ from: '2026-01-01', to: '2026-01-31' })
    expect(periodOf('mesAnterior', custom, '2026-03-31')).toEqual({ from: '2026-02-01', to: '2026-02-28' })
    expect(periodOf('mesAnterior', custom, '2026-01-15')).toEqual({ from: '2025-12-01', to: '2025-12-31' })
    expect(periodOf('personalizado', custom, '2026-03-04')).toBe(custom)
  })
})

describe('parseDuration', () => {
  it('reads h:mm, XhYY and plain minutes', () => {
    expect(parseDuration('1:30')).toBe(90)
    expect(parseDuration('0:05')).toBe(5)
    expect(parseDuration('2h')).toBe(120)
    expect(parseDuration('1h 15')).toBe(75)
    expect(parseDuration('1h15min')).toBe(75)
    expect(parseDuration('45')).toBe(45)
    expect(parseDuration('45min')).toBe(45)
    expect(parseDuration('24:00')).toBe(1440)
  })
  it('refuses zero, negatives, over 24 h and garbage', () => {
    for (const bad of ['', '0', '0:00', '-30', '24:01', '1441', '1:60', 'abc', '1.5']) {
      expect(parseDuration(bad), bad).toBeNull()
    }
  })
})

describe('formatElapsed', () => {
  it('shows mm:ss under an hour and h:mm:ss above', () => {
    expect(formatElapsed(5)).toBe('00:05')
    expect(formatElapsed(65)).toBe('01:05')
    expect(formatElapsed(3725)).toBe('1:02:05')
    expect(formatElapsed(-3)).toBe('00:00')
  })
})
