import { describe, expect, it } from 'vitest'
import { timeAgo } from './relative-time'

describe('timeAgo', () => {
  const now = Date.parse('2026-11-25T12:00:00Z')
  it('speaks pt-BR', () => {
    expect(timeAgo('2026-11-22T12:00:00Z', 'pt-BR', now)).toBe('há 3 dias')
    expect(timeAgo('2026-11-25T09:00:00Z', 'pt-BR', now)).toBe('há 3 horas')
    expect(timeAgo('2026-11-24T12:00:00Z', 'pt-BR', now)).toBe('ontem')
    expect(timeAgo('2026-11-25T11:59:50Z', 'pt-BR', now)).toBe('agora')
  })
})
