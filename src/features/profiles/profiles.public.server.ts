// The profiles feature's server surface: what other features may use of it (ESLint keeps the rest private).
export { toProfileDto } from './profile-dto.server'
export { ensureProfile, getProfileByUserId } from './profiles.service.server'
export { profileStorageReferences } from './profiles.storage-keys.server'
