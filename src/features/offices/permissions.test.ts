import { describe, expect, it } from 'vitest'
import { NIVEIS_ACESSO } from './offices.schema'
import { accessLevel, can, type Capability } from './permissions'

const CAPABILITIES: Capability[] = [
  'clients.manage',
  'cases.view',
  'cases.edit',
  'financial.manage',
  'team.manage',
  'reports.full',
  'agenda.manage',
]

describe('permission matrix at the route (deny by default)', () => {
  it("grants exactly the 'full' cells: a 'partial' cell is denied until its service narrows it", () => {
    for (const capability of CAPABILITIES) {
      for (const nivel of NIVEIS_ACESSO) {
        expect(can(nivel, capability), `${nivel} ${capability}`).toBe(
          accessLevel(nivel, capability) === 'full',
        )
      }
    }
  })

  it('keeps the spec §6 cells as stated (partial stays partial in the matrix)', () => {
    expect(accessLevel('estagiario', 'cases.view')).toBe('partial')
    expect(accessLevel('associado', 'financial.manage')).toBe('partial')
    expect(can('estagiario', 'clients.manage')).toBe(false)
    expect(can('assistente', 'clients.manage')).toBe(true)
    expect(can('assistente', 'cases.view')).toBe(false)
    expect(can('associado', 'cases.edit')).toBe(true)
    expect(can('associado', 'reports.full')).toBe(false)
    for (const nivel of NIVEIS_ACESSO) expect(can(nivel, 'agenda.manage'), nivel).toBe(true)
  })
})
