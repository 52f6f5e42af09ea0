// "há 2 dias", "há 3 horas", "ontem": how long ago an instant was, in the page's language, with the
// browser's own Intl (no date library: the landing page uses it and must stay small, decision 004).

const formats = new Map<string, Intl.RelativeTimeFormat>()

export function timeAgo(instant: string, language = 'pt-BR', now = Date.now()): string {
  let format = formats.get(language)
  if (!format) {
    format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' })
    formats.set(language, format)
  }
  const minutes = Math.max(0, Math.round((now - new Date(instant).getTime()) / 60_000))
  if (minutes < 1) return format.format(0, 'second') // 'agora'
  if (minutes < 60) return format.format(-minutes, 'minute')
  const hours = Math.round(minutes / 60)
  if (hours < 24) return format.format(-hours, 'hour')
  const days = Math.round(hours / 24)
  if (days < 30) return format.format(-days, 'day')
  const months = Math.round(days / 30)
  if (months < 12) return format.format(-months, 'month')
  return format.format(-Math.round(months / 12), 'year')
}
