// The network feature's server surface: what other features may use of it (ESLint keeps the rest private).
// PANELS (student panel): accepted connections.
export { countConnections, listConnections } from './network.connections.server'
// DIRECTORY (cards, public profile): visible reviews' count and average.
export { reviewSummary } from './network.reviews.server'
// Moderation (issue 14): reports and OAB verification requests.
export { listPendingReports, listReports, resolveReport } from './network.reports.server'
export { decideVerification, listVerificationRequests } from './network.verification.server'
export { networkStorageReferences, oabCardKeysOfUser } from './network.storage-keys.server'
