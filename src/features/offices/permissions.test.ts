import { describe, expect, it } from 'vitest'
import { NIVEIS_ACESSO } from './offices.schema'
import { accessLevel, CAPABILITIES, can } from './permissions'

/** The partial cells whose services narrow them (issue 10): only these pass the route as 'partial'. */
const NARROWED = new Set(['cases.view', 'cases.edit', 'clients.manage', 'reports.full', 'financial.manage'])

describe('permission matrix at the route (deny by default)', () => {
  it("grants the 'full' cells, and a 'partial' cell only where its service narrows it", () => {
    for (const capability of CAPABILITIES) {
      for (const nivel of NIVEIS_ACESSO) {
        const level = accessLevel(nivel, capability)
        expect(can(nivel, capability), `${nivel} ${capability}`).toBe(
          level === 'full' || (level === 'partial' && NARROWED.has(capability)),
        )
      }
    }
  })

  it('keeps the spec §6 cells as stated (partial stays partial in the matrix)', () => {
    expect(accessLevel('estagiario', 'cases.view')).toBe('partial')
    expect(accessLevel('associado', 'financial.manage')).toBe('partial')
    expect(can('estagiario', 'cases.view')).toBe(true)
    expect(can('estagiario', 'cases.edit')).toBe(true)
    expect(can('estagiario', 'cases.delete')).toBe(false)
    expect(can('estagiario', 'clients.manage')).toBe(true)
    expect(can('estagiario', 'clients.create')).toBe(false)
    expect(can('estagiario', 'clients.delete')).toBe(false)
    expect(can('assistente', 'clients.create')).toBe(true)
    expect(can('assistente', 'clients.delete')).toBe(true)
    expect(can('assistente', 'clients.manage')).toBe(true)
    expect(can('assistente', 'cases.view')).toBe(false)
    expect(can('associado', 'cases.edit')).toBe(true)
    expect(can('associado', 'cases.delete')).toBe(true)
    // Issue 11: the financial module narrows the associado to the entries of their cases.
    expect(can('associado', 'financial.manage')).toBe(true)
    // Issue 11: the reports narrow the associado to their own cases and hours.
    expect(can('associado', 'reports.full')).toBe(true)
    for (const nivel of NIVEIS_ACESSO) expect(can(nivel, 'team.manage'), nivel).toBe(nivel === 'socio')
    for (const nivel of NIVEIS_ACESSO) expect(can(nivel, 'agenda.manage'), nivel).toBe(true)
    for (const nivel of NIVEIS_ACESSO) expect(can(nivel, 'agenda.settings'), nivel).toBe(nivel === 'socio')
  })
})
