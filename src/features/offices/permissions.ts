import type { NivelAcesso } from './offices.schema'

export type { NivelAcesso }

/**
 * Spec §6 permission matrix. 'partial' rows are granted here and narrowed inside the feature (e.g. an
 * estagiário sees the cases assigned to them once assignment exists); 'none' is denied at the route.
 */
const MATRIX = {
  'clients.manage': { socio: 'full', associado: 'full', estagiario: 'partial', assistente: 'full' },
  'cases.view': { socio: 'full', associado: 'full', estagiario: 'partial', assistente: 'none' },
  'cases.edit': { socio: 'full', associado: 'full', estagiario: 'partial', assistente: 'none' },
  'financial.manage': { socio: 'full', associado: 'partial', estagiario: 'none', assistente: 'none' },
  'team.manage': { socio: 'full', associado: 'none', estagiario: 'none', assistente: 'none' },
  'reports.full': { socio: 'full', associado: 'partial', estagiario: 'none', assistente: 'none' },
} as const satisfies Record<string, Record<NivelAcesso, 'full' | 'partial' | 'none'>>

export type Capability = keyof typeof MATRIX

export function accessLevel(nivel: NivelAcesso, capability: Capability): 'full' | 'partial' | 'none' {
  return MATRIX[capability][nivel]
}

export function can(nivel: NivelAcesso, capability: Capability): boolean {
  return accessLevel(nivel, capability) !== 'none'
}
