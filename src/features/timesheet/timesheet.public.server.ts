// The timesheet feature's server surface: what other features may use of it (ESLint keeps the rest private).
export { hoursThisMonthByMember } from './timesheet.service.server'
export { personalTimeEntries } from './timesheet.personal-data.server'
