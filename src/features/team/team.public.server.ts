// The team feature's server surface: what other features may use of it (ESLint keeps the rest private).
export { touchLastSeen } from './team.service.server'
export { deleteInvitationsOfMembers } from './team.invitations.server'
