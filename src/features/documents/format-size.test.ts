import { describe, expect, it } from 'vitest'
import { formatSize } from './format-size'

describe('formatSize', () => {
  it('writes sizes the pt-BR way', () => {
    expect(formatSize(0)).toBe('0 B')
    expect(formatSize(1023)).toBe('1023 B')
    expect(formatSize(512 * 1024)).toBe('512 KB')
    expect(formatSize(Math.round(1.2 * 1024 * 1024))).toBe('1,2 MB')
    expect(formatSize(10 * 1024 * 1024)).toBe('10 MB')
    expect(formatSize(1536)).toBe('1,5 KB')
  })

  it('moves up a unit instead of rounding to 1.024', () => {
    expect(formatSize(1024 * 1024 - 1)).toBe('1 MB')
  })

  it('shows a dash for what is not a size', () => {
    expect(formatSize(-1)).toBe('—')
    expect(formatSize(Number.NaN)).toBe('—')
  })
})
