// Issue 9's number for the deadline engine: calculations per second of calcularPrazo (lib/br/deadline.ts),
// in process, trail included. Run: `npm run bench -- deadline [--seconds=3] [--runs=5]`.
//
// Three mixes, each a fixed pseudo-random set of availability dates (2000-2090) so runs compare: the
// common 5 and 15 dias, and 15 dias with a court calendar (TRF3: ~23 closed days a year) plus the
// worst case the API accepts, 365 dias (a ~530-day trail).
import { courtClosedDays } from '../src/lib/br/court-calendars'
import { addDaysISO } from '../src/lib/br/dates'
import { calcularPrazo, type CalcularPrazoInput } from '../src/lib/br/deadline'
import { flagValue, median, printTable, type Row } from './lib/bench'

export const description = 'motor de prazos (issue 9): cálculos por segundo de calcularPrazo, com trilha'

/** Deterministic LCG: the same dates on every run. */
function* dates(count: number): Generator<string> {
  let state = 12345
  for (let i = 0; i < count; i++) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    yield addDaysISO('2000-01-01', state % (365 * 90))
  }
}

function inputs(dias: number, withCourt: boolean): CalcularPrazoInput[] {
  return [...dates(2000)].map((disponibilizacao) => {
    const year = Number(disponibilizacao.slice(0, 4))
    return {
      disponibilizacao,
      dias,
      courtCalendar: withCourt ? courtClosedDays('TRF3', year, year + 2) : undefined,
    }
  })
}

/** Calculations per second over `seconds`, cycling through `cases`. */
function measure(cases: CalcularPrazoInput[], seconds: number): number {
  let done = 0
  let sink = 0
  const started = performance.now()
  const until = started + seconds * 1000
  while (performance.now() < until) {
    for (let i = 0; i < 200; i++) {
      sink += calcularPrazo(cases[(done + i) % cases.length]!).trilha.length
    }
    done += 200
  }
  if (sink === 0) throw new Error('no work done')
  return done / ((performance.now() - started) / 1000)
}

export async function run(flags: string[]) {
  const seconds = Number(flagValue(flags, 'seconds') ?? 3)
  const runs = Number(flagValue(flags, 'runs') ?? 5)
  const mixes: { name: string; cases: CalcularPrazoInput[] }[] = [
    { name: '5 dias úteis', cases: inputs(5, false) },
    { name: '15 dias úteis', cases: inputs(15, false) },
    { name: '15 dias úteis + calendário TRF3', cases: inputs(15, true) },
    { name: '365 dias úteis (pior caso da API)', cases: inputs(365, false) },
  ]
  for (const mix of mixes) measure(mix.cases, 0.5) // warm-up: JIT and the per-year holiday caches

  const rows: Row[] = []
  for (const mix of mixes) {
    const samples = Array.from({ length: runs }, () => measure(mix.cases, seconds))
    rows.push({
      metric: `calcularPrazo, ${mix.name}`,
      value: `${Math.round(median(samples)).toLocaleString('pt-BR')} cálculos/s`,
      note: `mediana de ${runs} × ${seconds} s, 1 núcleo; mín. ${Math.round(Math.min(...samples)).toLocaleString('pt-BR')}`,
    })
  }
  printTable(rows)
}
