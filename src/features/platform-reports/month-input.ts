/** 'YYYY-MM' of this month (or `back` months before it) in the browser's calendar: the month inputs' default. */
export function monthInput(back = 0): string {
  const date = new Date()
  date.setDate(1)
  date.setMonth(date.getMonth() - back)
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`
}
