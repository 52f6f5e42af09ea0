// The backup feature's server surface: what the shell may use of it.
export { backupJobs } from './backups.jobs.server'
export { backupRoutes, BACKUP_UPLOAD_PATH } from './backups.routes.server'
export { backupKeysOfOffices, backupStorageReferences } from './backups.storage-keys.server'
export { countFailedBackups } from './backups.health.server'
