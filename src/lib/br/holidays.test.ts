import { describe, it, expect } from 'vitest'
import {
  addBusinessDays,
  courtHolidayName,
  easterSunday,
  ashWednesday,
  getCourtHolidays,
  isBusinessDay,
  isCourtHoliday,
  isPrazoSuspended,
  isWeekend,
  nextBusinessDay,
} from './holidays'

describe('easterSunday', () => {
  it('matches known Easter dates', () => {
    expect(easterSunday(2026)).toBe('2026-04-05')
    expect(easterSunday(2024)).toBe('2024-03-31')
    expect(easterSunday(2025)).toBe('2025-04-20')
    expect(easterSunday(2027)).toBe('2027-03-28')
    expect(easterSunday(2038)).toBe('2038-04-25') // latest possible
    expect(easterSunday(2285)).toBe('2285-03-22') // earliest possible
    expect(easterSunday(2000)).toBe('2000-04-23')
  })

  it('rejects non-Gregorian years', () => {
    expect(() => easterSunday(1500)).toThrow(RangeError)
    expect(() => easterSunday(2026.5)).toThrow(RangeError)
  })
})

describe('getCourtHolidays(2026)', () => {
  const holidays = getCourtHolidays(2026)
  const byDate = new Map(holidays.map((h) => [h.date, h]))

  it('has the Easter-based closures', () => {
    expect(byDate.get('2026-02-16')?.name).toBe('Carnaval (segunda-feira)')
    expect(byDate.get('2026-02-17')?.name).toBe('Carnaval (terça-feira)')
    expect(byDate.get('2026-04-03')?.name).toBe('Sexta-feira Santa')
    expect(byDate.get('2026-06-04')?.name).toBe('Corpus Christi')
    expect(byDate.get('2026-02-16')?.kind).toBe('court')
  })

  it('has the national holidays', () => {
    const expected = [
      '2026-01-01',
      '2026-04-21',
      '2026-05-01',
      '2026-09-07',
      '2026-10-12',
      '2026-11-02',
      '2026-11-15',
      '2026-11-20',
      '2026-12-25',
    ]
    for (const date of expected) expect(byDate.get(date)?.kind).toBe('national')
    expect(byDate.get('2026-04-21')?.name).toBe('Tiradentes')
    expect(byDate.get('2026-12-25')?.name).toBe('Natal')
  })

  it('has nothing else (no Easter Sunday, no duplicates) and is sorted', () => {
    expect(holidays).toHaveLength(13)
    expect(byDate.has('2026-04-05')).toBe(false)
    // Issue 9: Ash Wednesday is a business day (late opening), closable per court.
    expect(byDate.has('2026-02-18')).toBe(false)
    expect(holidays.map((h) => h.date)).toEqual([...holidays.map((h) => h.date)].sort())
  })

  it('returns copies', () => {
    const first = getCourtHolidays(2026)
    const entry = first[0]
    if (entry !== undefined) entry.name = 'mutated'
    first.length = 0
    expect(getCourtHolidays(2026)[0]?.name).toBe('Ano novo')
    expect(getCourtHolidays(2026)).toHaveLength(13)
  })

  it('only has Consciência Negra as national from 2024', () => {
    expect(getCourtHolidays(2023).some((h) => h.date === '2023-11-20')).toBe(false)
    expect(getCourtHolidays(2024).some((h) => h.date === '2024-11-20')).toBe(true)
  })

  it('moves Carnaval with Easter', () => {
    // Easter 2025-04-20 → Carnaval 03-03/04, Corpus Christi 06-19 (Ash Wednesday 03-05 stays open).
    const dates = getCourtHolidays(2025).map((h) => h.date)
    expect(dates).toEqual(expect.arrayContaining(['2025-03-03', '2025-03-04', '2025-04-18', '2025-06-19']))
    expect(dates).not.toContain('2025-03-05')
    expect(ashWednesday(2025)).toBe('2025-03-05')
    expect(ashWednesday(2028)).toBe('2028-03-01')
  })

  it.each([
    // Issue 9's list, worked out by hand: Easter 2023-04-09, 2024-03-31, 2028-04-16. Weekend holidays
    // stay where they fall (2024: 21/04 Sun, 07/09, 12/10 and 02/11 Sat; 2028: 01/01 Sat).
    [
      2023,
      [
        '01-01',
        '02-20',
        '02-21',
        '04-07',
        '04-21',
        '05-01',
        '06-08',
        '09-07',
        '10-12',
        '11-02',
        '11-15',
        '12-25',
      ],
    ],
    [
      2024,
      [
        '01-01',
        '02-12',
        '02-13',
        '03-29',
        '04-21',
        '05-01',
        '05-30',
        '09-07',
        '10-12',
        '11-02',
        '11-15',
        '11-20',
        '12-25',
      ],
    ],
    [
      2028,
      [
        '01-01',
        '02-28',
        '02-29',
        '04-14',
        '04-21',
        '05-01',
        '06-15',
        '09-07',
        '10-12',
        '11-02',
        '11-15',
        '11-20',
        '12-25',
      ],
    ],
  ])('lists exactly the national court holidays of %i', (year, monthDays) => {
    expect(getCourtHolidays(year).map((h) => h.date)).toEqual(monthDays.map((md) => `${year}-${md}`))
  })

  it('refuses years outside the supported range', () => {
    expect(() => getCourtHolidays(1899)).toThrow(RangeError)
    expect(() => getCourtHolidays(2100)).toThrow(RangeError)
  })
})

describe('isCourtHoliday / courtHolidayName', () => {
  it('recognises 2026 holidays', () => {
    for (const date of [
      '2026-02-16',
      '2026-02-17',
      '2026-04-03',
      '2026-04-21',
      '2026-06-04',
      '2026-11-20',
      '2026-12-25',
    ]) {
      expect(isCourtHoliday(date)).toBe(true)
    }
    expect(courtHolidayName('2026-11-20')).toBe('Dia da Consciência Negra')
  })

  it('rejects ordinary days and invalid input', () => {
    expect(isCourtHoliday('2026-02-19')).toBe(false)
    expect(isCourtHoliday('2026-04-02')).toBe(false)
    expect(isCourtHoliday('2026-02-30')).toBe(false)
    expect(courtHolidayName('garbage')).toBeNull()
  })
})

describe('isBusinessDay', () => {
  it('excludes weekends and court holidays', () => {
    expect(isBusinessDay('2026-02-13')).toBe(true) // Friday before Carnaval
    expect(isBusinessDay('2026-02-14')).toBe(false) // Saturday
    expect(isBusinessDay('2026-02-15')).toBe(false) // Sunday
    expect(isBusinessDay('2026-02-16')).toBe(false)
    expect(isBusinessDay('2026-02-17')).toBe(false)
    expect(isBusinessDay('2026-02-18')).toBe(true) // Ash Wednesday: open (late)
    expect(isBusinessDay('2026-02-19')).toBe(true)
    expect(isBusinessDay('2026-06-04')).toBe(false)
    expect(isBusinessDay('2026-06-05')).toBe(true)
  })

  it('honours extra holidays and rejects invalid dates', () => {
    // 25/01, aniversário de São Paulo (municipal), a Monday in 2027.
    expect(isBusinessDay('2027-01-25')).toBe(true)
    expect(isBusinessDay('2027-01-25', { extraHolidays: ['2027-01-25'] })).toBe(false)
    expect(isBusinessDay('2026-13-01')).toBe(false)
  })

  it('knows weekends', () => {
    expect(isWeekend('2026-04-04')).toBe(true)
    expect(isWeekend('2026-04-05')).toBe(true)
    expect(isWeekend('2026-04-06')).toBe(false)
    expect(isWeekend('nope')).toBe(false)
  })
})

describe('prazo helpers', () => {
  it('shifts to the next business day', () => {
    expect(nextBusinessDay('2026-02-14')).toBe('2026-02-18')
    expect(nextBusinessDay('2026-02-19')).toBe('2026-02-19')
    expect(nextBusinessDay('2026-04-03')).toBe('2026-04-06')
    expect(() => nextBusinessDay('x')).toThrow(TypeError)
  })

  it('counts business days excluding the start day', () => {
    // Intimação on Friday 13/02/2026: Carnaval does not count, Ash Wednesday does (the art. 224 §1
    // protraction of a start or due day on it is the deadline engine's, lib/br/deadline.ts).
    expect(addBusinessDays('2026-02-13', 1)).toBe('2026-02-18')
    expect(addBusinessDays('2026-02-13', 5)).toBe('2026-02-24')
    // 15 dias úteis from Monday 2026-03-30 cross Good Friday (04-03) and Tiradentes (04-21).
    expect(addBusinessDays('2026-03-30', 15)).toBe('2026-04-22')
    expect(addBusinessDays('2026-02-19', 0)).toBe('2026-02-19')
    expect(addBusinessDays('2026-02-19', -1)).toBe('2026-02-18')
    expect(addBusinessDays('2026-02-18', -1)).toBe('2026-02-13')
    expect(addBusinessDays('2026-03-02', 1, { extraHolidays: ['2026-03-03'] })).toBe('2026-03-04')
  })

  it('can skip the CPC art. 220 suspension', () => {
    expect(isPrazoSuspended('2026-12-20')).toBe(true)
    expect(isPrazoSuspended('2027-01-20')).toBe(true)
    expect(isPrazoSuspended('2026-12-19')).toBe(false)
    expect(isPrazoSuspended('2027-01-21')).toBe(false)
    expect(isPrazoSuspended('bad')).toBe(false)
    // Friday 18/12/2026 + 1 dia útil → Monday 21/12 without suspension, Thursday 21/01/2027 with it.
    expect(addBusinessDays('2026-12-18', 1)).toBe('2026-12-21')
    expect(addBusinessDays('2026-12-18', 1, { skipPrazoSuspension: true })).toBe('2027-01-21')
  })

  it('rejects bad input', () => {
    expect(() => addBusinessDays('2026-02-30', 1)).toThrow(TypeError)
    expect(() => addBusinessDays('2026-02-19', 1.5)).toThrow(RangeError)
  })
})
