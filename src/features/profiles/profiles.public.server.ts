// The profiles feature's server surface: what other features may use of it (ESLint keeps the rest private).
export { toProfileDto } from './profile-dto.server'
export {
  createSignUpProfile,
  ensureProfile,
  getProfileByUserId,
  provideProfileRefusal,
  type ProfileRefusal,
} from './profiles.service.server'
export { profileStorageReferences } from './profiles.storage-keys.server'
export { insertSeedPracticeAreas, insertSeedProfiles } from './profiles.seed.server'
export {
  markOabVerified,
  markProfileSeen,
  moderateProfileFields,
  updateProfileVisibility,
} from './profile-writes.server'
