import { and, eq, inArray, isNotNull } from 'drizzle-orm'
import { paths } from '../../lib/paths'
import type { AppDeps } from '../../platform/app-env.server'
import { log } from '../../platform/log.server'
import { users } from '../auth/auth.table.server'
import { caseMembers } from '../cases/case-members.table.server'
import { createNotification } from '../notifications/notifications.public.server'
import { officeMembers } from '../offices/offices.table.server'
import { userSettings } from '../settings/settings.table.server'
import type { OabTarget, StoredItem } from './publications.store.server'

/**
 * Each NEW communication notifies (in real time, through the notifications stream) the responsible members
 * of its case, or — unmatched, or a case with nobody responsible — the owner of the OAB it was found by.
 * `sourceKey` makes a re-run notify nobody twice. Returns how many each user got (the run's e-mail).
 */
export async function notifyNewItems(
  db: AppDeps['db'],
  officeId: string,
  items: readonly StoredItem[],
  oabs: readonly OabTarget[],
  tally: Map<string, number>,
): Promise<void> {
  if (items.length === 0) return
  const caseIds = [...new Set(items.flatMap((i) => (i.caseId ? [i.caseId] : [])))]
  const responsible = new Map<string, string[]>()
  if (caseIds.length > 0) {
    const rows = await db
      .select({ caseId: caseMembers.caseId, userId: officeMembers.userId })
      .from(caseMembers)
      .innerJoin(officeMembers, eq(officeMembers.id, caseMembers.memberId))
      .where(
        and(
          eq(caseMembers.officeId, officeId),
          inArray(caseMembers.caseId, caseIds),
          eq(officeMembers.ativo, true),
          isNotNull(officeMembers.userId),
        ),
      )
    for (const row of rows) {
      if (!row.userId) continue
      responsible.set(row.caseId, [...(responsible.get(row.caseId) ?? []), row.userId])
    }
  }
  const owners = new Map(oabs.map((o) => [o.id, o.ownerUserId]))
  const activeOwners = new Set(
    (
      await db
        .select({ userId: officeMembers.userId })
        .from(officeMembers)
        .where(
          and(
            eq(officeMembers.officeId, officeId),
            eq(officeMembers.ativo, true),
            isNotNull(officeMembers.userId),
          ),
        )
    ).flatMap((r) => (r.userId ? [r.userId] : [])),
  )
  for (const item of items) {
    let recipients = item.caseId ? (responsible.get(item.caseId) ?? []) : []
    if (recipients.length === 0) {
      const owner = item.foundByOabId ? owners.get(item.foundByOabId) : null
      recipients = owner && activeOwners.has(owner) ? [owner] : []
    }
    for (const userId of new Set(recipients)) {
      const created = await createNotification(db, {
        userId,
        officeId,
        type: 'info',
        title: `Nova publicação: ${item.siglaTribunal}`.slice(0, 200),
        message: `${item.tipoComunicacao ?? 'Comunicação'}${item.numeroMascara ? ` — processo ${item.numeroMascara}` : ''}.`,
        link: paths.dashboard.publications,
        sourceKey: `publications.new:${item.id}`,
      })
      if (created) tally.set(userId, (tally.get(userId) ?? 0) + 1)
    }
  }
}

/** One e-mail per user per run, for those who keep e-mail notifications on (Configurações → Notificações). */
export async function mailNewItems(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'env'>,
  tally: ReadonlyMap<string, number>,
): Promise<void> {
  const userIds = [...tally.keys()]
  if (userIds.length === 0) return
  const rows = await deps.db
    .select({ id: users.id, email: users.email, notifyEmail: userSettings.notifyEmail })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(inArray(users.id, userIds))
  for (const row of rows) {
    const count = tally.get(row.id) ?? 0
    if (count === 0 || row.notifyEmail === false || !row.email) continue
    try {
      await deps.mailer.send({
        to: row.email,
        subject: count === 1 ? '1 nova publicação' : `${count} novas publicações`,
        text:
          `${count === 1 ? 'Chegou 1 nova publicação' : `Chegaram ${count} novas publicações`} do Diário de Justiça ` +
          `Eletrônico Nacional para você.\n\nVeja em: ${deps.env.publicUrl}${paths.dashboard.publications}\n\n` +
          'Você recebe este e-mail porque ativou as notificações por e-mail nas configurações do JusConecta.',
      })
    } catch (error) {
      log.error('publications: e-mail de novas publicações não enviado', { error })
    }
  }
}
