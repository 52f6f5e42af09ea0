/**
 * Minimal structured logger: one JSON line per event on stderr (info on stdout), level from LOG_LEVEL.
 *
 * The log must never hold personal data (LGPD): an error is written as its class, code, constraint, table
 * and column names and code locations only — never its message, which for a failed query embeds the SQL
 * parameters (CPF, e-mail, address, password hash), nor PostgreSQL's `detail` ("Key (documento)=(…)").
 * Strings are scrubbed of e-mail addresses and CPF/CNPJ-shaped numbers as a second line of defence, after
 * being cut to MAX_LOGGED_CHARS: a client-chosen value (better-auth logs `Invalid callbackURL: <value>`) must
 * cost no more than a line, and the scrub must stay linear in any case (issue 24, item 12).
 */
type Level = 'error' | 'info' | 'debug'
const ORDER: Record<Level | 'silent', number> = { silent: 0, error: 1, info: 2, debug: 3 }
let threshold = ORDER[(process.env.LOG_LEVEL as Level | undefined) ?? 'info'] ?? ORDER.info

const REDACTED = '[redigido]'
/**
 * The lookbehind lets a match start only where a token starts. Without it, a long run of address characters
 * with no "@" was rescanned from every one of its positions: quadratic, 3.5 s for a 60 kB string, during which
 * the whole server waited. A leftmost match always started at a token's start anyway, so what is removed
 * is the same.
 */
const EMAIL = /(?<![^\s@"'<>()[\]{},;:])[^\s@"'<>()[\]{},;:]+@[^\s@"'<>()[\]{},;:]+\.[^\s@"'<>()[\]{},;:]+/g
// CPF (11 digits) or CNPJ (14), formatted or not, not inside a longer run of digits.
const CPF_OR_CNPJ =
  /(?<![\dA-Za-z])(?:\d{3}\.?\d{3}\.?\d{3}-?\d{2}|\d{2}\.?\d{3}\.?\d{3}\/?\d{4}-?\d{2})(?![\dA-Za-z])/g

export function redact(text: string): string {
  const withoutEmails = text.includes('@') ? text.replace(EMAIL, REDACTED) : text
  return withoutEmails.replace(CPF_OR_CNPJ, REDACTED)
}

/** Longest string written as is; a longer one is cut and says how long it was. */
const MAX_LOGGED_CHARS = 500
// What separates tokens for the cut: an e-mail or a CPF never contains one of these.
const TOKEN_END = /[\s"'<>()[\]{},;:]/

/**
 * A string as it may be logged: cut to MAX_LOGGED_CHARS, then scrubbed. A token the cut goes through is
 * dropped whole, so half an address or a CPF ('ana.souza@exa', '529.982.2') can't escape the scrub.
 */
function clean(text: string): string {
  if (text.length <= MAX_LOGGED_CHARS) return redact(text)
  let end = MAX_LOGGED_CHARS
  const cutsToken = !TOKEN_END.test(text.charAt(end))
  while (cutsToken && end > 0 && !TOKEN_END.test(text.charAt(end - 1))) end--
  return `${redact(text.slice(0, end))}…[truncado: ${text.length} caracteres]`
}

/** What of an error may be logged: names and codes, never values. */
export interface ErrorSummary {
  name: string
  code?: string
  constraint?: string
  table?: string
  column?: string
  schema?: string
  routine?: string
  /** Code locations of the outermost error (`at fn (file:line:col)`), without its message. */
  frames?: string[]
  cause?: ErrorSummary
}

const IDENTIFIER = /^[\w.$-]{1,128}$/

function field(error: object, key: string): string | undefined {
  const value = (error as Record<string, unknown>)[key]
  // pg codes are 5 characters, names are identifiers: anything else could carry data.
  return typeof value === 'string' && IDENTIFIER.test(value) ? value : undefined
}

export function summarizeError(error: unknown, depth = 0): ErrorSummary {
  if (!error || typeof error !== 'object') return { name: typeof error }
  const className = (error as { constructor?: { name?: unknown } }).constructor?.name
  const name =
    typeof className === 'string' &&
    className !== 'Error' &&
    className !== 'Object' &&
    IDENTIFIER.test(className)
      ? className
      : (field(error, 'name') ?? 'Error')
  const summary: ErrorSummary = { name }
  for (const key of ['code', 'constraint', 'table', 'column', 'schema', 'routine'] as const) {
    const value = field(error, key)
    if (value) summary[key] = value
  }
  if (depth === 0 && error instanceof Error && error.stack) {
    summary.frames = error.stack
      .split('\n')
      .filter((line) => /^\s+at /.test(line))
      .slice(0, 8)
      .map((line) => clean(line.trim()))
  }
  const cause = (error as { cause?: unknown }).cause
  if (cause && depth < 4) summary.cause = summarizeError(cause, depth + 1)
  return summary
}

const MAX_DEPTH = 6
const MAX_ENTRIES = 50

/** A value as it may appear in the log: strings cleaned, errors summarised, containers bounded. */
function safe(value: unknown, depth = 0): unknown {
  if (value instanceof Error) return summarizeError(value)
  if (typeof value === 'string') return clean(value)
  if (Array.isArray(value)) {
    if (depth >= MAX_DEPTH) return '[objeto omitido]'
    return value.slice(0, MAX_ENTRIES).map((item) => safe(item, depth + 1))
  }
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    if (depth >= MAX_DEPTH) return '[objeto omitido]'
    const entries = Object.entries(value).slice(0, MAX_ENTRIES)
    return Object.fromEntries(entries.map(([key, item]) => [key, safe(item, depth + 1)]))
  }
  return value
}

function write(level: Level, message: string, data?: Record<string, unknown>) {
  if (ORDER[level] > threshold) return
  const extra = data ? Object.fromEntries(Object.entries(data).map(([key, value]) => [key, safe(value)])) : {}
  const line = JSON.stringify({ time: new Date().toISOString(), level, message: clean(message), ...extra })
  if (level === 'error') process.stderr.write(`${line}\n`)
  else process.stdout.write(`${line}\n`)
}

/**
 * A library's log call (better-auth's `logger.log`): its message and string arguments are cut and scrubbed
 * (by write), an error argument becomes its summary, and any other object (a user, a request body) is left
 * out entirely.
 */
function fromLibrary(source: string, level: string, message: string, args: unknown[]) {
  const details = args.map((arg) =>
    arg instanceof Error
      ? summarizeError(arg)
      : arg !== null && typeof arg === 'object'
        ? '[objeto omitido]'
        : arg,
  )
  const target: Level = level === 'error' ? 'error' : level === 'debug' ? 'debug' : 'info'
  write(target, `${source}: ${message}`, details.length ? { details } : undefined)
}

export const log = {
  setLevel: (level: Level | 'silent') => {
    threshold = ORDER[level]
  },
  error: (message: string, data?: Record<string, unknown>) => write('error', message, data),
  info: (message: string, data?: Record<string, unknown>) => write('info', message, data),
  debug: (message: string, data?: Record<string, unknown>) => write('debug', message, data),
  fromLibrary,
}
