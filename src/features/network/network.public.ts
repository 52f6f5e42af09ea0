// The network feature's browser surface (issue 13): what the public profile page (DIRECTORY), the job
// page (JOBS) and the signed-in profile page render.
export { ProfileReviews, Stars } from './profile-reviews'
export { ContactLawyerForm } from './contact-lawyer-form'
export { ConnectButton, ConnectionCount } from './connect-button'
export { ReportButton } from './report-button'
export { NetworkingTab } from './networking-tab'
export { OabVerificationCard } from './oab-verification-card'
export type { ReportTargetType, ReviewSummary } from './network.schema'
