// The portal feature's server surface (issue 26): its routers, and what the shell wires below it.
export { portalOfficeRoutes, portalRoutes } from './portal.routes.server'
export { endClientPortal, isPortalOnlyAccount } from './portal.invites.server'
export { PORTAL_MESSAGES } from './portal.schema'
// Messages (issue 26): the nightly purge of abandoned attachments, the sweeper's view of their files, and
// a client's thread for LGPD (export; erasure returns the storage keys to delete after the commit).
export { portalJobs, portalMessageStorageReferences } from './portal.messages.files.server'
export { eraseClientMessages, exportClientMessages } from './portal.messages.privacy.server'
