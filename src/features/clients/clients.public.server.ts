// The clients feature's server surface: what other features may use of it (ESLint keeps the rest private).
export { TOTAL_CAP, clientOfMember, findActiveClientId } from './clients.service.server'
export { clientJobs, purgeDeletedClients } from './clients.purge.server'
// Issue 13: the public profile's contact form creates a lead ('Contato pelo perfil') in the lawyer's office.
export { createClient, type Actor as ClientActor } from './clients.record.server'
export { createClientSchema } from './clients.schema'
