import { describe, expect, it } from 'vitest'
import { platformTitle } from './platform-title'

describe('platformTitle', () => {
  it("replaces 'JusConecta' by the platform's name", () => {
    expect(platformTitle('Clientes - JusConecta', 'Advocacia Lima')).toBe('Clientes - Advocacia Lima')
    expect(platformTitle('Sem marca', 'Advocacia Lima')).toBe('Sem marca')
  })

  it("keeps a title already renamed, also when the name contains 'JusConecta'", () => {
    const name = 'JusConecta Sul'
    const once = platformTitle('JusConecta - Dashboard', name)
    expect(once).toBe('JusConecta Sul - Dashboard')
    // The frame's observer runs it again on its own write: the same title must come back, or it loops.
    expect(platformTitle(once, name)).toBe(once)
    expect(platformTitle('Manutenção - JusConecta Sul', name)).toBe('Manutenção - JusConecta Sul')
    expect(platformTitle('JusConecta e JusConecta Sul', name)).toBe('JusConecta Sul e JusConecta Sul')
  })
})
