// The settings feature's server surface: what other features may use of it (ESLint keeps the rest private).
export { recordSignInEvent } from './settings.service.server'
