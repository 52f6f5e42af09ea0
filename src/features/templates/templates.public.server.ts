// The templates feature's server surface (issue 25, Modelos): what the server shell may use of it.
export { templateRoutes } from './templates.routes.server'
export { templateStorageReferences } from './templates.files.server'
