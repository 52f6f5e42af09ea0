import type { Capability } from '../features/offices/permissions'
import { createApiRoutes } from './app.server'

// Which mounted routes are the office's, and under which capability of the matrix: shared by the generated
// matrix test (office-matrix.routes.test.ts) and the portal client's refusal test
// (portal-client-refusal.routes.test.ts), so a new office route is classified once and checked by both.

/** Routes that are not office routes: the user's own session/profile, the platform, public endpoints. */
export const NOT_OFFICE_PREFIXES = [
  '/api/health',
  '/api/auth',
  '/api/me',
  '/api/settings',
  '/api/admin',
  '/api/profile',
  '/api/files/avatars',
  '/api/prazos',
  '/api/notifications',
  '/api/offices',
  '/api/estados',
  '/api/cidades',
  '/api/team/invitations/',
  '/api/privacy',
  '/api/agenda/feed/:token',
  // The network (issue 13): public or per-user platform data, no office row.
  '/api/directory',
  '/api/network',
  '/api/jobs',
  '/api/entities',
  // Platform administration (issue 14): superadmin routes, no office row.
  '/api/platform-settings',
  '/api/platform-backup',
  // The analytics beacon (issue 14): anyone, no office row.
  '/api/analytics',
  // The signer's link and /verificar (issue 25): the token or the file is the credential, no office row.
  '/api/signatures/public/',
  '/api/signatures/verify',
  // The client's side of the portal (issue 26): an ACTIVE portal access is the credential, never a membership
  // (portal-client-isolation.routes.test.ts runs every office route as a client). The office's side is
  // /api/portal-office, below.
  '/api/portal/',
]

/** The capability of each office route: by path prefix, then exceptions by operation. */
export const BY_PREFIX: [string, Capability][] = [
  ['/api/clients', 'clients.manage'],
  ['/api/cases', 'cases.view'],
  ['/api/documents', 'documents.manage'],
  ['/api/agenda', 'agenda.manage'],
  ['/api/timesheet', 'cases.view'],
  ['/api/reports', 'reports.full'],
  ['/api/financial', 'financial.manage'],
  ['/api/team', 'team.manage'],
  // The office audit log: who did what (sócios).
  ['/api/audit', 'team.manage'],
  // Configurações Avançadas (issue 12): sócios only.
  ['/api/office-settings', 'office.settings'],
  // Backups hold and replace every record of the office (sócios).
  ['/api/backups', 'office.backup'],
  // The office's platform subscription (issue 14): every member reads it; the plan and cancelling, sócios.
  ['/api/billing', 'team.view'],
  // Publicações (issue 27): every member opens the inbox; each item follows its case's visibility, an
  // unmatched one is the sócios' and its OAB owner's (narrowed in publications.visibility.server.ts).
  ['/api/publications', 'publications'],
  // Electronic signature (issue 25): sending a document for signature is managing documents.
  ['/api/signatures', 'documents.manage'],
  // Modelos (issue 25): every member reads and generates (within the client's/case's reach); writing the
  // templates is the sócios' and associados' (BY_OPERATION below).
  ['/api/templates', 'documents.manage'],
  // Portal do Cliente (issue 26): whoever sees the client's record sees its access and its messages;
  // inviting, resending and revoking are the sócios' and associados' (BY_OPERATION below).
  ['/api/portal-office', 'clients.manage'],
]
export const BY_OPERATION: Record<string, Capability> = {
  'POST /api/clients': 'clients.create',
  'DELETE /api/clients/:id': 'clients.delete',
  'POST /api/clients/:id/restore': 'clients.delete',
  'POST /api/clients/:id/anonymize': 'clients.delete',
  'POST /api/cases': 'cases.edit',
  'PATCH /api/cases/:id': 'cases.edit',
  'GET /api/cases/member-options': 'cases.edit',
  'DELETE /api/cases/:id': 'cases.delete',
  'POST /api/cases/:id/restore': 'cases.delete',
  'PATCH /api/agenda/settings': 'agenda.settings',
  'GET /api/team': 'team.view',
  'PUT /api/billing/plan': 'office.settings',
  'POST /api/billing/cancel': 'office.settings',
  'POST /api/billing/reactivate': 'office.settings',
  // Which OABs the office monitors: the sócios.
  'POST /api/publications/oabs': 'publications.oabs',
  'DELETE /api/publications/oabs/:id': 'publications.oabs',
  'POST /api/templates': 'templates.manage',
  'POST /api/templates/upload': 'templates.manage',
  'PATCH /api/templates/:id': 'templates.manage',
  'DELETE /api/templates/:id': 'templates.manage',
  'POST /api/portal-office/clients/:clientId/invite': 'portal.invite',
  'POST /api/portal-office/clients/:clientId/revoke': 'portal.invite',
}

export interface Operation {
  method: string
  path: string
  key: string
}

export function mountedOperations(): Operation[] {
  const seen = new Set<string>()
  const ops: Operation[] = []
  for (const route of createApiRoutes().routes) {
    if (route.method === 'ALL') continue
    const path = `/api${route.path}`.replace(/\/$/, '')
    const key = `${route.method} ${path}`
    if (seen.has(key)) continue
    seen.add(key)
    ops.push({ method: route.method, path, key })
  }
  return ops
}

export const isOfficeRoute = (op: Operation) =>
  !NOT_OFFICE_PREFIXES.some((prefix) => op.path === prefix || op.path.startsWith(prefix)) &&
  // Reference data (estados, cidades, courts list…) mounted at '/' answers everyone signed in or not.
  BY_PREFIX.some(([prefix]) => op.path === prefix || op.path.startsWith(`${prefix}/`))

export function capabilityOf(op: Operation): Capability | undefined {
  return (
    BY_OPERATION[op.key] ??
    BY_PREFIX.find(([prefix]) => op.path === prefix || op.path.startsWith(`${prefix}/`))?.[1]
  )
}

/** The path with its parameters filled: ids of `ids` (a row of the office under test) or a fixed value. */
export function fill(path: string, ids: Record<string, string>): string {
  const prefix = BY_PREFIX.find(([p]) => path.startsWith(`${p}/`))?.[0] ?? ''
  return path
    .replace(':id', ids[prefix] ?? '00000000-0000-4000-8000-000000000000')
    .replace(':tribunal', 'TJSP')
    .replace(':data', '2030-01-02')
}
