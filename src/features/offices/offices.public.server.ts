// The offices feature's server surface: what other features may use of it (ESLint keeps the rest private).
export { requireOffice } from './require-office.server'
export { onOfficeRequest, type OfficeRequestHook } from './office-request-hooks.server'
export { can } from './permissions'
export {
  createMembershipCache,
  createOwnOffice,
  findActiveMembership,
  hasAnyMembership,
  type Membership,
} from './membership.server'
