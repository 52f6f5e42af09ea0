/**
 * The 27 Brazilian federative units (26 states + Distrito Federal), by sigla.
 *
 * Kept in alphabetical order of the sigla because that is how UI selects list them; code that
 * needs another order (the CNJ tribunal table, for instance) keeps its own ordered list.
 */
export const UFS = [
  'AC',
  'AL',
  'AM',
  'AP',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MG',
  'MS',
  'MT',
  'PA',
  'PB',
  'PE',
  'PI',
  'PR',
  'RJ',
  'RN',
  'RO',
  'RR',
  'RS',
  'SC',
  'SE',
  'SP',
  'TO',
] as const

export type Uf = (typeof UFS)[number]

/** Full names, in pt-BR, for labels and selects. */
export const UF_NAMES: Readonly<Record<Uf, string>> = {
  AC: 'Acre',
  AL: 'Alagoas',
  AM: 'Amazonas',
  AP: 'Amapá',
  BA: 'Bahia',
  CE: 'Ceará',
  DF: 'Distrito Federal',
  ES: 'Espírito Santo',
  GO: 'Goiás',
  MA: 'Maranhão',
  MG: 'Minas Gerais',
  MS: 'Mato Grosso do Sul',
  MT: 'Mato Grosso',
  PA: 'Pará',
  PB: 'Paraíba',
  PE: 'Pernambuco',
  PI: 'Piauí',
  PR: 'Paraná',
  RJ: 'Rio de Janeiro',
  RN: 'Rio Grande do Norte',
  RO: 'Rondônia',
  RR: 'Roraima',
  RS: 'Rio Grande do Sul',
  SC: 'Santa Catarina',
  SE: 'Sergipe',
  SP: 'São Paulo',
  TO: 'Tocantins',
}

// A Set makes the type guard O(1) and, unlike `in UF_NAMES`, ignores prototype keys such as 'constructor'.
const UF_SET: ReadonlySet<string> = new Set(UFS)

/** Exact (uppercase) match only; use `normalizeUf` for user input. */
export function isUf(value: unknown): value is Uf {
  return typeof value === 'string' && UF_SET.has(value)
}

/** Trims and uppercases user input ('sp ' → 'SP'); null when it is not one of the 27 UFs. */
export function normalizeUf(value: string | null | undefined): Uf | null {
  if (typeof value !== 'string') return null
  const upper = value.trim().toUpperCase()
  return isUf(upper) ? upper : null
}
