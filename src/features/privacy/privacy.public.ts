// The privacy feature's browser surface: the settings card and the client dialog's anonymisation.
export { AnonymizeClientSection } from './anonymize-client'
export { PrivacyCard } from './privacy-card'
export { remindPendingDeletion } from './pending-deletion-reminder'
export { ANONYMIZED_CLIENT_NAME, REMOVED_USER_NAME } from './privacy.schema'
