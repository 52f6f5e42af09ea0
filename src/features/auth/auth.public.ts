// The auth feature's browser-safe surface: what other features may use of it (ESLint keeps the rest private).
export { newPassword, TIPOS_ENTIDADE } from './auth.schema'
export type { UserType } from './auth.schema'
export type { MeResponse, PlatformRoleName, ProfileDto } from './me.schema'
export { meQueryKey, setSimulation, useSession, useSignOut, useSimulation } from './use-session'
export type { SimulatedProfile } from './use-session'
// Issue 10: the invitation page (features/team) frames itself like /auth and sends people there and back.
export { AuthShell } from './auth-shell'
export { authPath, isPortalAccount, postAuth } from './use-auth'
