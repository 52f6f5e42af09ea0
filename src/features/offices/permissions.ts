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
 * Deny by default: a 'full' cell passes requireOffice; a 'partial' cell passes ONLY when its capability is
 * in `grantsPartial` below, i.e. when every service behind it narrows the rows to what that level may see
 * (granting it at the route alone would act as 'full'). The partial cells, made precise (issue 10):
 * - estagiario, cases.view / cases.edit (NARROWED): only the cases where they are a responsible member
 *   (case_members); they create cases (becoming responsible) and edit theirs; they never delete or
 *   restore ('cases.delete' none). Another case answers 404, exactly like a missing one.
 * - estagiario, clients.manage (NARROWED): only the clients of the cases where they are responsible (list,
 *   stats, options, export, read, edit); another client answers 404. Registering and deleting clients is
 *   'clients.create' / 'clients.delete', none for them: the issue keeps full client management for the
 *   assistentes (the front desk registers clients), and an estagiário's new client would belong to no case
 *   of theirs, so they could not even see it after creating it.
 * - associado, financial.manage (NARROWED, issue 11): only the entries linked to a case where they are a
 *   responsible member (case_members, features/financial FinancialScope): list, cards, chart, CSV, receipt,
 *   edit, pay, delete; they create entries only on such a case. Any other entry answers 404.
 * - associado, reports.full (NARROWED, issue 11): every report, export and analytics card counts only the
 *   cases where they are a responsible member (case_members) and only their own time entries
 *   (features/reports/reports.scope.server.ts); office-wide numbers are never computed for them.
 */
const MATRIX = {
  'clients.manage': { socio: 'full', associado: 'full', estagiario: 'partial', assistente: 'full' },
  // The precise form of 'clients.manage' (issue 10): the estagiário reads and edits their cases' clients only.
  'clients.create': { socio: 'full', associado: 'full', estagiario: 'none', assistente: 'full' },
  'clients.delete': { socio: 'full', associado: 'full', estagiario: 'none', assistente: 'full' },
  'cases.view': { socio: 'full', associado: 'full', estagiario: 'partial', assistente: 'none' },
  'cases.edit': { socio: 'full', associado: 'full', estagiario: 'partial', assistente: 'none' },
  // The precise form of 'create/edit cases' (issue 10): the estagiário edits but never deletes.
  'cases.delete': { socio: 'full', associado: 'full', estagiario: 'none', assistente: 'none' },
  'financial.manage': { socio: 'full', associado: 'partial', estagiario: 'none', assistente: 'none' },
  'team.manage': { socio: 'full', associado: 'none', estagiario: 'none', assistente: 'none' },
  // Issue 10: every member sees who is on the team (the list); changing it is 'team.manage'.
  'team.view': { socio: 'full', associado: 'full', estagiario: 'full', assistente: 'full' },
  'reports.full': { socio: 'full', associado: 'partial', estagiario: 'none', assistente: 'none' },
  // Issue 8: every member works with the office's documents; which documents each one sees is the
  // per-document access rule (publico/restrito/confidencial × level × uploader, documents.access.ts).
  'documents.manage': { socio: 'full', associado: 'full', estagiario: 'full', assistente: 'full' },
  // Issue 9: an office shares one agenda (hearings, prazos, meetings); every member sees and edits it.
  'agenda.manage': { socio: 'full', associado: 'full', estagiario: 'full', assistente: 'full' },
  // The office's agenda settings (the prazos' internal early warning) bind everyone: the partners decide.
  'agenda.settings': { socio: 'full', associado: 'none', estagiario: 'none', assistente: 'none' },
  // Issue 12: backups hold every record of the office and a restore replaces them all: partners only.
  'office.backup': { socio: 'full', associado: 'none', estagiario: 'none', assistente: 'none' },
  // Issue 12: Configurações Avançadas bind the whole office (2FA, session time, SMTP, Pix): partners only.
  'office.settings': { socio: 'full', associado: 'none', estagiario: 'none', assistente: 'none' },
  // Issue 25 (Modelos): every member generates documents from the office's templates (under 'documents.manage'
  // and the client's/case's visibility); writing, uploading and deleting the templates themselves is theirs.
  'templates.manage': { socio: 'full', associado: 'full', estagiario: 'none', assistente: 'none' },
  // Issue 27 (Publicações e Intimações): every member opens the inbox, and each ITEM follows its case's
  // visibility (the member's 'cases.view' cell) or, unmatched, is seen by the sócios and the owner of the OAB
  // that found it (publications.visibility.server.ts narrows every query, as documents/agenda do).
  publications: { socio: 'full', associado: 'full', estagiario: 'full', assistente: 'full' },
  // Issue 26 (Portal do Cliente): sócios and associados invite a client, resend and revoke the access; who sees
  // the client's record (its access status and its messages) is 'clients.manage', narrowed as everywhere.
  'portal.invite': { socio: 'full', associado: 'full', estagiario: 'none', assistente: 'none' },
  // Which OABs the office monitors binds everyone's inbox: the partners decide.
  'publications.oabs': { socio: 'full', associado: 'none', estagiario: 'none', assistente: 'none' },
} as const satisfies Record<string, Record<NivelAcesso, AccessLevel>>

export type AccessLevel = 'full' | 'partial' | 'none'
export type Capability = keyof typeof MATRIX

/** Every capability of the matrix (the generated matrix test walks them). */
export const CAPABILITIES = Object.keys(MATRIX) as readonly Capability[]

/**
 * Capabilities whose services narrow a 'partial' cell to the rows that level may see (the cases and
 * clients services filter by case_members for the estagiário, see features/cases/cases.members.server.ts).
 */
const grantsPartial: ReadonlySet<Capability> = new Set<Capability>([
  'cases.view',
  'cases.edit',
  'clients.manage',
  'reports.full',
  'financial.manage',
])

/** The cell of the spec's matrix, as the spec states it (what the level will have once narrowed). */
export function accessLevel(nivel: NivelAcesso, capability: Capability): AccessLevel {
  return MATRIX[capability][nivel]
}

/** Whether the route lets this level in today: 'full', or 'partial' where the service narrows it. */
export function can(nivel: NivelAcesso, capability: Capability): boolean {
  const level = accessLevel(nivel, capability)
  return level === 'full' || (level === 'partial' && grantsPartial.has(capability))
}
