// The platform-analytics feature's server surface: what the shell and the admin router may use of it.
export { analyticsBeaconRoutes, platformAnalyticsRoutes } from './platform-analytics.routes.server'
export { platformAnalyticsJobs } from './platform-analytics.jobs.server'
