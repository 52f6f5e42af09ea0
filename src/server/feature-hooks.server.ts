import { onPrazoCreated, personalCalendarFeeds } from '../features/agenda/agenda.public.server'
import { recordMemberSignIn, recordUserAudit } from '../features/audit/audit.public.server'
import { onAuthEvent, onSignIn, onSignUp, provideLoginPolicy } from '../features/auth/auth.public.server'
import { backupKeysOfOffices, countFailedBackups } from '../features/backups/backups.public.server'
import { clientCasesCount, clientOfMember, countClientCases } from '../features/cases/cases.public.server'
import {
  deleteCountersOfOffices,
  eraseClientPersonalData,
  provideClientCaseQueries,
} from '../features/clients/clients.public.server'
import { documentKeysOfOffices } from '../features/documents/documents.public.server'
import { cvKeysOfUser } from '../features/jobs/jobs.public.server'
import { oabCardKeysOfUser } from '../features/network/network.public.server'
import {
  officeSettingsMembership,
  touchSessionActivity,
} from '../features/office-settings/office-settings.public.server'
import { extendMembership, onOfficeRequest } from '../features/offices/offices.public.server'
import { platformRestoreInProgress } from '../features/platform-backup/platform-backup.public.server'
import {
  billingMetrics,
  currentMonthWindow,
  subscriptionMembership,
} from '../features/platform-billing/platform-billing.public.server'
import { sendWelcomeNotification } from '../features/notifications/notifications.public.server'
import {
  recordPlatformEvent,
  registerCountedCheck,
} from '../features/platform-logs/platform-logs.public.server'
import {
  auditPlatformSettingsWith,
  getPlatformSettings,
  registerMonthlyRevenue,
  registerRestoreFlag,
} from '../features/platform-settings/platform-settings.public.server'
import {
  endClientPortal,
  isPortalOnlyAccount,
  PORTAL_MESSAGES,
} from '../features/portal/portal.public.server'
import { createSignUpProfile, provideProfileRefusal } from '../features/profiles/profiles.public.server'
import { linkPublicationPrazo } from '../features/publications/publications.public.server'
import { recordSignInEvent } from '../features/settings/settings.public.server'
import {
  onAccountErasure,
  onAccountFiles,
  onPersonalDataExport,
  provideClientAnonymizer,
} from '../features/privacy/privacy.public.server'
import { deleteInvitationsOfMembers, touchLastSeen } from '../features/team/team.public.server'
import { personalTimeEntries } from '../features/timesheet/timesheet.public.server'

// The shell wires what upper features do when a lower one acts (decision 007): the lower feature offers a hook,
// the upper one's function is registered here once, at start-up (importing this module is the start-up).

// The cached membership every office request is authorised with carries the office's settings (2FA required,
// session timeout, audit viewer, personalised name) and its subscription's read-only moment: one statement,
// each feature's columns left-joined by office (offices/membership-extensions.server.ts).
extendMembership(officeSettingsMembership)
extendMembership(subscriptionMembership)

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

// The platform gate (features/platform-settings) closes the API to non-admins while a platform restore runs.
registerRestoreFlag(platformRestoreInProgress)

// /admin/settings: every save and SMTP test in the audit log (in the save's transaction), and the 'Receita
// mensal' card from the subscriptions' paid charges of the São Paulo month (the same figure as /admin/reports).
auditPlatformSettingsWith(recordUserAudit)
registerMonthlyRevenue(async (db) => (await billingMetrics(db, await currentMonthWindow(db))).revenueCents)

// A client's row counts its cases, and an estagiário sees only the clients of their own cases: both queries
// read cases' tables, so cases owns them and clients receives them here.
provideClientCaseQueries({ clientOfMember, casesCount: clientCasesCount })

// Issue 26: a portal client's account has no profile and must never get the lawyer's basic one from /api/me
// (which would also give it an office): /api/me answers 403 portal_account and the browser sends it to /portal.
provideProfileRefusal(async (db, userId) =>
  (await isPortalOnlyAccount(db, userId))
    ? { code: 'portal_account', message: PORTAL_MESSAGES.portalAccount }
    : null,
)

// Auth, the bottom of the kernel, names no feature (issue 23). Its sign-in rules come from /admin/settings →
// Segurança (cached per node); its events go to the platform log, in the same transaction as what they describe.
provideLoginPolicy(async (db) => ({ loginAttempts: (await getPlatformSettings(db)).loginAttempts }))
onAuthEvent((db, event) => recordPlatformEvent(db, event))
// After the sign-in listeners above: 'Logs de auditoria' off (/admin/settings) keeps successful sign-ins, with
// their address, out of the platform log. Failures, lockouts, permission changes and errors always go in
// (decision 021).
onSignIn(async (db, signIn) => {
  if (signIn.fromRequest && (await getPlatformSettings(db)).auditLogs)
    await recordPlatformEvent(db, {
      kind: 'login',
      actorUserId: signIn.userId,
      ip: signIn.ip,
      details: { method: signIn.method },
    })
})
// The sign-up's ONE transaction (decision 001): after auth's user, credential and role, the profile (and a
// lawyer's office), then the welcome notification.
onSignUp(createSignUpProfile)
onSignUp((tx, { userId, data }) => sendWelcomeNotification(tx, userId, data.userType))

// LGPD (decision 016): privacy asks each table's owner for its part, in privacy's transaction and in this
// order. An account's deletion: after the closed offices are deleted (their rows cascade), their CRM counters
// (no key to cascade from); the invitations of the team records that stay, before those lose the account.
onAccountErasure('clients', (tx, erasure) => deleteCountersOfOffices(tx, erasure.closedOfficeIds))
onAccountErasure('team', (tx, erasure) => deleteInvitationsOfMembers(tx, erasure.keptMemberIds))
// The stored files of the rows it removes, read before anything goes and deleted after the commit: the closed
// offices' document versions and backup archives, the CVs (the user's, and every candidate's to a job the
// user published), the OAB card images.
onAccountFiles('documents', async (db, deleted) =>
  (await documentKeysOfOffices(db, deleted.closedOfficeIds)).map((key) => ({ area: 'documents', key })),
)
onAccountFiles('backups', async (db, deleted) =>
  (await backupKeysOfOffices(db, deleted.closedOfficeIds)).map((key) => ({ area: 'backups', key })),
)
onAccountFiles('jobs', async (db, deleted) =>
  (await cvKeysOfUser(db, deleted.userId)).map((key) => ({ area: 'documents', key })),
)
onAccountFiles('network', async (db, deleted) =>
  (await oabCardKeysOfUser(db, deleted.userId)).map((key) => ({ area: 'documents', key })),
)
// "Baixar meus dados": the office modules' sections, between the notifications and the audit trail.
onPersonalDataExport('timeEntries', personalTimeEntries)
onPersonalDataExport('calendarFeeds', personalCalendarFeeds)
// A client's anonymisation: clients erases the row; the answer counts the cases still pointing at it.
// Its portal goes too (issue 26): the access is revoked and the conversation deleted (the files' blobs are then
// unreferenced, and the storage sweeper removes them).
provideClientAnonymizer({
  erase: async (tx, officeId, clientId, name) => {
    const erased = await eraseClientPersonalData(tx, officeId, clientId, name)
    if (erased) await endClientPortal(tx, officeId, clientId)
    return erased
  },
  countCases: countClientCases,
})
