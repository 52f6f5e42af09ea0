// The audit feature's server surface: what other features may use of it (ESLint keeps the rest private).
export { recordOfficeAudit, recordUserAudit, type AuditExecutor } from './audit.service.server'
// Team (issue 10): accepting an invitation is audited in the office joined, before the user is its member.
export { recordAudit } from './audit.service.server'
export { recordMemberSignIn } from './audit.viewer.server'
export { requestIp } from './audit.service.server'
