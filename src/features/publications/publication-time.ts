const timeFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})

/** An instant's 'hh:mm' in São Paulo ('Última busca: 06:02'). */
export function formatTimeSP(instant: string): string {
  const date = new Date(instant)
  return Number.isNaN(date.getTime()) ? '' : timeFormat.format(date)
}

const dayFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
})

/** 'hh:mm' for an instant of today (São Paulo), 'dd/mm/aaaa hh:mm' for an older one. */
export function formatRecentSP(instant: string, now = new Date()): string {
  const date = new Date(instant)
  if (Number.isNaN(date.getTime())) return ''
  const time = timeFormat.format(date)
  return dayFormat.format(date) === dayFormat.format(now) ? time : `${dayFormat.format(date)} ${time}`
}
