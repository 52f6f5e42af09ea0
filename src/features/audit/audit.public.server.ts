// The audit feature's server surface: what other features may use of it (ESLint keeps the rest private).
export { recordOfficeAudit, recordUserAudit, type AuditExecutor } from './audit.service.server'
