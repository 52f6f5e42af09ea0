// CSV that Excel pt-BR opens correctly with a double click: UTF-8 BOM (otherwise Excel reads the file
// as Windows-1252 and mangles accents), ';' as separator (',' is the decimal mark in pt-BR), CRLF
// line ends. Cells are quoted when they contain the separator, a quote or a line break.
//
// Cells that start with = + - @ (or a tab / carriage return) are prefixed with a single quote, so a
// client named '=HYPERLINK(...)' is shown as text instead of run as a formula (OWASP "CSV injection").

export const CSV_BOM = '\uFEFF'
export const CSV_SEPARATOR = ';'
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8'

export type CsvCell = string | number | null | undefined

const FORMULA_START = /^[=+\-@\t\r]/

/** One cell, neutralised and quoted as needed. Numbers are written as given (format them first for pt-BR). */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return ''
  let text = String(value)
  if (FORMULA_START.test(text)) text = `'${text}`
  if (/[;"\r\n]/.test(text)) text = `"${text.replace(/"/g, '""')}"`
  return text
}

export function csvRow(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(CSV_SEPARATOR)}\r\n`
}

/** The whole document: BOM, header and rows. */
export function toCsv(header: readonly string[], rows: Iterable<readonly CsvCell[]>): string {
  let out = CSV_BOM + csvRow(header)
  for (const row of rows) out += csvRow(row)
  return out
}
