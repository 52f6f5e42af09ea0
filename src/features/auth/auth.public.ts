// The auth feature's browser-safe surface: what other features may use of it (ESLint keeps the rest private).
export { TIPOS_ENTIDADE } from './auth.schema'
export type { UserType } from './auth.schema'
export type { MeResponse, PlatformRoleName, ProfileDto } from './me.schema'
export { meQueryKey, setSimulation, useSession, useSignOut, useSimulation } from './use-session'
export type { SimulatedProfile } from './use-session'
