import { onPrazoCreated } from '../features/agenda/agenda.public.server'
import { recordMemberSignIn } from '../features/audit/audit.public.server'
import { onSignIn } from '../features/auth/auth.public.server'
import { countFailedBackups } from '../features/backups/backups.public.server'
import { touchSessionActivity } from '../features/office-settings/office-settings.public.server'
import { onOfficeRequest } from '../features/offices/offices.public.server'
import { registerCountedCheck } from '../features/platform-logs/platform-logs.public.server'
import { linkPublicationPrazo } from '../features/publications/publications.public.server'
import { recordSignInEvent } from '../features/settings/settings.public.server'
import { touchLastSeen } from '../features/team/team.public.server'

// The shell wires what upper features do when a lower one acts (decision 007): the lower feature offers a hook,
// the upper one's function is registered here once, at start-up (importing this module is the start-up).

// Configurações Avançadas → session timeout: an office request is activity; an idle session past the office's
// limit ends here (401).
onOfficeRequest(async (c, membership) => {
  const session = c.get('session')
  if (!session) return
  await touchSessionActivity(
    c.get('db'),
    c.get('deps').membershipCache.changes,
    session,
    membership.sessionTimeoutMin,
  )
})

// The team page's online dot (issue 10): at most one write a minute per member.
onOfficeRequest((c, membership) => touchLastSeen(c.get('db'), membership.memberId))

// /admin/logs → system alerts: an office backup that failed in the last 24 hours.
registerCountedCheck({
  check: 'backup_falhou',
  severity: 'erro',
  threshold: 'failedBackups',
  count: countFailedBackups,
})

// A completed sign-in: the user's own activity (Configurações → Atividade), then, when it is a member's own
// sign-in (not the sign-up's), the audit log of each office they belong to.
onSignIn(recordSignInEvent)
onSignIn(async (db, signIn) => {
  if (signIn.fromRequest) await recordMemberSignIn(db, signIn.userId, signIn.method, signIn.ip)
})

// 'Criar prazo' from a publication: the new prazo is linked to it, and the publication marked, in the prazo's
// own transaction (a publication another office owns, or one out of reach, refuses the prazo: 400).
onPrazoCreated(async (c, tx, { eventId, input }) => {
  if (input.publicationId) await linkPublicationPrazo(c, tx, input.publicationId, eventId)
})
