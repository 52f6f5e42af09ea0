// The team feature's browser-safe surface: what other features may use of it (ESLint keeps the rest private).
export { PERMISSION_LABELS } from './team.schema'
export type { TeamMember, TeamOverview } from './team.schema'
export { getTeamQueryOptions, teamKeys } from './use-team'
export { AuditMemberOptions } from './audit-member-options'
