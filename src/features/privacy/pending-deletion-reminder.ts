import { toast } from 'sonner'
import { formatDateBR } from '../../lib/br/dates'
import { i18next } from '../../lib/i18n'
import { api, unwrap } from '../../lib/api-client'

/**
 * After a sign-in: a user whose account deletion is scheduled is told the date and where to cancel (the
 * grace period exists for exactly this). Best effort: any failure just skips the reminder.
 */
export async function remindPendingDeletion(): Promise<void> {
  try {
    const status = await unwrap(api.privacy.deletion.$get())
    if (!status.scheduledFor) return
    await i18next.loadNamespaces('privacy')
    toast.warning(i18next.t('privacy:deletion.signInReminder', { date: formatDateBR(status.scheduledFor) }), {
      description: i18next.t('privacy:deletion.signInReminderHint'),
      duration: 10_000,
    })
  } catch {
    // no reminder: the settings page still shows the pending deletion
  }
}
