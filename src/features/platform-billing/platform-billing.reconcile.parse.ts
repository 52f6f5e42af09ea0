import { parseDateBR } from '../../lib/br/dates'
import { parseBRLToCents } from '../../lib/br/money'

// The bank statement a superadmin imports in 'Sincronizar Pagamentos' (/admin/financial). Brazilian banks
// export it in several shapes: ';' (Excel pt-BR) or ',' (or tab) between cells, decimal comma, dd/mm/aaaa, a
// UTF-8 BOM, quoted cells. Pure code (no server import) so the dialog's header list and the parser agree.

export const STATEMENT_MAX_BYTES = 2 * 1024 * 1024
export const STATEMENT_MAX_ROWS = 5000

/** Accepted headers (case, accents and punctuation ignored), the first match per column wins. */
export const STATEMENT_HEADERS = {
  date: ['data', 'data lancamento', 'data do lancamento', 'data movimento', 'data pagamento', 'data credito'],
  amount: ['valor', 'valor r', 'valor rs', 'valor credito', 'credito', 'quantia', 'montante'],
  txid: ['txid', 'identificador', 'id transacao', 'id da transacao', 'codigo identificador', 'identificacao'],
} as const

/** The same names as a person reads them (the dialog and the API documentation list these). */
export const STATEMENT_HEADER_LABELS = {
  date: ['Data', 'Data Lançamento', 'Data do Lançamento', 'Data Movimento', 'Data Pagamento', 'Data Crédito'],
  amount: ['Valor', 'Valor (R$)', 'Valor Crédito', 'Crédito', 'Quantia', 'Montante'],
  txid: ['TXID', 'Identificador', 'ID Transação', 'ID da Transação', 'Código Identificador', 'Identificação'],
} as const

export const STATEMENT_ERRORS = {
  empty: 'O arquivo está vazio.',
  header:
    'Cabeçalho não reconhecido: o arquivo precisa das colunas data, valor e txid (ou identificador) na primeira linha.',
  tooManyRows: `O arquivo tem mais de ${STATEMENT_MAX_ROWS} linhas. Divida o extrato em arquivos menores.`,
  unclosedQuote: 'aspas sem fechamento.',
  date: 'data inválida (use dd/mm/aaaa).',
  amount: 'valor inválido (ex.: 97,00).',
  columns:
    'mais colunas que o cabeçalho (com vírgula como separador, valores com vírgula decimal vão entre aspas).',
} as const

export interface StatementLine {
  /** Line of the file where the record starts (the header is line 1). */
  line: number
  /** 'YYYY-MM-DD'. */
  date: string
  amountCents: number
  /** Letters and digits only, upper case: how charges' txids are written (src/lib/br/pix.ts pixTxid). */
  txid: string
}

export interface StatementLineError {
  line: number
  message: string
}

export interface ParsedStatement {
  lines: StatementLine[]
  errors: StatementLineError[]
  /** Records that are not a Pix credit (no txid, a debit or a zero amount): ignored, not errors. */
  skipped: number
}

interface RawRecord {
  line: number
  cells: string[]
}

/** Splits the text into records of cells (RFC 4180 quotes: "" inside a quoted cell, line breaks allowed). */
function records(text: string, separator: string): { records: RawRecord[]; error?: StatementLineError } {
  const out: RawRecord[] = []
  let cells: string[] = []
  let cell = ''
  let quoted = false
  let line = 1
  let start = 1
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"'
        i++
      } else if (ch === '"') quoted = false
      else {
        if (ch === '\n') line++
        cell += ch
      }
    } else if (ch === '"' && cell.trim() === '') {
      quoted = true
      cell = ''
    } else if (ch === separator) {
      cells.push(cell)
      cell = ''
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++
      cells.push(cell)
      out.push({ line: start, cells })
      cells = []
      cell = ''
      line++
      start = line
    } else cell += ch
  }
  if (quoted) return { records: out, error: { line: start, message: STATEMENT_ERRORS.unclosedQuote } }
  if (cell !== '' || cells.length > 0) {
    cells.push(cell)
    out.push({ line: start, cells })
  }
  return { records: out.filter((r) => r.cells.some((c) => c.trim() !== '')) }
}

/** 'Data do Lançamento' → 'data do lancamento'; 'Valor (R$)' → 'valor r'. */
function headerKey(cell: string): string {
  return cell
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
}

/** ';' wins when present (a ',' is then a decimal comma); then a tab; else ','. */
function detectSeparator(firstLine: string): string {
  const outsideQuotes = firstLine.replace(/"[^"]*"/g, '')
  if (outsideQuotes.includes(';')) return ';'
  if (outsideQuotes.includes('\t')) return '\t'
  return ','
}

function columnOf(header: string[], names: readonly string[]): number {
  for (const name of names) {
    const at = header.indexOf(name)
    if (at >= 0) return at
  }
  return -1
}

/** dd/mm/aaaa (also with '-' or '.'), or ISO 'aaaa-mm-dd' as some exports write it; a time part is ignored. */
function parseStatementDate(value: string): string | null {
  const text = value.trim().split(/[\sT]/)[0] ?? ''
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return parseDateBR(text.split('-').reverse().join('/'))
  return parseDateBR(text)
}

export function normalizeTxid(value: string): string {
  return value.replace(/[^A-Za-z0-9]/g, '').toUpperCase()
}

/** '97,00', 'R$ 97,00', '+97,00', '97,00 C' (credit) and '97,00 D' (debit, negative) → centavos. */
function parseStatementAmount(value: string): number | null {
  const marked = /^(.*?)\s*([CD])$/i.exec(value.trim())
  const text = (marked?.[1] ?? value).trim().replace(/^\+/, '')
  const cents = parseBRLToCents(text)
  if (cents === null) return null
  return marked?.[2]?.toUpperCase() === 'D' ? -Math.abs(cents) : cents
}

function lineError(line: number, message: string): StatementLineError {
  return { line, message: `Linha ${line}: ${message}` }
}

/** Reads a statement. Never throws: what cannot be read comes back as pt-BR errors naming the line. */
export function parseStatementCsv(input: string): ParsedStatement {
  const text = input.replace(/^\uFEFF/, '')
  const result: ParsedStatement = { lines: [], errors: [], skipped: 0 }
  const firstLine = text.split(/\r?\n/).find((l) => l.trim() !== '')
  if (firstLine === undefined) return { ...result, errors: [{ line: 1, message: STATEMENT_ERRORS.empty }] }
  const parsed = records(text, detectSeparator(firstLine))
  if (parsed.error) result.errors.push(lineError(parsed.error.line, parsed.error.message))
  const [head, ...body] = parsed.records
  if (!head) return { ...result, errors: [{ line: 1, message: STATEMENT_ERRORS.empty }] }
  const header = head.cells.map(headerKey)
  const col = {
    date: columnOf(header, STATEMENT_HEADERS.date),
    amount: columnOf(header, STATEMENT_HEADERS.amount),
    txid: columnOf(header, STATEMENT_HEADERS.txid),
  }
  if (col.date < 0 || col.amount < 0 || col.txid < 0)
    return { ...result, errors: [{ line: head.line, message: STATEMENT_ERRORS.header }] }
  if (body.length > STATEMENT_MAX_ROWS)
    return { ...result, errors: [{ line: 1, message: STATEMENT_ERRORS.tooManyRows }] }

  for (const record of body) {
    const txid = normalizeTxid(record.cells[col.txid] ?? '')
    const amountCents = parseStatementAmount(record.cells[col.amount] ?? '')
    // A line without txid is not a Pix charge (a fee, a transfer…): nothing to reconcile, nothing wrong.
    if (txid === '') {
      result.skipped++
      continue
    }
    // '97,00' unquoted in a ',' file splits into '97' and '00': refuse the line rather than read R$ 97.
    if (record.cells.slice(head.cells.length).some((cell) => cell.trim() !== '')) {
      result.errors.push(lineError(record.line, STATEMENT_ERRORS.columns))
      continue
    }
    const date = parseStatementDate(record.cells[col.date] ?? '')
    if (date === null) {
      result.errors.push(lineError(record.line, STATEMENT_ERRORS.date))
      continue
    }
    if (amountCents === null) {
      result.errors.push(lineError(record.line, STATEMENT_ERRORS.amount))
      continue
    }
    // Debits (and zero lines) are money leaving the account: never a subscriber paying.
    if (amountCents <= 0) {
      result.skipped++
      continue
    }
    result.lines.push({ line: record.line, date, amountCents, txid })
  }
  return result
}
