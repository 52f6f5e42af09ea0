const UNITS = ['B', 'KB', 'MB', 'GB'] as const
const STEP = 1024

/**
 * A file size as people read it in pt-BR: '0 B', '512 KB', '1,2 MB' (binary steps, as file managers show;
 * one decimal only below 10 of a unit, where it still says something).
 */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—'
  let value = bytes
  let unit = 0
  while (value >= STEP && unit < UNITS.length - 1) {
    value /= STEP
    unit++
  }
  let digits = unit > 0 && value < 10 ? 1 : 0
  let rounded = round(value, digits)
  // 1023.96 KB would print '1.024 KB': move up a unit instead.
  if (rounded >= STEP && unit < UNITS.length - 1) {
    value /= STEP
    unit++
    digits = 1
    rounded = round(value, digits)
  }
  return `${new Intl.NumberFormat('pt-BR', { maximumFractionDigits: digits, useGrouping: false }).format(rounded)} ${UNITS[unit]}`
}

function round(value: number, digits: number) {
  const factor = 10 ** digits
  return Math.round(value * factor) / factor
}
