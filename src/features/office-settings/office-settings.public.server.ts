// The office-settings feature's server surface: what other features may use of it (ESLint keeps the rest private).
export {
  getOfficeBackupSettings,
  getOfficeLetterhead,
  getOfficePix,
  getOfficeSettings,
  type OfficeBackupSettings,
  type OfficeLetterhead,
  type OfficePix,
  type OfficeSettingsRow,
} from './office-settings.store.server'
export { officeSettings } from './office-settings.table.server'
export { officeSettingsMembership } from './office-settings.membership.server'
export { touchSessionActivity } from './session-activity.server'
export { sendOfficeMail } from './office-mail.server'
export { notifyNewClient } from './office-notifications.server'
