import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { courtClosedDays, findCourtCalendar } from './court-calendars'
import { addDaysISO, dayOfWeekISO } from './dates'
import { DEADLINE_CASES } from './deadline.cases'
import { calcularPrazo, MAX_DIAS, type TrilhaItem } from './deadline'
import { ashWednesday, isBusinessDay } from './holidays'

function run(testCase: (typeof DEADLINE_CASES)[number]) {
  const from = Number(testCase.disponibilizacao.slice(0, 4))
  return calcularPrazo({
    disponibilizacao: testCase.disponibilizacao,
    dias: testCase.dias,
    fechados: testCase.fechados,
    expedienteReduzido: testCase.expedienteReduzido,
    courtCalendar: testCase.tribunal ? courtClosedDays(testCase.tribunal, from, from + 2) : undefined,
  })
}

describe('calcularPrazo: hand-checked cases (deadline.cases.ts)', () => {
  it('has at least 30 cases', () => {
    expect(DEADLINE_CASES.length).toBeGreaterThanOrEqual(30)
  })

  it.each(DEADLINE_CASES.map((testCase) => [testCase.nome, testCase] as const))('%s', (_name, testCase) => {
    const result = run(testCase)
    expect({ publicacao: result.publicacao, inicio: result.inicio, vencimento: result.vencimento }).toEqual({
      publicacao: testCase.publicacao,
      inicio: testCase.inicio,
      vencimento: testCase.vencimento,
    })
  })
})

describe('calcularPrazo: the trail', () => {
  const byDate = (trilha: TrilhaItem[]) => new Map(trilha.map((item) => [item.data, item]))

  it('lists every day from availability to due date with its reason', () => {
    // Fri 13/02/2026, 5 dias (see the case 'Carnaval before publication').
    const { trilha } = calcularPrazo({ disponibilizacao: '2026-02-13', dias: 5 })
    expect(trilha.map((item) => item.data)).toEqual(
      Array.from({ length: 13 }, (_, i) => addDaysISO('2026-02-13', i)),
    )
    expect(trilha.map((item) => [item.tipo, item.causa ?? item.contagem ?? null])).toEqual([
      ['disponibilizacao', null],
      ['pulado', 'fim_de_semana'],
      ['pulado', 'fim_de_semana'],
      ['pulado', 'feriado_nacional'],
      ['pulado', 'feriado_nacional'],
      ['publicacao', null],
      ['contado', 1],
      ['contado', 2],
      ['pulado', 'fim_de_semana'],
      ['pulado', 'fim_de_semana'],
      ['contado', 3],
      ['contado', 4],
      ['contado', 5],
    ])
    const days = byDate(trilha)
    expect(days.get('2026-02-16')).toMatchObject({
      nome: 'Carnaval (segunda-feira)',
      motivo: 'Feriado nacional: Carnaval (segunda-feira)',
    })
    expect(days.get('2026-02-19')?.motivo).toBe('Dia útil 1 de 5 — início da contagem')
    expect(days.get('2026-02-25')?.motivo).toBe('Dia útil 5 de 5 — vencimento')
  })

  it('names the suspension, the court closures and the reduced hours', () => {
    const recess = byDate(
      calcularPrazo({
        disponibilizacao: '2025-12-19',
        dias: 1,
        courtCalendar: courtClosedDays('TRF3', 2025, 2026),
      }).trilha,
    )
    expect(recess.get('2025-12-22')).toMatchObject({ tipo: 'pulado', causa: 'fechado_tribunal' })
    expect(recess.get('2025-12-22')?.motivo).toContain('Lei 5.010/1966')
    expect(recess.get('2025-12-25')).toMatchObject({ causa: 'feriado_nacional', nome: 'Natal' })
    expect(recess.get('2026-01-07')?.tipo).toBe('publicacao')
    expect(recess.get('2026-01-08')).toMatchObject({
      tipo: 'pulado',
      causa: 'suspensao_art_220',
      motivo: 'Suspensão dos prazos de 20/12 a 20/01 (CPC, art. 220)',
    })
    expect(recess.get('2026-01-21')).toMatchObject({ tipo: 'contado', contagem: 1 })

    const closed = byDate(
      calcularPrazo({ disponibilizacao: '2026-03-09', dias: 5, fechados: ['2026-03-17'] }).trilha,
    )
    expect(closed.get('2026-03-17')).toMatchObject({
      causa: 'fechado_tribunal',
      motivo: 'Fechado pelo tribunal',
    })

    const ash = byDate(calcularPrazo({ disponibilizacao: '2026-02-12', dias: 5 }).trilha)
    expect(ash.get('2026-02-18')).toMatchObject({ tipo: 'pulado', causa: 'expediente_reduzido' })
    const middle = byDate(calcularPrazo({ disponibilizacao: '2026-02-10', dias: 5 }).trilha)
    expect(middle.get('2026-02-18')).toMatchObject({
      tipo: 'contado',
      contagem: 3,
      nome: 'Quarta-feira de Cinzas',
    })
  })

  it('names a reduced-hours day given by the caller', () => {
    const days = byDate(
      calcularPrazo({
        disponibilizacao: '2026-03-09',
        dias: 5,
        expedienteReduzido: [{ data: '2026-03-11', motivo: 'Indisponibilidade do PJe' }],
      }).trilha,
    )
    expect(days.get('2026-03-11')).toMatchObject({
      tipo: 'pulado',
      causa: 'expediente_reduzido',
      motivo:
        'Indisponibilidade do PJe: expediente reduzido; o início do prazo passa ao dia útil seguinte (CPC, art. 224, § 1º)',
    })
  })

  it('prefers a named closure to the same day given without a reason', () => {
    const days = byDate(
      calcularPrazo({
        disponibilizacao: '2026-07-06',
        dias: 5,
        fechados: ['2026-07-09'],
        courtCalendar: [{ data: '2026-07-09', motivo: 'Revolução Constitucionalista' }],
      }).trilha,
    )
    expect(days.get('2026-07-09')?.motivo).toBe('Fechado pelo tribunal: Revolução Constitucionalista')
  })
})

describe('calcularPrazo: input', () => {
  it('rejects bad dates, bad dias and bad closed days', () => {
    expect(() => calcularPrazo({ disponibilizacao: '2026-02-30', dias: 5 })).toThrow(TypeError)
    expect(() => calcularPrazo({ disponibilizacao: '09/03/2026', dias: 5 })).toThrow(TypeError)
    for (const dias of [0, -1, 1.5, MAX_DIAS + 1, Number.NaN]) {
      expect(() => calcularPrazo({ disponibilizacao: '2026-03-09', dias })).toThrow(RangeError)
    }
    expect(() =>
      calcularPrazo({ disponibilizacao: '2026-03-09', dias: 5, fechados: ['2026-13-01'] }),
    ).toThrow(TypeError)
    expect(() => calcularPrazo({ disponibilizacao: '2099-12-01', dias: 365 })).toThrow(RangeError)
  })

  it('accepts any iterable of closed days', () => {
    const result = calcularPrazo({
      disponibilizacao: '2026-03-09',
      dias: 5,
      fechados: new Set(['2026-03-17']),
    })
    expect(result.vencimento).toBe('2026-03-18')
  })

  it('does not depend on the process time zone', () => {
    // The engine never builds a local Date: a result computed here must match the hand-checked table,
    // whatever TZ vitest runs in (CI runs in UTC; a laptop in America/Sao_Paulo).
    expect(calcularPrazo({ disponibilizacao: '2026-03-09', dias: 5 }).vencimento).toBe('2026-03-17')
  })
})

describe('court calendars', () => {
  it('finds courts by code, case-insensitively', () => {
    expect(findCourtCalendar('tjsp')?.nome).toBe('Tribunal de Justiça de São Paulo')
    expect(findCourtCalendar('TRF6')?.fonte).toBe('Lei 5.010/1966, art. 62')
    expect(findCourtCalendar('XYZ')).toBeUndefined()
    expect(courtClosedDays('XYZ', 2026, 2026)).toEqual([])
  })

  it('seeds the Justiça Federal days of Lei 5.010/1966 art. 62', () => {
    const dates = courtClosedDays('TRF3', 2026, 2026).map((day) => day.data)
    expect(dates).toEqual(
      expect.arrayContaining([
        '2026-01-06',
        '2026-04-01',
        '2026-04-02',
        '2026-08-11',
        '2026-11-01',
        '2026-12-08',
      ]),
    )
    expect(dates).toContain('2026-12-20')
    expect(dates).toContain('2026-12-31')
    expect(dates).not.toContain('2026-01-07')
    expect(dates).toEqual([...dates].sort())
  })

  it('closes 20 Nov at the TJRJ only while it was not national', () => {
    expect(courtClosedDays('TJRJ', 2023, 2023).map((day) => day.data)).toContain('2023-11-20')
    expect(courtClosedDays('TJRJ', 2024, 2024).map((day) => day.data)).not.toContain('2024-11-20')
  })
})

describe('calcularPrazo: properties', () => {
  const isoDate = fc.integer({ min: 0, max: 365 * 70 }).map((offset) => addDaysISO('2000-01-01', offset))
  const closedDays = fc.array(
    fc.integer({ min: 0, max: 800 }).map((offset) => offset),
    { maxLength: 20 },
  )

  it('orders the dates, ends on a business day outside the suspension and counts exactly `dias`', () => {
    fc.assert(
      fc.property(
        isoDate,
        fc.integer({ min: 1, max: MAX_DIAS }),
        closedDays,
        closedDays,
        (disponibilizacao, dias, offsets, reducedOffsets) => {
          const fechados = offsets.map((offset) => addDaysISO(disponibilizacao, offset))
          const expedienteReduzido = reducedOffsets.map((offset) => addDaysISO(disponibilizacao, offset))
          const result = calcularPrazo({ disponibilizacao, dias, fechados, expedienteReduzido })
          // Art. 224 §1: neither the start nor the due date is a day with reduced hours.
          for (const date of [result.inicio, result.vencimento]) {
            expect(expedienteReduzido).not.toContain(date)
            expect(date).not.toBe(ashWednesday(Number(date.slice(0, 4))))
          }
          expect(result.publicacao > disponibilizacao).toBe(true)
          expect(result.inicio > result.publicacao).toBe(true)
          expect(result.vencimento >= result.inicio).toBe(true)
          expect(isBusinessDay(result.publicacao, { extraHolidays: fechados })).toBe(true)
          expect(isBusinessDay(result.vencimento, { extraHolidays: fechados })).toBe(true)
          const monthDay = result.vencimento.slice(5)
          expect(monthDay >= '12-20' || monthDay <= '01-20').toBe(false)
          expect([0, 6]).not.toContain(dayOfWeekISO(result.inicio))

          const counted = result.trilha.filter((item) => item.tipo === 'contado')
          expect(counted).toHaveLength(dias)
          expect(counted.map((item) => item.contagem)).toEqual(Array.from({ length: dias }, (_, i) => i + 1))
          expect(counted[0]?.data).toBe(result.inicio)
          expect(counted.at(-1)?.data).toBe(result.vencimento)
          // One item per calendar day, in order, from the availability to the due date.
          const first = result.trilha[0]
          expect(first).toMatchObject({ data: disponibilizacao, tipo: 'disponibilizacao' })
          result.trilha.forEach((item, i) => expect(item.data).toBe(addDaysISO(disponibilizacao, i)))
          expect(result.trilha.at(-1)?.data).toBe(result.vencimento)
        },
      ),
      { numRuns: 300 },
    )
  })
})
