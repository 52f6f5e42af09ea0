// The clients feature's server surface: what other features may use of it (ESLint keeps the rest private).
export { TOTAL_CAP, findActiveClientId, findVisibleClient } from './clients.service.server'
// The cases feature owns the queries a client's rows need of its cases; the shell provides them.
export { provideClientCaseQueries, type ClientCaseQueries } from './client-case-links.server'
export { clientJobs, purgeDeletedClients } from './clients.purge.server'
// Issue 13: the public profile's contact form creates a lead ('Contato pelo perfil') in the lawyer's office.
export { createClient } from './clients.record.server'
export { createClientSchema } from './clients.schema'
// LGPD (privacy's erasures, wired by the shell): the client's personal data, the closed offices' counters.
export { deleteCountersOfOffices, eraseClientPersonalData } from './clients.erasure.server'
