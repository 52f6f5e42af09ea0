import { and, eq, lte, sql } from 'drizzle-orm'
import type { Database, Executor } from '../../db/client.server'
import { formatDateBR } from '../../lib/br/dates'
import { paths } from '../../lib/paths'
import type { AppDeps } from '../../platform/app-env.server'
import { ApiError, notFound } from '../../platform/http-error.server'
import { log } from '../../platform/log.server'
import { recordAudit } from '../audit/audit.public.server'
import { eraseAccountRow } from '../auth/auth.public.server'
import { accounts, users } from '../auth/auth.table.server'
import { createNotification } from '../notifications/notifications.public.server'
import { deleteOffices, detachDeletedMembers } from '../offices/offices.public.server'
import { officeMembers, offices } from '../offices/offices.table.server'
import { profiles } from '../profiles/profiles.table.server'
import {
  DELETION_GRACE_DAYS,
  PRIVACY_MESSAGES,
  REMOVED_USER_NAME,
  type DeletionStatus,
  type OfficeToClose,
} from './privacy.schema'
import { runAccountErasers } from './erasure-hooks.server'
import { filesOfDeletion, removeFiles } from './privacy.files.server'
import { accountDeletions } from './privacy.table.server'

// Account deletion (LGPD art. 18, VI) with a 7-day grace period: docs/decisions/016-lgpd.md.

const DAY_MS = 24 * 60 * 60 * 1000

interface DeletionPlan {
  officesToClose: OfficeToClose[]
  /** The user's memberships in offices that stay (their content is kept as 'Usuário removido'). */
  keptMemberships: { id: string; officeId: string }[]
  blockedBy: string | null
}

/**
 * What deleting the account would do to each office the user belongs to:
 * - no other ACTIVE member with an account → the office closes (nobody could ever use its data again);
 * - the user is its last active sócio and others remain → refused: someone must take over first;
 * - otherwise the membership is detached and kept as 'Usuário removido'.
 * Members without an account (a team record only) can't sign in, so they never keep an office open.
 */
export async function planDeletion(db: Executor, userId: string): Promise<DeletionPlan> {
  const others = (socioOnly: boolean) => sql<number>`(
    select count(*)::int from ${officeMembers} x
     where x.office_id = ${officeMembers.officeId} and x.ativo and x.user_id is not null
       and x.user_id <> ${userId} ${socioOnly ? sql`and x.nivel_acesso = 'socio'` : sql``})`
  const rows = await db
    .select({
      id: officeMembers.id,
      officeId: officeMembers.officeId,
      nome: offices.nome,
      ativo: officeMembers.ativo,
      nivelAcesso: officeMembers.nivelAcesso,
      otherMembers: others(false),
      otherSocios: others(true),
    })
    .from(officeMembers)
    .innerJoin(offices, eq(offices.id, officeMembers.officeId))
    .where(eq(officeMembers.userId, userId))
    .orderBy(offices.nome)
  const plan: DeletionPlan = { officesToClose: [], keptMemberships: [], blockedBy: null }
  for (const row of rows) {
    if (Number(row.otherMembers) === 0) plan.officesToClose.push({ id: row.officeId, nome: row.nome })
    else {
      if (row.ativo && row.nivelAcesso === 'socio' && Number(row.otherSocios) === 0)
        plan.blockedBy ??= PRIVACY_MESSAGES.lastSocio(row.nome)
      plan.keptMemberships.push({ id: row.id, officeId: row.officeId })
    }
  }
  return plan
}

export async function getDeletionStatus(db: Database, userId: string): Promise<DeletionStatus> {
  const [request] = await db.select().from(accountDeletions).where(eq(accountDeletions.userId, userId))
  const plan = await planDeletion(db, userId)
  return {
    requestedAt: request?.requestedAt.toISOString() ?? null,
    scheduledFor: request?.scheduledFor.toISOString() ?? null,
    officesToClose: plan.officesToClose,
    blockedBy: plan.blockedBy,
  }
}

/** The stored credential hash matches `password` (better-auth's own hasher: scrypt). */
export async function passwordMatches(deps: AppDeps, userId: string, password: string): Promise<boolean> {
  const [credential] = await deps.db
    .select({ hash: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
  if (!credential?.hash) return false
  const context = await deps.auth.$context
  return context.password.verify({ hash: credential.hash, password })
}

interface Requester {
  userId: string
  email: string
  name: string
  ip: string | null
}

/** Schedules the deletion in DELETION_GRACE_DAYS; the caller has checked the password. */
export async function requestDeletion(
  deps: AppDeps,
  who: Requester,
  now = new Date(),
): Promise<DeletionStatus> {
  const scheduledFor = new Date(now.getTime() + DELETION_GRACE_DAYS * DAY_MS)
  await deps.db.transaction(async (tx) => {
    const plan = await planDeletion(tx, who.userId)
    if (plan.blockedBy) throw new ApiError(409, 'last_socio', plan.blockedBy)
    const inserted = await tx
      .insert(accountDeletions)
      .values({ userId: who.userId, requestedAt: now, scheduledFor })
      .onConflictDoNothing()
      .returning({ userId: accountDeletions.userId })
    if (inserted.length === 0) throw new ApiError(409, 'already_requested', PRIVACY_MESSAGES.alreadyRequested)
    await recordAudit(tx, {
      officeId: null,
      actorUserId: who.userId,
      action: 'account.delete_request',
      entity: 'user',
      entityId: who.userId,
      details: { scheduledFor: scheduledFor.toISOString() },
      ip: who.ip,
    })
    await createNotification(tx, {
      userId: who.userId,
      title: 'Exclusão de conta agendada',
      message: `Sua conta será excluída em ${formatDateBR(scheduledFor)}. Para cancelar, acesse Configurações > Privacidade (LGPD) e clique em "Cancelar exclusão".`,
      type: 'warning',
      link: paths.dashboard.settings,
    })
  })
  // The e-mail is a courtesy on top of the notification: a mail failure never undoes the request.
  await deps.mailer
    .send({
      to: who.email,
      subject: 'JusConecta: exclusão da sua conta agendada',
      text: `Olá, ${who.name}.\n\nRecebemos o pedido de exclusão da sua conta. Ela será excluída definitivamente em ${formatDateBR(scheduledFor)}, com seus dados pessoais.\n\nMudou de ideia? Entre no JusConecta até essa data, abra Configurações > Privacidade (LGPD) e clique em "Cancelar exclusão":\n${deps.env.publicUrl}${paths.dashboard.settings}\n\nSe você não fez esse pedido, entre e cancele a exclusão agora, e troque sua senha.`,
    })
    .catch((error: unknown) => log.error('account deletion mail failed', { error }))
  return getDeletionStatus(deps.db, who.userId)
}

export async function cancelDeletion(deps: AppDeps, who: Requester): Promise<DeletionStatus> {
  await deps.db.transaction(async (tx) => {
    const removed = await tx
      .delete(accountDeletions)
      .where(eq(accountDeletions.userId, who.userId))
      .returning({ userId: accountDeletions.userId })
    if (removed.length === 0) throw notFound(PRIVACY_MESSAGES.noRequest)
    await recordAudit(tx, {
      officeId: null,
      actorUserId: who.userId,
      action: 'account.delete_cancel',
      entity: 'user',
      entityId: who.userId,
      ip: who.ip,
    })
    await createNotification(tx, {
      userId: who.userId,
      title: 'Exclusão de conta cancelada',
      message: 'A exclusão da sua conta foi cancelada. Nada foi apagado.',
      type: 'success',
      link: paths.dashboard.settings,
    })
  })
  return getDeletionStatus(deps.db, who.userId)
}

/** Rows updated per statement when content loses its author: short transactions, others interleave. */
const DETACH_BATCH = 2000

/**
 * Clears the user's authorship (created_by, uploaded_by…) on the content of the offices that stay, in small
 * batches BEFORE the deletion's transaction. The SET NULL keys would do it inside that one transaction, where
 * an author of 150 000 rows (each rewriting its trigram indexes) held the database for a minute (PGlite
 * serialises every query behind it). The columns come from the catalog — every single-column SET NULL key
 * to users(id) — so a module added later is covered. office_members is the deletion's own business.
 */
async function detachAuthorship(db: Database, userId: string, keptOfficeIds: string[]): Promise<void> {
  if (keptOfficeIds.length === 0) return
  const references = await db.execute<{ tbl: string; col: string; has_office: boolean }>(sql`
    select cl.relname as tbl, a.attname as col,
           exists (select 1 from pg_attribute o
                    where o.attrelid = c.conrelid and o.attname = 'office_id' and not o.attisdropped) as has_office
      from pg_constraint c
      join pg_class cl on cl.oid = c.conrelid
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
     where c.contype = 'f' and c.confrelid = 'users'::regclass and c.confdeltype = 'n'
       and cardinality(c.conkey) = 1 and cl.relname <> 'office_members'
     order by 1, 2`)
  const kept = sql.join(
    keptOfficeIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )
  for (const ref of references.rows) {
    const table = sql.identifier(ref.tbl)
    const column = sql.identifier(ref.col)
    const inKeptOffice = ref.has_office ? sql`and office_id in (${kept})` : sql``
    for (;;) {
      const updated = await db.execute(sql`
        update ${table} set ${column} = null
         where ctid in (select ctid from ${table} where ${column} = ${userId} ${inKeptOffice} limit ${DETACH_BATCH})
        returning 1`)
      if (updated.rows.length < DETACH_BATCH) break
    }
  }
}

export type DeletionOutcome =
  | { status: 'deleted'; closedOffices: number; keptMemberships: number }
  | { status: 'blocked'; reason: string }
  | { status: 'gone' }

/**
 * Deletes the account now, in ONE transaction: closes the offices nobody else uses, detaches and strips
 * the memberships of the others (content stays, shown as 'Usuário removido'), then deletes the user row,
 * which cascades to sessions, credentials, 2FA, profile, lawyer collections, settings, sign-in history,
 * notifications and calendar links. Content rows' created_by/uploaded_by become NULL: in batches before
 * (detachAuthorship), and by the SET NULL keys for anything written meanwhile.
 * Files go after the commit: every stored file of a row this removes, directly or by cascade (documents and
 * backup archives of the closed offices, CVs, OAB cards, the avatar — privacy.files.server.ts), is collected
 * in the transaction; a failed delete is logged and left to the orphan sweeper, never undoing the deletion.
 */
export async function executeAccountDeletion(deps: AppDeps, userId: string): Promise<DeletionOutcome> {
  const preview = await planDeletion(deps.db, userId)
  if (!preview.blockedBy)
    await detachAuthorship(
      deps.db,
      userId,
      preview.keptMemberships.map((member) => member.officeId),
    )
  const outcome = await deps.db.transaction(async (tx) => {
    const [user] = await tx
      .select({ email: users.email, name: users.name, avatarUrl: profiles.avatarUrl })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(eq(users.id, userId))
      .for('update', { of: users })
    if (!user) return { status: 'gone' as const }
    // Two sócios of one office deleted at once must not both see the other as the one who stays.
    await tx.execute(sql`select 1 from ${offices} where id in (
      select office_id from ${officeMembers} where user_id = ${userId}) order by id for update`)
    const plan = await planDeletion(tx, userId)
    if (plan.blockedBy) return { status: 'blocked' as const, reason: plan.blockedBy }

    const closedIds = plan.officesToClose.map((office) => office.id)
    // Read before anything is deleted: the cascades below take these rows (and their keys) with them.
    const files = await filesOfDeletion(tx, { userId, avatarUrl: user.avatarUrl, closedOfficeIds: closedIds })
    const memberIds = plan.keptMemberships.map((member) => member.id)
    // Each owner erases its part, in this order: the offices closed (their rows cascade), then what the
    // shell registered (erasure-hooks.server.ts: the closed offices' CRM counters, the invitations of the
    // kept team records), then the kept team records lose the account and its personal data.
    await deleteOffices(tx, closedIds)
    await runAccountErasers(tx, { userId, closedOfficeIds: closedIds, keptMemberIds: memberIds })
    if (memberIds.length > 0) {
      await detachDeletedMembers(tx, memberIds, REMOVED_USER_NAME)
      for (const member of plan.keptMemberships)
        await recordAudit(tx, {
          officeId: member.officeId,
          actorUserId: userId,
          action: 'account.delete',
          entity: 'member',
          entityId: member.id,
        })
    }
    await recordAudit(tx, {
      officeId: null,
      actorUserId: userId,
      action: 'account.delete',
      entity: 'user',
      entityId: userId,
      details: { closedOffices: closedIds.length, keptMemberships: memberIds.length },
    })
    // Password-reset and e-mail links still waiting for this account, then the account itself (auth's rows).
    await eraseAccountRow(tx, { userId, email: user.email })
    return {
      status: 'deleted' as const,
      closedOffices: closedIds.length,
      keptMemberships: memberIds.length,
      user,
      files,
    }
  })
  if (outcome.status !== 'deleted') return outcome

  await removeFiles(deps.env, outcome.files)
  await deps.mailer
    .send({
      to: outcome.user.email,
      subject: 'JusConecta: sua conta foi excluída',
      text: `Olá, ${outcome.user.name}.\n\nComo você pediu, sua conta no JusConecta e seus dados pessoais foram excluídos. O que você produziu em escritórios que continuam ativos ficou com eles, atribuído a "${REMOVED_USER_NAME}".\n`,
    })
    .catch((error: unknown) => log.error('account deleted mail failed', { error }))
  return { status: 'deleted', closedOffices: outcome.closedOffices, keptMemberships: outcome.keptMemberships }
}

/**
 * The hourly job: deletes every account whose grace period ended. Idempotent: a request row exists only
 * until its user is deleted (the cascade removes it), so a second run finds nothing to do. A request that
 * became blocked (the user is again the last sócio of an office with members) waits, and says so once.
 */
export async function processDueDeletions(deps: AppDeps, now = new Date()): Promise<number> {
  const due = await deps.db
    .select({ userId: accountDeletions.userId, requestedAt: accountDeletions.requestedAt })
    .from(accountDeletions)
    .where(lte(accountDeletions.scheduledFor, now))
    .orderBy(accountDeletions.scheduledFor)
  let deleted = 0
  for (const request of due) {
    const outcome = await executeAccountDeletion(deps, request.userId)
    if (outcome.status === 'deleted') deleted++
    if (outcome.status === 'blocked')
      await createNotification(deps.db, {
        userId: request.userId,
        title: 'Exclusão de conta pendente',
        message: outcome.reason,
        type: 'warning',
        link: paths.dashboard.settings,
        sourceKey: `privacy.deletion-blocked:${request.requestedAt.toISOString()}`,
      })
  }
  return deleted
}
