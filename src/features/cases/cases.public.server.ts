// The cases feature's server surface: what other features and the server shell may use of it.
export { caseJobs, purgeDeletedCases } from './cases.purge.server'
export { activeCasesByMember } from './cases.members.server'
export { caseScope, caseVisibleTo, responsibleFor, type CaseScope } from './cases.members.server'
// Rows that link to a case (events, documents) follow its visibility at every level (issue 24).
export {
  linkedCaseScope,
  linkedCaseVisible,
  reachableCases,
  type LinkedCaseScope,
} from './cases.members.server'
export { CASE_AREAS, CASE_STATUSES } from './cases.schema'
export { CASE_STATUS_LABELS } from './cases.schema'
// A client's cases as seen from its rows: the clients of a member's cases, the count on a client row. Clients
// receives them from the shell (src/server/feature-hooks.server.ts); the features above cases import them here.
export { clientCasesCount, clientOfMember } from './cases.client-links.server'
export { countClientCases } from './cases.client-count.server'
