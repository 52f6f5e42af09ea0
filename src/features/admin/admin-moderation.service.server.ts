import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import type { Env } from '../../platform/env.server'
import { ApiError, notFound } from '../../platform/http-error.server'
import { users } from '../auth/auth.table.server'
import { blockAccount, isMasterEmail, unblockAccount } from '../auth/auth.public.server'
import { closeJobByModeration } from '../jobs/jobs.public.server'
import { contentReports, oabVerifications } from '../network/network.table.server'
import { moderateProfileFields } from '../profiles/profiles.public.server'
import { profiles } from '../profiles/profiles.table.server'
import { userBlocks } from '../auth/user-blocks.table.server'
import type { AuditInTransaction } from './admin.service.server'
import {
  ADMIN_MODERATION_MESSAGES as MSG,
  type AdminProfileEditInput,
  type BlockedUserItem,
  type HistoryKind,
  type ModerationHistoryPage,
  type ModerationSummary,
} from './admin-moderation.schema'

type Executor = Parameters<AuditInTransaction>[0]

async function findUser(db: Executor, userId: string) {
  const [user] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId))
  if (!user) throw notFound('Usuário não encontrado.')
  return user
}

/**
 * Blocks a user: the block, the deletion of EVERY session of theirs and the audit/event rows commit
 * together. Deleting the session rows fires the sessions trigger (decision 009), so every node evicts its
 * cached copy on commit: the old cookie answers 401 at once, anywhere. New sessions are refused by the
 * sign-in guard while the block stands.
 */
export async function blockUser(
  db: Database,
  env: Pick<Env, 'MASTER_EMAIL'>,
  actorId: string,
  userId: string,
  reason: string,
  audit: AuditInTransaction,
): Promise<number> {
  return db.transaction(async (tx) => {
    const user = await findUser(tx, userId)
    if (userId === actorId) throw new ApiError(403, 'forbidden', MSG.selfBlock)
    if (isMasterEmail(env, user.email)) throw new ApiError(403, 'forbidden', MSG.masterBlock)
    const blocked = await blockAccount(tx, { userId, reason, blockedBy: actorId })
    if (!blocked) throw new ApiError(409, 'already_blocked', MSG.alreadyBlocked)
    await audit(tx, { change: 'block', sessionsEnded: blocked.sessionsEnded })
    return blocked.sessionsEnded
  })
}

/** Lifts the block in force (the row stays, stamped, for the history). */
export async function unblockUser(
  db: Database,
  actorId: string,
  userId: string,
  audit: AuditInTransaction,
): Promise<void> {
  await db.transaction(async (tx) => {
    await findUser(tx, userId)
    if (!(await unblockAccount(tx, userId, actorId))) throw new ApiError(409, 'not_blocked', MSG.notBlocked)
    await audit(tx, { change: 'unblock' })
  })
}

export async function listBlockedUsers(db: Database): Promise<BlockedUserItem[]> {
  const rows = await db.execute<{
    user_id: string
    nome: string | null
    email: string
    reason: string
    blocked_by: string | null
    blocked_by_name: string | null
    blocked_at: Date | string
  }>(sql`
    select b.user_id, p.nome_completo as nome, u.email, b.reason, b.blocked_by,
           a.nome_completo as blocked_by_name, b.blocked_at
    from ${userBlocks} b
    join ${users} u on u.id = b.user_id
    left join ${profiles} p on p.user_id = b.user_id
    left join ${profiles} a on a.user_id = b.blocked_by
    where b.unblocked_at is null
    order by b.blocked_at desc nulls last
    limit 500`)
  return rows.rows.map((row) => ({
    userId: row.user_id,
    nomeCompleto: row.nome,
    email: row.email,
    reason: row.reason,
    blockedBy: row.blocked_by,
    blockedByName: row.blocked_by_name,
    blockedAt: new Date(row.blocked_at).toISOString(),
  }))
}

/** The user ids among `userIds` that are blocked now (for the users/profiles lists). */
export async function blockedAmong(db: Database, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set()
  const rows = await db
    .select({ userId: userBlocks.userId })
    .from(userBlocks)
    .where(
      and(
        isNull(userBlocks.unblockedAt),
        sql`${userBlocks.userId} in (${sql.join(
          userIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      ),
    )
  return new Set(rows.map((row) => row.userId))
}

export async function moderationSummary(db: Database): Promise<ModerationSummary> {
  const result = await db.execute<{ [K in keyof ModerationSummary]: number }>(sql`
    select
      (select count(*) from ${oabVerifications} where status = 'pendente')::int as pendentes,
      (select count(*) from ${contentReports} where status = 'pendente')::int as denunciados,
      (select count(*) from ${userBlocks} where unblocked_at is null)::int as bloqueados,
      ((select count(*) from ${oabVerifications} where status <> 'pendente')
        + (select count(*) from ${contentReports} where status = 'resolvida')
        + (select count(*) from ${userBlocks} where unblocked_at is not null))::int as resolvidos`)
  const row = result.rows[0]
  return {
    pendentes: Number(row?.pendentes ?? 0),
    denunciados: Number(row?.denunciados ?? 0),
    bloqueados: Number(row?.bloqueados ?? 0),
    resolvidos: Number(row?.resolvidos ?? 0),
  }
}

/** Every decision, newest first: verifications decided, reports resolved, blocks and their lifting. */
export async function moderationHistory(
  db: Database,
  page: { limit: number; offset: number },
): Promise<ModerationHistoryPage> {
  const decisions = sql`
    select 'verificacao' as kind, v.id::text as id, v.status as outcome, v.user_id as subject_user,
           null::text as subject, v.motivo as reason, v.decided_by as actor, v.decided_at as at
      from ${oabVerifications} v where v.status <> 'pendente' and v.decided_at is not null
    union all
    select 'denuncia', r.id::text, 'resolvida', null, r.target_type, r.decision, r.decided_by, r.decided_at
      from ${contentReports} r where r.status = 'resolvida' and r.decided_at is not null
    union all
    select 'bloqueio', b.id::text, 'bloqueio', b.user_id, null, b.reason, b.blocked_by, b.blocked_at
      from ${userBlocks} b
    union all
    select 'desbloqueio', b.id::text, 'desbloqueio', b.user_id, null, null, b.unblocked_by, b.unblocked_at
      from ${userBlocks} b where b.unblocked_at is not null`
  const [rows, total] = await Promise.all([
    db.execute<{
      kind: HistoryKind
      id: string
      outcome: string
      subject: string | null
      subject_name: string | null
      reason: string | null
      actor: string | null
      actor_name: string | null
      at: Date | string
    }>(sql`
      select d.kind, d.id, d.outcome, d.subject, s.nome_completo as subject_name, d.reason, d.actor,
             a.nome_completo as actor_name, d.at
      from (${decisions}) d
      left join ${profiles} s on s.user_id = d.subject_user
      left join ${profiles} a on a.user_id = d.actor
      order by d.at desc, d.id desc
      limit ${page.limit} offset ${page.offset}`),
    db.execute<{ count: number }>(sql`select count(*)::int as count from (${decisions}) d`),
  ])
  return {
    items: rows.rows.map((row) => ({
      key: `${row.kind}:${row.id}`,
      kind: row.kind,
      outcome: row.outcome,
      subject: row.subject_name ?? row.subject,
      reason: row.reason,
      actorId: row.actor,
      actorName: row.actor_name,
      at: new Date(row.at).toISOString(),
    })),
    total: Number(total.rows[0]?.count ?? 0),
  }
}

/** A superadmin's fix of a profile's name, phone or type; the change and its audit row commit together. */
export async function editProfile(
  db: Database,
  profileId: string,
  input: Required<AdminProfileEditInput>,
  audit: AuditInTransaction,
): Promise<{ userId: string }> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ userId: profiles.userId, userType: profiles.userType })
      .from(profiles)
      .where(eq(profiles.id, profileId))
      .for('update')
    if (!before) throw notFound(MSG.profileNotFound)
    await moderateProfileFields(tx, profileId, {
      nomeCompleto: input.nomeCompleto,
      telefone: input.telefone,
      userType: input.userType,
    })
    // Field names only (no values): the audit trail says what changed, not the personal data.
    await audit(tx, {
      fields: ['nomeCompleto', 'telefone', 'userType'],
      typeFrom: before.userType,
      typeTo: input.userType,
    })
    return { userId: before.userId }
  })
}

/** Closes a reported job (moderation): it leaves the public listings; the entity may still see it. */
export async function closeJob(db: Database, jobId: string, audit: AuditInTransaction): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await closeJobByModeration(tx, jobId))) throw notFound('Vaga não encontrada.')
    await audit(tx, { change: 'close' })
  })
}
