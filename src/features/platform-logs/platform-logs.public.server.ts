// The platform-logs feature's server surface: what other features and the shell may use of it. Its routes are
// not here: auth records events through this file, and the routes check auth's superadmin role at load, so the
// shell imports them from platform-logs.routes.server.ts itself (no load-order knot).
export { recordPlatformEvent, recordServerError } from './platform-logs.events.server'
export type { PlatformEventInput } from './platform-logs.events.server'
export { platformLogsJobs } from './platform-logs.jobs.server'
export { registerCountedCheck, type CountedCheck } from './platform-logs.monitor.server'
