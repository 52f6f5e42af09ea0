// The publications feature's server surface (issue 27): what the shell (routes, jobs) may use of it.
export { publicationsRoutes } from './publications.routes.server'
export { publicationsJobs, runPublicationsDigest } from './publications.jobs.server'
export { linkPublicationPrazo } from './publications.prazo.server'
