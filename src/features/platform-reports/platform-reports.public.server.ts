// The platform-reports feature's server surface: what the admin router and the shell may use of it.
export { platformReportsRoutes } from './platform-reports.routes.server'
export { platformReportsJobs } from './platform-reports.jobs.server'
export { platformReportStorageReferences } from './platform-reports.storage-keys.server'
