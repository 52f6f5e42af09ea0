// The publications feature's browser surface (issue 27): the case screen's tabs with 'Andamentos' and the
// dashboard home's 'Publicações não tratadas' counter. Nothing here imports features/cases: the case
// screen imports this file, and the inbox (which uses cases.public) is reached only through the router.
export { CaseRecordTabs } from './case-record-tabs'
export { CaseAndamentos } from './case-andamentos'
export { PublicationsCounterCard } from './publications-counter'
