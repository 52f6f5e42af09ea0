// The auth feature's server surface: what other features may use of it (ESLint keeps the rest private).
export { requireRole } from './require-role.server'
export { getPlatformRole, isMasterEmail } from './roles.service.server'
export { requireUser } from './session.server'
export { AUTH_API_TAG } from './auth.routes.server'
export { onSignIn, type CompletedSignIn, type SignInMethod } from './sign-in-listeners.server'
