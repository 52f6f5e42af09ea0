// The agenda feature's server surface: what the shell (jobs) and other features (case/client screens,
// dashboard) may use of it.
export { agendaJobs, runDigest } from './agenda.jobs.server'
export { weeklyReportJobs } from './agenda.weekly-report.server'
export { upcomingEventsFor } from './agenda.service.server'
export { onPrazoCreated, type PrazoCreatedHook } from './prazo-created-hooks.server'
export { personalCalendarFeeds } from './agenda.personal-data.server'
