// Display helpers of /admin/analytics (pt-BR numbers whatever the UI language: the admin panel's figures).

/** Seconds → 'mm:ss' (minutes may pass 59: '75:03'); null → undefined. */
export function formatSessionTime(seconds: number | null): string | undefined {
  if (seconds === null) return undefined
  const whole = Math.max(0, Math.round(seconds))
  return `${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`
}

const PERCENT = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 1 })

/** 0.3333 → '33,3%'; null → undefined. */
export function formatPercent(rate: number | null): string | undefined {
  return rate === null ? undefined : PERCENT.format(rate)
}

export const formatCount = (value: number) => value.toLocaleString('pt-BR')

/** 'YYYY-MM-DD' → 'dd/MM' for the chart's axis. */
export const shortDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`

/** Each value's share of the total, 0–1 (0 when the total is 0). */
export const shareOf = (value: number, total: number) => (total > 0 ? value / total : 0)
