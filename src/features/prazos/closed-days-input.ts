import { isIsoDate, parseDateBR } from '../../lib/br/dates'

/**
 * The calculator's free-text list of closed days ('25/01/2027, 02/03/2027', one per line works too)
 * → ISO dates, or the first entry that is not a date. Lawyers type dates the Brazilian way; ISO is
 * accepted as well because that is what the API and court calendars publish.
 */
export function parseClosedDays(text: string): { dates: string[] } | { invalid: string } {
  const dates: string[] = []
  for (const entry of text.split(/[,;\s]+/)) {
    if (!entry) continue
    const date = isIsoDate(entry) ? entry : parseDateBR(entry)
    if (date === null) return { invalid: entry }
    if (!dates.includes(date)) dates.push(date)
  }
  return { dates }
}
