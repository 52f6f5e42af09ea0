// The platform-backup feature's server surface: what the admin router and the shell may use of it.
export { platformBackupRoutes } from './platform-backup.routes.server'
export { platformBackupJobs } from './platform-backup.jobs.server'
export { platformRestoreInProgress } from './platform-backup.restore-flag.server'
export { platformBackupStorageReferences } from './platform-backup.storage-keys.server'
