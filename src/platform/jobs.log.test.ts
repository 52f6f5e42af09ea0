import { afterEach, describe, expect, it, vi } from 'vitest'
import { logPgBossError } from './jobs.server'
import { log } from './log.server'

// Issue 24, item 16: during a database outage pg-boss emits failures as plain copies of the error
// (`{ ...error, message, stack, queue }`), which reached the log field by field, message and stack included.

function captureErrors(): string[] {
  const lines: string[] = []
  log.setLevel('error')
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    lines.push(String(chunk))
    return true
  })
  return lines
}

afterEach(() => {
  vi.restoreAllMocks()
  log.setLevel((process.env.LOG_LEVEL as 'info' | undefined) ?? 'info')
})

describe('logPgBossError', () => {
  it('writes a plain copy of a failed query as class, code and code locations only', () => {
    const lines = captureErrors()
    const message = 'insert into clients values ($1) — ana.souza@example.com 529.982.247-25'
    logPgBossError({
      name: 'error',
      code: '57P01',
      severity: 'FATAL',
      detail: 'Key (documento)=(52998224725) already exists.',
      message,
      stack: `error: ${message}\n    at Manager.fetch (file:///app/node_modules/pg-boss/dist/manager.js:10:5)`,
      queue: 'agenda.reminder',
      worker: 'w-1',
    })
    expect(lines).toHaveLength(1)
    const line = JSON.parse(lines[0] ?? '{}') as {
      message: string
      queue: string
      error: Record<string, unknown>
    }
    expect(line.message).toBe('jobs: erro no pg-boss')
    expect(line.queue).toBe('agenda.reminder')
    expect(line.error).toEqual({
      name: 'PgBossError',
      code: '57P01',
      frames: ['at Manager.fetch (file:///app/node_modules/pg-boss/dist/manager.js:10:5)'],
    })
    for (const secret of ['insert into', 'example.com', '529.982', 'Key (documento)', 'FATAL']) {
      expect(lines[0]).not.toContain(secret)
    }
  })

  it('writes a real error as its summary, and survives a value that is not an object', () => {
    const lines = captureErrors()
    const error = Object.assign(new TypeError('conexão perdida com ana@example.com'), { code: 'ECONNRESET' })
    logPgBossError(error)
    logPgBossError('texto solto')
    expect(lines).toHaveLength(2)
    const first = JSON.parse(lines[0] ?? '{}') as { error: { name: string; code: string } }
    expect(first.error).toMatchObject({ name: 'TypeError', code: 'ECONNRESET' })
    expect(lines.join('')).not.toContain('example.com')
    expect(lines[1]).not.toContain('texto solto')
  })
})
