// The jobs feature's server surface: what other features (PANELS's dashboard panels) may use.
export { listApplicationsOfCandidate, listRecentApplicationsForEntity } from './jobs.applications.server'
export { listSavedJobs, recommendedJobs } from './jobs.saved.server'
export { jobViewsOfEntity, listEntityJobsWithCounts } from './jobs.service.server'
export type { CandidateApplication, EntityApplication, EntityJob, JobCard, SavedJob } from './jobs.schema'
export { jobPageMeta } from './jobs.meta.server'
export { cvKeysOfUser, jobStorageReferences } from './jobs.storage-keys.server'
export { closeJobByModeration } from './jobs.moderation.server'
