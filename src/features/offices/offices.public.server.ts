// The offices feature's server surface: what other features may use of it (ESLint keeps the rest private).
export { requireOffice } from './require-office.server'
export { officeActor, type OfficeActor } from './office-actor.server'
export { onOfficeRequest, type OfficeRequestHook } from './office-request-hooks.server'
export {
  extendMembership,
  type MembershipExtension,
  type MembershipExtras,
} from './membership-extensions.server'
export { can } from './permissions'
export {
  createMembershipCache,
  createOwnOffice,
  findActiveMembership,
  hasAnyMembership,
  type Membership,
} from './membership.server'
export {
  attachMemberAccount,
  deleteOffices,
  detachDeletedMembers,
  insertOfficeMember,
  markMemberSeen,
  setOfficePrazoAvisoDias,
  updateOfficeMember,
  type OfficeMemberFields,
} from './office-writes.server'
