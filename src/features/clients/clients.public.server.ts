// The clients feature's server surface: what other features may use of it (ESLint keeps the rest private).
export { TOTAL_CAP, clientOfMember, findActiveClientId } from './clients.service.server'
export { clientJobs, purgeDeletedClients } from './clients.purge.server'
