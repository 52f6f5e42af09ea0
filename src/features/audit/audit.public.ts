// The audit feature's browser surface: the office audit log, for the audit page and the team page. Only
// named re-exports here.
export { OfficeAuditLog } from './office-audit-log'
