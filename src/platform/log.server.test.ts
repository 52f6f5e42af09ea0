import { afterEach, describe, expect, it, vi } from 'vitest'
import { log, redact } from './log.server'

/** Milliseconds `fn` takes (best of three, so a GC pause on a busy machine does not decide the test). */
function timed(fn: () => void): number {
  let best = Number.POSITIVE_INFINITY
  for (let run = 0; run < 3; run++) {
    const started = performance.now()
    fn()
    best = Math.min(best, performance.now() - started)
  }
  return best
}

/** What the logger wrote while `fn` ran, one parsed JSON line per entry. */
function captured(fn: () => void): Record<string, unknown>[] {
  const lines: string[] = []
  const capture = (chunk: string | Uint8Array) => {
    lines.push(String(chunk))
    return true
  }
  vi.spyOn(process.stderr, 'write').mockImplementation(capture)
  vi.spyOn(process.stdout, 'write').mockImplementation(capture)
  log.setLevel('debug')
  try {
    fn()
  } finally {
    log.setLevel('silent')
    vi.restoreAllMocks()
  }
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>)
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('redact', () => {
  it('runs in linear time on a long string without "@" (an attacker-sized callbackURL)', () => {
    // Sizes grow 8× at a time: a quadratic scan fails at the first (≈ 0.3 s for 16 k characters) instead
    // of hanging for hours on the megabyte. The second shape has one "@" at the far end, so the e-mail
    // scan really runs over the whole string.
    const shapes = [
      (size: number) => `https://attacker.example/${'a'.repeat(size)}`,
      (size: number) => `${'a'.repeat(size)}@example`,
    ]
    for (const shape of shapes) {
      for (const [size, budgetMs] of [
        [16_000, 20],
        [128_000, 40],
        [1_000_000, 100],
      ] as const) {
        const text = shape(size)
        expect(
          timed(() => redact(text)),
          `${text.slice(-10)}: ${size} characters`,
        ).toBeLessThan(budgetMs)
      }
    }
    // With the dots an e-mail needs, and with "@" everywhere.
    expect(timed(() => redact('ab.'.repeat(350_000)))).toBeLessThan(100)
    expect(timed(() => redact('a@b'.repeat(350_000)))).toBeLessThan(100)
  })

  it('still removes e-mail addresses, CPFs and CNPJs wherever they sit', () => {
    const text = [
      'cliente ana@example.com',
      '<bia.souza+tag@mail.example.com.br>',
      'user=caio@example.org;',
      '"dora@example.net"',
      'CPF 529.982.247-25 e 52998224725',
      'CNPJ 11.222.333/0001-81',
    ].join(' ')
    const output = redact(text)
    for (const secret of [
      'ana@',
      'example.com',
      'bia.souza',
      'caio@',
      'dora@',
      '529.982.247-25',
      '52998224725',
      '11.222.333/0001-81',
    ]) {
      expect(output, secret).not.toContain(secret)
    }
    expect(output).toContain('cliente [redigido]')
    expect(output).toContain('CPF [redigido] e [redigido]')
    // A longer run of digits is not a CPF (an id, a timestamp).
    expect(redact('pedido 1234567890123456')).toBe('pedido 1234567890123456')
  })
})

describe('log', () => {
  it('caps a long value before scrubbing it, so a megabyte costs no more than a line', () => {
    const huge = 'https://attacker.example/' + 'a'.repeat(1_000_000)
    let lines: Record<string, unknown>[] = []
    const elapsed = timed(() => {
      lines = captured(() => {
        log.fromLibrary('better-auth', 'error', `Invalid callbackURL: ${huge}`, [huge])
        log.info('valor longo', { value: huge, nested: { list: [huge] } })
      })
    })
    expect(elapsed).toBeLessThan(50)
    expect(lines).toHaveLength(2)
    for (const line of lines) expect(JSON.stringify(line).length).toBeLessThan(2_000)
    expect(lines[0]?.message).toMatch(/^better-auth: Invalid callbackURL: .*\[truncado: \d+ caracteres\]$/)
    expect(JSON.stringify(lines[1])).toContain('[truncado: 1000025 caracteres]')
  })

  it('never leaves half an e-mail or CPF at the cut', () => {
    for (let shift = 0; shift < 40; shift++) {
      const text = `${'x '.repeat(240 + Math.floor(shift / 2))}${shift % 2 ? 'ana.souza@example.com' : '529.982.247-25'} ${'y '.repeat(400)}`
      const [line] = captured(() => log.info(text))
      const message = String(line?.message)
      expect(message).toContain('[truncado:')
      for (const fragment of ['ana.', 'souza', '@', '529.9', '982.2']) expect(message).not.toContain(fragment)
    }
  })

  it('keeps short values whole', () => {
    const [line] = captured(() => log.info('curto', { route: '/api/clients/:id', n: 3 }))
    expect(line).toMatchObject({ message: 'curto', route: '/api/clients/:id', n: 3 })
  })
})
