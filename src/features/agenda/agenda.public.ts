// The agenda feature's browser surface: the section the client and case screens show, the dashboard
// shortcut's line, and the 'Calcular prazo' button a case shows.
export { UpcomingEvents, useNextEventText } from './upcoming-events'
export { CaseDeadlineButton } from './case-deadline-button'
// 'Criar prazo' from a publication (features/publications): the same dialog, prefilled.
export { DeadlineDialog, type DeadlineDefaults } from './deadline-dialog'
