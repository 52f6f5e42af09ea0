/** Minimal structured logger: one JSON line per event on stderr (info on stdout), level from LOG_LEVEL. */
type Level = 'error' | 'info' | 'debug'
const ORDER: Record<Level | 'silent', number> = { silent: 0, error: 1, info: 2, debug: 3 }
let threshold = ORDER[(process.env.LOG_LEVEL as Level | undefined) ?? 'info'] ?? ORDER.info

function write(level: Level, message: string, data?: Record<string, unknown>) {
  if (ORDER[level] > threshold) return
  const extra = data
    ? Object.fromEntries(
        Object.entries(data).map(([key, value]) => [
          key,
          value instanceof Error ? (value.stack ?? value.message) : value,
        ]),
      )
    : {}
  const line = JSON.stringify({ time: new Date().toISOString(), level, message, ...extra })
  if (level === 'error') process.stderr.write(`${line}\n`)
  else process.stdout.write(`${line}\n`)
}

export const log = {
  setLevel: (level: Level | 'silent') => {
    threshold = ORDER[level]
  },
  error: (message: string, data?: Record<string, unknown>) => write('error', message, data),
  info: (message: string, data?: Record<string, unknown>) => write('info', message, data),
  debug: (message: string, data?: Record<string, unknown>) => write('debug', message, data),
}
