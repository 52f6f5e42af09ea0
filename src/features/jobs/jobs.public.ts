// The jobs feature's browser surface: the pieces PANELS places on the dashboard panels.
export { EntityJobsManager, NewJobButton } from './entity-jobs-manager'
export { JobApplicationsDialog } from './job-applications-dialog'
export { MyApplications } from './my-applications'
export { SavedJobsList } from './saved-jobs-list'
export { jobPath } from './jobs.paths'
export { postedAgo, jobLocation } from './jobs-format'
export type { CandidateApplication, EntityApplication, EntityJob, JobCard, SavedJob } from './jobs.schema'
export {
  APPLICATION_STATUS_LABELS,
  JOB_MODALIDADES,
  JOB_NIVEIS,
  JOB_TIPOS,
  type ApplicationStatus,
} from './jobs.constants'
