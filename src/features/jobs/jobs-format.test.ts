import { describe, expect, it } from 'vitest'
import { jobLocation } from './jobs-format'

describe('jobLocation', () => {
  it('shows city/state, state, or remote', () => {
    expect(jobLocation({ cidade: 'Curitiba', estado: 'PR', remoto: false }, 'Remoto')).toBe('Curitiba/PR')
    expect(jobLocation({ cidade: null, estado: 'PR', remoto: true }, 'Remoto')).toBe('Remoto · PR')
    expect(jobLocation({ cidade: null, estado: null, remoto: true }, 'Remoto')).toBe('Remoto')
  })
})
