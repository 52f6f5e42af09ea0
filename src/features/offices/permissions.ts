import type { NivelAcesso } from './offices.schema'

export type { NivelAcesso }

/**
 * Spec §6 permission matrix (team levels, nivel_acesso), kept as the spec states it:
 *
 * | Capability        | socio | associado | estagiario | assistente |
 * |-------------------|-------|-----------|------------|------------|
 * | View all cases    | full  | full      | partial    | none       |
 * | Create/edit cases | full  | full      | partial    | none       |
 * | Manage financial  | full  | partial   | none       | none       |
 * | Manage team       | full  | none      | none       | none       |
 * | Full reports      | full  | partial   | none       | none       |
 *
 * plus 'clients.manage' (the clients module; the spec's matrix has no row for it): the clients of the
 * office are the people the cases are for, so whoever works the cases or the front desk manages them.
 *
 * Deny by default: ONLY a 'full' cell passes requireOffice today. A 'partial' cell is DENIED (403) until
 * the feature can narrow it, because granting it at the route would act as 'full'. What each level is
 * granted TODAY, at the route:
 * - socio: everything.
 * - associado: clients, cases (view and edit). Financial and reports are partial → denied for now.
 * - estagiario: nothing (clients, cases view/edit are partial → denied; the rest is none).
 * - assistente: clients only (cases are none).
 *
 * What the team issue will grant when it narrows the partial cells (in the service, by membership):
 * - estagiario, cases.view / cases.edit: only the cases where they are a responsible member;
 *   clients.manage: only the clients of those cases.
 * - associado, financial.manage / reports.full: a limited subset (to be defined with those modules).
 * That issue flips a capability to `grantsPartial` below for the routes whose service narrows it.
 */
const MATRIX = {
  'clients.manage': { socio: 'full', associado: 'full', estagiario: 'partial', assistente: 'full' },
  'cases.view': { socio: 'full', associado: 'full', estagiario: 'partial', assistente: 'none' },
  'cases.edit': { socio: 'full', associado: 'full', estagiario: 'partial', assistente: 'none' },
  'financial.manage': { socio: 'full', associado: 'partial', estagiario: 'none', assistente: 'none' },
  'team.manage': { socio: 'full', associado: 'none', estagiario: 'none', assistente: 'none' },
  'reports.full': { socio: 'full', associado: 'partial', estagiario: 'none', assistente: 'none' },
  // Issue 8: every member works with the office's documents; which documents each one sees is the
  // per-document access rule (publico/restrito/confidencial × level × uploader, documents.access.ts).
  'documents.manage': { socio: 'full', associado: 'full', estagiario: 'full', assistente: 'full' },
  // Issue 9: an office shares one agenda (hearings, prazos, meetings); every member sees and edits it.
  'agenda.manage': { socio: 'full', associado: 'full', estagiario: 'full', assistente: 'full' },
} as const satisfies Record<string, Record<NivelAcesso, AccessLevel>>

export type AccessLevel = 'full' | 'partial' | 'none'
export type Capability = keyof typeof MATRIX

/**
 * Capabilities whose service already narrows a 'partial' cell to the rows that level may see. Empty
 * today: no feature narrows yet, so every 'partial' is denied (see above).
 */
const grantsPartial: ReadonlySet<Capability> = new Set<Capability>()

/** The cell of the spec's matrix, as the spec states it (what the level will have once narrowed). */
export function accessLevel(nivel: NivelAcesso, capability: Capability): AccessLevel {
  return MATRIX[capability][nivel]
}

/** Whether the route lets this level in today: 'full', or 'partial' where the service narrows it. */
export function can(nivel: NivelAcesso, capability: Capability): boolean {
  const level = accessLevel(nivel, capability)
  return level === 'full' || (level === 'partial' && grantsPartial.has(capability))
}
