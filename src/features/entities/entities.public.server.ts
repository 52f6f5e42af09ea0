// The entities feature's server surface: what the shell may use of it.
export { entityRoutes } from './entities.routes.server'
export { entityPageMeta } from './entities.meta.server'
