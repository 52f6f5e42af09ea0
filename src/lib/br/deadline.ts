import { isIsoDate } from './dates'
import { ashWednesday, holidayNameOfValidDate } from './holidays'

/**
 * The Brazilian procedural-deadline engine (prazos processuais em dias úteis, CPC/2015), pure.
 *
 * Readings applied (issue 9):
 * - art. 219: only business days count: Mon–Fri that is neither a national court holiday
 *   (lib/br/holidays.ts) nor a day the court closed (`courtCalendar`, `fechados`).
 * - art. 224 §2 + Lei 11.419/2006 art. 4º §3º: publicação = first business day AFTER the
 *   disponibilização in the DJe/DJEN (an availability on a weekend or holiday is published on the
 *   next business day after it). The art. 220 suspension does not postpone the publication.
 * - art. 224 §3 + caput: counting starts on the first business day after the publication (start day
 *   excluded, due day included).
 * - art. 224 §1: a start or due day without full court hours (Ash Wednesday: the courts open late)
 *   moves to the next business day; in the middle of a prazo such a day counts.
 * - art. 220: the running is suspended 20 Dec – 20 Jan inclusive: days inside never count, and the
 *   count resumes on the first business day after 20 Jan.
 *
 * Dates are 'YYYY-MM-DD' strings walked as UTC day numbers: no `Date` in a local zone anywhere, so
 * the result is the same on a server in UTC and a browser in Manaus.
 */

/** Largest prazo the engine (and the public API) accepts, in dias úteis. */
export const MAX_DIAS = 365

export type TrilhaTipo = 'disponibilizacao' | 'publicacao' | 'pulado' | 'contado'

/** Why a day was skipped. */
export type Causa =
  'fim_de_semana' | 'feriado_nacional' | 'fechado_tribunal' | 'suspensao_art_220' | 'expediente_reduzido'

/**
 * One day of the trail. The trail covers every calendar day from the disponibilização to the
 * vencimento, in order, so a UI can render it as a list or on a calendar.
 */
export interface TrilhaItem {
  /** 'YYYY-MM-DD' */
  data: string
  tipo: TrilhaTipo
  /** Why the day was skipped (tipo 'pulado' only). */
  causa?: Causa
  /** Holiday or closure name ('Tiradentes', 'Revolução Constitucionalista'), when there is one. */
  nome?: string
  /** 1..dias on counted days: 1 is the início, `dias` the vencimento. */
  contagem?: number
  /** The day explained in pt-BR, ready to show as is (a UI may translate from tipo/causa/nome). */
  motivo: string
}

/** A closed day with its reason, e.g. `{ data: '2026-07-09', motivo: 'Revolução Constitucionalista' }`. */
export interface DiaFechado {
  data: string
  motivo: string
}

export interface CalcularPrazoInput {
  /** Date the decision was made available in the DJe/DJEN ('YYYY-MM-DD'). */
  disponibilizacao: string
  /** Prazo in dias úteis, 1..MAX_DIAS. */
  dias: number
  /** Extra closed days ('YYYY-MM-DD'): suspension orders, system outages, local holidays. */
  fechados?: Iterable<string> | undefined
  /** The court's closed days (lib/br/court-calendars.ts), plain dates or with their reason. */
  courtCalendar?: readonly (string | DiaFechado)[] | undefined
  /**
   * Days the court opened late or closed early, or the e-filing system was down for part of the day
   * (Lei 11.419/2006 art. 10 §2): they count in the middle of a prazo, but a start or due date on them
   * moves to the next business day (CPC art. 224 §1). Ash Wednesday is always one. Do NOT list such a
   * day in `fechados`: a closed day never counts, which would push the due date past the real one.
   */
  expedienteReduzido?: readonly (string | DiaFechado)[] | undefined
}

export interface PrazoCalculado {
  publicacao: string
  /** First counted day. */
  inicio: string
  vencimento: string
  trilha: TrilhaItem[]
}

const FECHADO_SEM_MOTIVO = ''

// --- day numbers (days since 1970-01-01, UTC) -------------------------------------------------

function toDayNumber(dateISO: string): number {
  const year = Number(dateISO.slice(0, 4))
  const month = Number(dateISO.slice(5, 7))
  const day = Number(dateISO.slice(8, 10))
  return Date.UTC(year, month - 1, day) / 86_400_000
}

interface CivilDay {
  iso: string
  year: number
  month: number
  day: number
}

/** Day number → civil date, allocation-light (H. Hinnant's civil_from_days). */
function civilFromDays(dayNumber: number): CivilDay {
  const z = dayNumber + 719_468
  const era = Math.floor(z / 146_097)
  const doe = z - era * 146_097
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  )
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100))
  const mp = Math.floor((5 * doy + 2) / 153)
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1
  const month = mp < 10 ? mp + 3 : mp - 9
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0)
  const iso = `${year}-${month < 10 ? '0' : ''}${month}-${day < 10 ? '0' : ''}${day}`
  return { iso, year, month, day }
}

/** 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
function weekdayOf(dayNumber: number): number {
  return (((dayNumber + 4) % 7) + 7) % 7
}

/** CPC art. 220: 20 December – 20 January, inclusive. */
function isSuspended(month: number, day: number): boolean {
  return (month === 12 && day >= 20) || (month === 1 && day <= 20)
}

const ASH_WEDNESDAY = 'Quarta-feira de Cinzas'
const ashWednesdays = new Map<number, string>()

/** Name of the reduced-hours day `civil` is, or undefined for a full day. */
function reducedHours(civil: CivilDay, reduced: ReadonlyMap<string, string>): string | undefined {
  let date = ashWednesdays.get(civil.year)
  if (date === undefined) {
    date = ashWednesday(civil.year)
    ashWednesdays.set(civil.year, date)
  }
  return date === civil.iso ? ASH_WEDNESDAY : reduced.get(civil.iso)
}

// --- texts ------------------------------------------------------------------------------------

const TEXT = {
  disponibilizacao: 'Disponibilização no Diário de Justiça Eletrônico',
  publicacao:
    'Publicação: primeiro dia útil após a disponibilização (CPC, art. 224, § 2º; Lei 11.419/2006, art. 4º, § 3º)',
  fimDeSemana: 'Fim de semana',
  feriado: (nome: string) => `Feriado nacional: ${nome}`,
  fechado: (nome: string) => (nome ? `Fechado pelo tribunal: ${nome}` : 'Fechado pelo tribunal'),
  suspensao: 'Suspensão dos prazos de 20/12 a 20/01 (CPC, art. 220)',
  reduzidoInicio: (nome: string) =>
    `${nome}: expediente reduzido; o início do prazo passa ao dia útil seguinte (CPC, art. 224, § 1º)`,
  reduzidoFim: (nome: string) =>
    `${nome}: expediente reduzido; o vencimento passa ao dia útil seguinte (CPC, art. 224, § 1º)`,
  contado: (n: number, dias: number, reduced: string | undefined) => {
    const mark =
      n === 1 && n === dias
        ? ' — início e vencimento'
        : n === 1
          ? ' — início da contagem'
          : n === dias
            ? ' — vencimento'
            : ''
    const note = reduced ? ` (${reduced}: expediente reduzido, conta no meio do prazo)` : ''
    return `Dia útil ${n} de ${dias}${mark}${note}`
  },
} as const

// --- engine -----------------------------------------------------------------------------------

/** date → reason ('' when none was given); a named entry wins over the same day given without one. */
function dayMap(
  entries: Iterable<string | DiaFechado>,
  fallback: string,
  into = new Map<string, string>(),
): Map<string, string> {
  for (const entry of entries) {
    const [date, motivo] = typeof entry === 'string' ? [entry, fallback] : [entry.data, entry.motivo]
    if (!isIsoDate(date)) throw new TypeError(`Invalid day: "${date}"`)
    if (!into.get(date)) into.set(date, motivo)
  }
  return into
}

/** Why `civil` is not a business day, or null when it is one. */
function nonBusinessReason(
  dayNumber: number,
  civil: CivilDay,
  closed: ReadonlyMap<string, string>,
): Pick<TrilhaItem, 'causa' | 'nome' | 'motivo'> | null {
  const weekday = weekdayOf(dayNumber)
  if (weekday === 0 || weekday === 6) return { causa: 'fim_de_semana', motivo: TEXT.fimDeSemana }
  const holiday = holidayNameOfValidDate(civil.iso)
  if (holiday !== null) return { causa: 'feriado_nacional', nome: holiday, motivo: TEXT.feriado(holiday) }
  const closure = closed.get(civil.iso)
  if (closure !== undefined) {
    return closure
      ? { causa: 'fechado_tribunal', nome: closure, motivo: TEXT.fechado(closure) }
      : { causa: 'fechado_tribunal', motivo: TEXT.fechado('') }
  }
  return null
}

/**
 * Publication, first counted day, due date and the day-by-day trail of a prazo in dias úteis.
 * Throws TypeError on an invalid date and RangeError on `dias` outside 1..MAX_DIAS or a date the
 * holiday calendar does not cover (1900-2099).
 */
export function calcularPrazo(input: CalcularPrazoInput): PrazoCalculado {
  const { disponibilizacao, dias } = input
  if (!isIsoDate(disponibilizacao)) throw new TypeError(`Invalid disponibilização: "${disponibilizacao}"`)
  if (!Number.isInteger(dias) || dias < 1 || dias > MAX_DIAS) {
    throw new RangeError(`dias must be an integer in 1..${MAX_DIAS}, got ${dias}`)
  }
  const closed = dayMap(
    input.fechados ?? [],
    FECHADO_SEM_MOTIVO,
    dayMap(input.courtCalendar ?? [], FECHADO_SEM_MOTIVO),
  )
  const reducedDays = dayMap(input.expedienteReduzido ?? [], 'Expediente reduzido')
  const trilha: TrilhaItem[] = [
    { data: disponibilizacao, tipo: 'disponibilizacao', motivo: TEXT.disponibilizacao },
  ]

  // Publication: the first business day after the availability; the art. 220 suspension plays no part.
  let dayNumber = toDayNumber(disponibilizacao)
  let publicacao: string | undefined
  while (publicacao === undefined) {
    dayNumber++
    const civil = civilFromDays(dayNumber)
    const reason = nonBusinessReason(dayNumber, civil, closed)
    if (reason === null) {
      publicacao = civil.iso
      trilha.push({ data: civil.iso, tipo: 'publicacao', motivo: TEXT.publicacao })
    } else {
      trilha.push({ data: civil.iso, tipo: 'pulado', ...reason })
    }
  }

  // Counting: business days after the publication, outside the suspension; a day with reduced hours
  // (Ash Wednesday, `expedienteReduzido`) counts only in the middle: art. 224 §1 protracts the start
  // and the due date.
  let counted = 0
  let inicio = ''
  let vencimento = ''
  while (counted < dias) {
    dayNumber++
    const civil = civilFromDays(dayNumber)
    const reason = nonBusinessReason(dayNumber, civil, closed)
    if (reason !== null) {
      trilha.push({ data: civil.iso, tipo: 'pulado', ...reason })
      continue
    }
    if (isSuspended(civil.month, civil.day)) {
      trilha.push({ data: civil.iso, tipo: 'pulado', causa: 'suspensao_art_220', motivo: TEXT.suspensao })
      continue
    }
    const reduced = reducedHours(civil, reducedDays)
    if (reduced !== undefined && (counted === 0 || counted === dias - 1)) {
      trilha.push({
        data: civil.iso,
        tipo: 'pulado',
        causa: 'expediente_reduzido',
        nome: reduced,
        motivo: counted === 0 ? TEXT.reduzidoInicio(reduced) : TEXT.reduzidoFim(reduced),
      })
      continue
    }
    counted++
    if (counted === 1) inicio = civil.iso
    if (counted === dias) vencimento = civil.iso
    trilha.push({
      data: civil.iso,
      tipo: 'contado',
      contagem: counted,
      ...(reduced !== undefined ? { nome: reduced } : {}),
      motivo: TEXT.contado(counted, dias, reduced),
    })
  }

  return { publicacao, inicio, vencimento, trilha }
}
