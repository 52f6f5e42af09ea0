import type { Uf } from './uf'

/**
 * CNJ unified process number (Número Único de Processo, Resolução CNJ 65/2008):
 * NNNNNNN-DD.AAAA.J.TR.OOOO — sequencial, check digits, filing year, justice segment, tribunal,
 * originating unit. 20 digits in total.
 *
 * Implemented here instead of wrapping @brazilian-utils' processo-jurídico helpers because we
 * need the parsed fields and the court names, which the library does not expose; the tests
 * cross-check validation against it.
 */

export type CnjParts = {
  /** NNNNNNN, 7 digits. */
  sequencial: string
  /** DD, the 2 check digits as written. */
  digito: string
  /** AAAA, filing year. */
  ano: string
  /** J, justice segment (1-9). */
  segmento: string
  /** TR, tribunal inside the segment (2 digits). */
  tribunal: string
  /** OOOO, originating unit (vara/foro), codified by each tribunal. */
  origem: string
  /** The 20 bare digits. */
  digits: string
  /** NNNNNNN-DD.AAAA.J.TR.OOOO */
  formatted: string
}

export type CnjCourt = {
  segmento: string
  segmentoNome: string
  tribunal: string
  /** Court acronym: 'TJSP', 'TRF3', 'TRT2', 'TRE-RJ', 'TJM-MG', 'STJ', '1ª CJM'… */
  sigla: string
  /** State of the court for state-based tribunals (TJ, TRE, TJM); null when it spans or has none. */
  uf: Uf | null
}

export const CNJ_SEGMENT_NAMES: Readonly<Record<string, string>> = {
  '1': 'Supremo Tribunal Federal',
  '2': 'Conselho Nacional de Justiça',
  '3': 'Superior Tribunal de Justiça',
  '4': 'Justiça Federal',
  '5': 'Justiça do Trabalho',
  '6': 'Justiça Eleitoral',
  '7': 'Justiça Militar da União',
  '8': 'Justiça Estadual',
  '9': 'Justiça Militar Estadual',
}

/**
 * TR codes 01..27 for the state-based segments (J = 6, 8, 9). CNJ orders them alphabetically by
 * the *state name* (Amapá before Amazonas, Mato Grosso before Mato Grosso do Sul before Minas
 * Gerais, Paraná before Pernambuco, Rio Grande do Sul before Rondônia), which is not the order of
 * the siglas — hence an explicit table instead of sorting UFS.
 */
export const CNJ_STATE_ORDER: readonly Uf[] = [
  'AC', // 01
  'AL', // 02
  'AP', // 03
  'AM', // 04
  'BA', // 05
  'CE', // 06
  'DF', // 07
  'ES', // 08
  'GO', // 09
  'MA', // 10
  'MT', // 11
  'MS', // 12
  'MG', // 13
  'PA', // 14
  'PB', // 15
  'PR', // 16
  'PE', // 17
  'PI', // 18
  'RJ', // 19
  'RN', // 20
  'RS', // 21
  'RO', // 22
  'RR', // 23
  'SC', // 24
  'SE', // 25
  'SP', // 26
  'TO', // 27
]

/** Two-digit TR code of a state in the CNJ table: 'SP' → '26'. */
export function cnjTribunalCodeOfUf(uf: Uf): string {
  return String(CNJ_STATE_ORDER.indexOf(uf) + 1).padStart(2, '0')
}

function ufOfTribunal(tr: number): Uf | null {
  return tr >= 1 && tr <= 27 ? (CNJ_STATE_ORDER[tr - 1] ?? null) : null
}

// State military courts exist only in MG, RS and SP; elsewhere military cases go to the TJ.
const STATE_MILITARY_COURTS: ReadonlySet<number> = new Set([13, 21, 26])

/** Sigla and UF for a (J, TR) pair, or null when Resolução 65/2008 defines no such tribunal. */
function lookupCourt(segment: number, tr: number): { sigla: string; uf: Uf | null } | null {
  switch (segment) {
    case 1:
      return tr === 0 ? { sigla: 'STF', uf: null } : null
    case 2:
      return tr === 0 ? { sigla: 'CNJ', uf: null } : null
    case 3:
      return tr === 0 ? { sigla: 'STJ', uf: null } : null
    case 4:
      // TR 90 is the Conselho da Justiça Federal; TRF6 (MG) exists since 2022.
      if (tr === 90) return { sigla: 'CJF', uf: null }
      return tr >= 1 && tr <= 6 ? { sigla: `TRF${tr}`, uf: null } : null
    case 5:
      // TR 00 is the TST; TR 90 the Conselho Superior da Justiça do Trabalho. TRT regions do not map
      // 1:1 to states (TRT2 and TRT15 are both SP), so no UF.
      if (tr === 0) return { sigla: 'TST', uf: null }
      if (tr === 90) return { sigla: 'CSJT', uf: null }
      return tr >= 1 && tr <= 24 ? { sigla: `TRT${tr}`, uf: null } : null
    case 6: {
      if (tr === 0) return { sigla: 'TSE', uf: null }
      const uf = ufOfTribunal(tr)
      return uf === null ? null : { sigla: `TRE-${uf}`, uf }
    }
    case 7:
      // TR 00 is the STM; 01..12 are the Circunscrições Judiciárias Militares (first instance).
      if (tr === 0) return { sigla: 'STM', uf: null }
      return tr >= 1 && tr <= 12 ? { sigla: `${tr}ª CJM`, uf: null } : null
    case 8: {
      const uf = ufOfTribunal(tr)
      if (uf === null) return null
      return { sigla: uf === 'DF' ? 'TJDFT' : `TJ${uf}`, uf }
    }
    case 9: {
      const uf = STATE_MILITARY_COURTS.has(tr) ? ufOfTribunal(tr) : null
      return uf === null ? null : { sigla: `TJM-${uf}`, uf }
    }
    default:
      return null
  }
}

/** Every TR code (2 digits) that exists in a segment, in ascending order. */
export function cnjTribunalsOfSegment(segmento: number | string): string[] {
  const segment = Number(segmento)
  const codes: string[] = []
  for (let tr = 0; tr <= 99; tr++) {
    if (lookupCourt(segment, tr) !== null) codes.push(String(tr).padStart(2, '0'))
  }
  return codes
}

const CNJ_PATTERN = /^(\d{7})[-.\s]?(\d{2})[-.\s]?(\d{4})[-.\s]?(\d)[-.\s]?(\d{2})[-.\s]?(\d{4})$/

/** Digits → mod 97, one digit at a time, because the 22-digit operand overflows a double. */
function mod97(digits: string): number {
  let rest = 0
  for (const ch of digits) rest = (rest * 10 + Number(ch)) % 97
  return rest
}

/**
 * The check digits DD for the other fields (ISO 7064 MOD 97-10, as in Resolução 65/2008 Anexo VIII):
 * DD = 98 - (NNNNNNN AAAA J TR OOOO 00 mod 97).
 */
export function computeCnjCheckDigits(
  sequencial: string,
  ano: string,
  segmento: string,
  tribunal: string,
  origem: string,
): string {
  const body = `${sequencial}${ano}${segmento}${tribunal}${origem}`
  if (!/^\d{18}$/.test(body)) throw new TypeError(`CNJ fields must total 18 digits, got "${body}"`)
  return String(98 - mod97(`${body}00`)).padStart(2, '0')
}

/**
 * Splits a CNJ number, masked ('0001234-71.2024.8.26.0100') or bare (20 digits), into its fields.
 * Only the shape is checked; use `isValidCnj` for the check digits and the court.
 */
export function parseCnj(value: string | null | undefined): CnjParts | null {
  if (typeof value !== 'string') return null
  const match = CNJ_PATTERN.exec(value.trim())
  if (match === null) return null
  const [, sequencial, digito, ano, segmento, tribunal, origem] = match
  if (
    sequencial === undefined ||
    digito === undefined ||
    ano === undefined ||
    segmento === undefined ||
    tribunal === undefined ||
    origem === undefined
  ) {
    return null
  }
  return {
    sequencial,
    digito,
    ano,
    segmento,
    tribunal,
    origem,
    digits: `${sequencial}${digito}${ano}${segmento}${tribunal}${origem}`,
    formatted: `${sequencial}-${digito}.${ano}.${segmento}.${tribunal}.${origem}`,
  }
}

/**
 * Shape + check digits, and by default that J.TR names a tribunal Resolução 65/2008 defines
 * (e.g. '8.28' is rejected: there is no 28th TJ). Pass `requireKnownCourt: false` to check only
 * the digits.
 */
export function isValidCnj(
  value: string | null | undefined,
  options: { requireKnownCourt?: boolean | undefined } = {},
): boolean {
  const parts = parseCnj(value)
  if (parts === null) return false
  const expected = computeCnjCheckDigits(
    parts.sequencial,
    parts.ano,
    parts.segmento,
    parts.tribunal,
    parts.origem,
  )
  if (expected !== parts.digito) return false
  return options.requireKnownCourt === false || courtOf(parts) !== null
}

/** '00012347120248260100' → '0001234-71.2024.8.26.0100'; input that is not CNJ-shaped is returned unchanged. */
export function formatCnj(value: string | null | undefined): string {
  if (typeof value !== 'string') return ''
  return parseCnj(value)?.formatted ?? value
}

/** Progressive mask for an input being typed: '00012347120' → '0001234-71.20'. */
export function maskCnjInput(partial: string | null | undefined): string {
  const digits = typeof partial === 'string' ? partial.replace(/\D/g, '').slice(0, 20) : ''
  let out = ''
  for (let i = 0; i < digits.length; i++) {
    if (i === 7) out += '-'
    else if (i === 9 || i === 13 || i === 14 || i === 16) out += '.'
    out += digits.charAt(i)
  }
  return out
}

/** Segment name and court acronym for a CNJ number (string or parsed); null if not CNJ-shaped or unknown court. */
export function courtOf(cnj: string | CnjParts | null | undefined): CnjCourt | null {
  const parts = typeof cnj === 'string' ? parseCnj(cnj) : (cnj ?? null)
  if (parts === null) return null
  const court = lookupCourt(Number(parts.segmento), Number(parts.tribunal))
  const segmentoNome = CNJ_SEGMENT_NAMES[parts.segmento]
  if (court === null || segmentoNome === undefined) return null
  return {
    segmento: parts.segmento,
    segmentoNome,
    tribunal: parts.tribunal,
    sigla: court.sigla,
    uf: court.uf,
  }
}

function randomInt(min: number, max: number): number {
  return min + Math.floor(Math.random() * (max - min + 1))
}

export type GenerateCnjOptions = {
  /** Filing year (default: current year). */
  ano?: number | undefined
  /** J, 1-9 (default 8, state courts, where most cases are). */
  segmento?: number | string | undefined
  /** TR (default: a random tribunal of the segment). */
  tribunal?: number | string | undefined
  /** OOOO (default: random 0001-9999, or 0000 for the superior courts, whose TR is 00). */
  origem?: number | string | undefined
  /** NNNNNNN (default: random). */
  sequencial?: number | string | undefined
  /** Return the masked form (default true: a bare 20-digit run is unreadable in demo data). */
  formatted?: boolean | undefined
}

/**
 * A CNJ number with correct check digits and an existing court, for demo/seed data
 * (Math.random, not for anything security related). Throws RangeError for a year outside
 * 1000-9999, an unknown segment/tribunal pair, or out-of-range origem/sequencial.
 */
export function generateCnj(options: GenerateCnjOptions = {}): string {
  const ano = options.ano ?? new Date().getFullYear()
  if (!Number.isInteger(ano) || ano < 1000 || ano > 9999) throw new RangeError(`Invalid CNJ year: ${ano}`)

  const segment = Number(options.segmento ?? 8)
  const tribunals = cnjTribunalsOfSegment(segment)
  let tribunal: string
  if (options.tribunal === undefined) {
    const picked = tribunals[randomInt(0, tribunals.length - 1)]
    if (picked === undefined) throw new RangeError(`Unknown CNJ segment: ${String(options.segmento)}`)
    tribunal = picked
  } else {
    tribunal = String(options.tribunal).padStart(2, '0')
    if (!tribunals.includes(tribunal)) {
      throw new RangeError(`Unknown CNJ court: ${String(options.segmento ?? 8)}.${tribunal}`)
    }
  }

  const origem = toFixedDigits(options.origem ?? (tribunal === '00' ? 0 : randomInt(1, 9999)), 4, 'origem')
  const sequencial = toFixedDigits(options.sequencial ?? randomInt(1, 9_999_999), 7, 'sequencial')
  const segmento = String(segment)
  const anoStr = String(ano)
  const digito = computeCnjCheckDigits(sequencial, anoStr, segmento, tribunal, origem)
  return options.formatted === false
    ? `${sequencial}${digito}${anoStr}${segmento}${tribunal}${origem}`
    : `${sequencial}-${digito}.${anoStr}.${segmento}.${tribunal}.${origem}`
}

function toFixedDigits(value: number | string, width: number, field: string): string {
  const text = String(value).padStart(width, '0')
  if (!new RegExp(`^\\d{${width}}$`).test(text))
    throw new RangeError(`Invalid CNJ ${field}: ${String(value)}`)
  return text
}
