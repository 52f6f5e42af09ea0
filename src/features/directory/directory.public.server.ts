// The directory feature's server surface: what the shell and other features may use of it.
export { directoryRoutes } from './directory.routes.server'
export { trackPresence } from './directory.presence.server'
export { directoryPageMeta } from './directory.meta.server'
export { seedDirectoryProfiles } from './directory.seed.server'
