import { sql } from 'drizzle-orm'
import type { MembershipExtension } from '../offices/offices.public.server'
import { offices } from '../offices/offices.table.server'
import { officeSettings } from './office-settings.table.server'

/**
 * Configurações Avançadas read with the cached membership (issue 12): the personalised name, 2FA required,
 * the inactivity timeout and the audit viewer, so requireOffice enforces them without a round trip. The
 * server shell adds this to the membership (src/server/feature-hooks.server.ts); a save NOTIFYs every node's
 * cache as before (decision 009). An office without a settings row gets the columns' defaults.
 */
export const officeSettingsMembership: MembershipExtension = {
  table: officeSettings,
  officeId: officeSettings.officeId,
  columns: {
    officeName: sql<string>`coalesce(nullif(${officeSettings.nomeEscritorio}, ''), ${offices.nome})`,
    require2fa: sql<boolean>`coalesce(${officeSettings.require2fa}, false)`,
    sessionTimeoutMin: sql<number>`coalesce(${officeSettings.sessionTimeoutMin}, 480)`,
    auditViewer: sql<boolean>`coalesce(${officeSettings.auditViewer}, true)`,
  },
}
