import type { PlatformSettingsInput } from './platform-settings.schema'

/** A full PUT /api/platform-settings body: spec §9's values, with `patch` on top. */
export function settingsBody(patch: Record<string, unknown> = {}): PlatformSettingsInput {
  return {
    platformName: 'JusConecta',
    baseUrl: null,
    maintenanceMode: false,
    signupsOpen: true,
    smtpHost: null,
    smtpPort: 587,
    smtpSecure: false,
    smtpUser: null,
    smtpFrom: null,
    paymentProvider: 'mercado_pago',
    monthlyPrice: '97.00',
    trialDays: 7,
    annualDiscount: 20,
    autoBilling: true,
    require2faAdmins: false,
    auditLogs: true,
    sessionTimeoutMin: 120,
    loginAttempts: 5,
    ...patch,
  } as PlatformSettingsInput
}
