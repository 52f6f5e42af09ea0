// The auth feature's server surface: what other features may use of it (ESLint keeps the rest private).
export { requireRole } from './require-role.server'
export {
  getPlatformRole,
  grantAdminRole,
  isMasterEmail,
  removeAdminRoles,
  type PlatformRole,
} from './roles.service.server'
export { blockAccount, restoreBlocks, unblockAccount, type BlockRecord } from './account-blocks.server'
export {
  endAllSessionsAndLinks,
  endSession,
  eraseAccountRow,
  pruneIdleLoginLockouts,
} from './account-writes.server'
export { insertSeedUsers } from './auth.seed.server'
// Issue 26: a portal client's account (a sign-in without profile or office) and the end of its sessions.
export { createPasswordAccount, endUserSessions, findAccountByEmail } from './password-account.server'
export { requireUser } from './session.server'
export { AUTH_API_TAG } from './auth.routes.server'
export { onSignIn, type CompletedSignIn, type SignInMethod } from './sign-in-listeners.server'
// What the shell wires below auth (decision 007): the platform log, the sign-in rules, the parts of a new account.
export {
  onAuthEvent,
  onSignUp,
  provideLoginPolicy,
  type AuthEvent,
  type AuthExecutor,
  type LoginPolicy,
  type NewAccount,
  type SignUpStep,
} from './auth-hooks.server'
