// The platform-logs feature's server surface: what other features and the shell may use of it.
export { recordPlatformEvent, recordServerError } from './platform-logs.events.server'
export type { PlatformEventInput } from './platform-logs.events.server'
export { platformLogsRoutes } from './platform-logs.routes.server'
export { platformLogsJobs } from './platform-logs.jobs.server'
export { registerCountedCheck, type CountedCheck } from './platform-logs.monitor.server'
