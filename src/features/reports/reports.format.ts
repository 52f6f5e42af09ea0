import { formatDateBR } from '../../lib/br/dates'
import { formatBRL } from '../../lib/br/money'
import type { Period } from './reports.schema'

// pt-BR formatting shared by the pages and the exports (CSV and PDF read the same words and numbers as the
// screen). Money arrives as exact decimal strings; percentages and hours are display only.

const hours = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
const percent = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 1 })
const decimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 })

/** What the reports show where there is nothing to compute (no rate, no concluded case…). */
export const NONE = '—'

/** 165 minutes → '2,75' (decimal hours, as time is billed). */
export const formatHoras = (minutos: number): string => hours.format(minutos / 60)

/** 0.6667 → '66,7%'; null → '—'. */
export const formatPercent = (value: number | null): string => (value === null ? NONE : percent.format(value))

/** 12.5 → '12,5'; null → '—'. */
export const formatDias = (value: number | null): string => (value === null ? NONE : decimal.format(value))

/** '1234.56' → 'R$ 1.234,56'; null → '—'. */
export const formatMoney = (value: string | null): string => (value === null ? NONE : formatBRL(value))

/** '2026-03' → '03/2026'. */
export const formatMes = (mes: string): string => `${mes.slice(5, 7)}/${mes.slice(0, 4)}`

/** '01/03/2026 a 31/03/2026'. */
export const formatPeriod = (period: Period): string =>
  `${formatDateBR(period.from)} a ${formatDateBR(period.to)}`
