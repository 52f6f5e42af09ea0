// The platform-settings feature's server surface: what other features and the shell may use of it.
export {
  bindPlatformSettingsCache,
  getPlatformSettings,
  settlePlatformSettings,
  type PlatformSettingsRow,
} from './platform-settings.cache.server'
export { platformGate } from './platform-settings.gate.server'
export {
  auditPlatformSettingsWith,
  registerMonthlyRevenue,
  registerRestoreFlag,
  type MonthlyRevenueSource,
  type PlatformSettingsAuditEntry,
  type PlatformSettingsAuditor,
} from './platform-settings.hooks.server'
export { withPlatformSettings } from './platform-mailer.server'
export { platformSettingsRoutes } from './platform-settings.routes.server'
export { setPlatformMaintenance } from './platform-settings.service.server'
