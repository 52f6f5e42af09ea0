import { addDaysISO } from './dates'
import type { DiaFechado } from './deadline'
import { easterSunday } from './holidays'

/**
 * Seed of well-known court closures beyond the national holidays (lib/br/holidays.ts), to start an
 * office's per-court calendar (issue 9). Only closures fixed by a law we can cite are seeded; the
 * office edits the rest in the agenda (municipal holidays of each comarca, suspension orders,
 * system outages, the recesso of 20/12–06/01 that each state court adopts by its own act).
 *
 * Deliberately NOT seeded: 28 October (Dia do Servidor Público, Lei 8.112/1990 art. 236). Most
 * courts move it every year by portaria (to a Friday or a Monday, sometimes to another month), so a
 * fixed 28/10 would be wrong on many years; it belongs in the office's calendar for that year.
 */

export interface CourtCalendar {
  /** Short code the lawyers use: 'TJSP', 'TRF3'. */
  id: string
  nome: string
  /** The act that makes these days closed. */
  fonte: string
  /** Closed days of one year (a day on a weekend stays: nothing is moved). */
  closures: (year: number) => DiaFechado[]
}

const pad = (n: number) => String(n).padStart(2, '0')
const fixed = (year: number, month: number, day: number, motivo: string): DiaFechado => ({
  data: `${year}-${pad(month)}-${pad(day)}`,
  motivo,
})

/**
 * Lei 5.010/1966, art. 62: the Justiça Federal's holidays besides the national ones — I: 20/12 to
 * 06/01; II: Semana Santa from Wednesday to Easter Sunday (Holy Wednesday and Thursday, Good Friday
 * being national); III: Carnaval Monday and Tuesday (national already); IV: 11/08, 01/11, 02/11,
 * 08/12.
 */
function justicaFederal(year: number): DiaFechado[] {
  const recesso = 'Recesso da Justiça Federal (Lei 5.010/1966, art. 62, I)'
  const days: DiaFechado[] = []
  for (let day = 1; day <= 6; day++) days.push(fixed(year, 1, day, recesso))
  const easter = easterSunday(year)
  days.push({ data: addDaysISO(easter, -4), motivo: 'Quarta-feira Santa (Lei 5.010/1966, art. 62, II)' })
  days.push({ data: addDaysISO(easter, -3), motivo: 'Quinta-feira Santa (Lei 5.010/1966, art. 62, II)' })
  days.push(fixed(year, 8, 11, 'Dia da criação dos cursos jurídicos (Lei 5.010/1966, art. 62, IV)'))
  days.push(fixed(year, 11, 1, 'Dia de Todos os Santos (Lei 5.010/1966, art. 62, IV)'))
  days.push(fixed(year, 12, 8, 'Dia da Justiça (Lei 5.010/1966, art. 62, IV)'))
  for (let day = 20; day <= 31; day++) days.push(fixed(year, 12, day, recesso))
  return days
}

const federal = (region: number): CourtCalendar => ({
  id: `TRF${region}`,
  nome: `Justiça Federal da ${region}ª Região (TRF${region})`,
  fonte: 'Lei 5.010/1966, art. 62',
  closures: justicaFederal,
})

export const COURT_CALENDARS: readonly CourtCalendar[] = [
  {
    id: 'TJSP',
    nome: 'Tribunal de Justiça de São Paulo',
    fonte: 'Lei estadual SP 9.497/1997',
    closures: (year) => [fixed(year, 7, 9, 'Revolução Constitucionalista de 1932 (Lei SP 9.497/1997)')],
  },
  {
    id: 'TJRJ',
    nome: 'Tribunal de Justiça do Rio de Janeiro',
    fonte: 'Leis estaduais RJ 5.198/2008 e 4.007/2002',
    closures: (year) => [
      fixed(year, 4, 23, 'Dia de São Jorge (Lei RJ 5.198/2008)'),
      // National from 2024 (Lei 14.759/2023); before that only the state law closed the TJRJ.
      ...(year >= 2002 && year < 2024 ? [fixed(year, 11, 20, 'Dia de Zumbi (Lei RJ 4.007/2002)')] : []),
    ],
  },
  ...[1, 2, 3, 4, 5, 6].map(federal),
]

/** The seeded calendar of a court by its code ('tjsp' works too), or undefined. */
export function findCourtCalendar(id: string): CourtCalendar | undefined {
  const code = id.trim().toUpperCase()
  return COURT_CALENDARS.find((court) => court.id === code)
}

/** A court's seeded closed days from `fromYear` to `toYear` inclusive, sorted ([] for an unknown court). */
export function courtClosedDays(id: string, fromYear: number, toYear: number): DiaFechado[] {
  const court = findCourtCalendar(id)
  if (court === undefined) return []
  const days: DiaFechado[] = []
  for (let year = fromYear; year <= toYear; year++) days.push(...court.closures(year))
  return days.sort((a, b) => (a.data < b.data ? -1 : a.data > b.data ? 1 : 0))
}
