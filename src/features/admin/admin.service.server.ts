import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { Database, Executor } from '../../db/client.server'
import type { Env } from '../../platform/env.server'
import { ApiError, notFound } from '../../platform/http-error.server'
import { sessions, users } from '../auth/auth.table.server'
import { getPlatformRole, grantAdminRole, isMasterEmail, removeAdminRoles } from '../auth/auth.public.server'
import type { PlatformRoleName } from '../auth/auth.public'
import { profiles } from '../profiles/profiles.table.server'
import { userRoles } from '../auth/user-roles.table.server'
import { cidade, estado } from '../reference/reference.table.server'
import { signInEvents } from '../settings/settings.table.server'
import { userBlocks } from '../auth/user-blocks.table.server'
import type { AdminProfileItem, AdminProfilesPage, AdminProfilesQuery, AdminStats } from './admin.schema'

/** Writes the audit row of a change inside that change's transaction (see admin.routes.server.ts). */
export type AuditInTransaction = (tx: Executor, details: Record<string, unknown>) => Promise<void>

/** Midnight of today in Brazil, as an instant (the server itself may run in UTC). */
const startOfTodayBR = sql`(date_trunc('day', now() at time zone 'America/Sao_Paulo') at time zone 'America/Sao_Paulo')`

export async function getAdminStats(db: Database): Promise<AdminStats> {
  const [counts] = await db
    .select({
      total: sql<number>`count(*)::int`,
      advogados: sql<number>`(count(*) filter (where ${profiles.userType} = 'advogado'))::int`,
      estudantes: sql<number>`(count(*) filter (where ${profiles.userType} = 'estudante'))::int`,
      entidades: sql<number>`(count(*) filter (where ${profiles.userType} = 'entidade'))::int`,
    })
    .from(profiles)
  const [admins] = await db
    .select({ count: sql<number>`count(distinct ${userRoles.userId})::int` })
    .from(userRoles)
    .where(inArray(userRoles.role, ['admin', 'superadmin']))
  // A session's updated_at moves when better-auth refreshes it (at most daily), so sessions alone miss
  // users who kept yesterday's session; today's sign-ins cover the users whose session was since revoked.
  const active = await db.execute<{ count: number }>(sql`
    select count(distinct user_id)::int as count from (
      select ${sessions.userId} as user_id from ${sessions} where ${sessions.updatedAt} >= ${startOfTodayBR}
      union
      select ${signInEvents.userId} from ${signInEvents} where ${signInEvents.createdAt} >= ${startOfTodayBR}
    ) as today`)
  return {
    total: counts?.total ?? 0,
    advogados: counts?.advogados ?? 0,
    estudantes: counts?.estudantes ?? 0,
    entidades: counts?.entidades ?? 0,
    admins: admins?.count ?? 0,
    activeToday: Number(active.rows[0]?.count ?? 0),
  }
}

/** LIKE pattern for "contains", with the user's % and _ taken literally. */
function containsPattern(term: string) {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`
}

/** The highest role, computed in SQL so a page of 50 costs one query. */
const roleOfProfile = sql<PlatformRoleName>`coalesce((
  select case when bool_or(${userRoles.role} = 'superadmin') then 'superadmin'
              when bool_or(${userRoles.role} = 'admin') then 'admin' end
  from ${userRoles} where ${userRoles.userId} = ${profiles.userId}), 'user')`

export async function listAdminProfiles(
  db: Database,
  env: Pick<Env, 'MASTER_EMAIL'>,
  query: AdminProfilesQuery,
): Promise<AdminProfilesPage> {
  const conditions: SQL[] = []
  if (query.type && query.type !== 'todos') conditions.push(eq(profiles.userType, query.type))
  if (query.role === 'admin')
    conditions.push(
      sql`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${profiles.userId}
        and ${userRoles.role} in ('admin', 'superadmin'))`,
    )
  if (query.search) {
    const pattern = containsPattern(query.search)
    // Name accent- and case-insensitively ('jose' finds 'José'); the type by its name ('estud').
    const byName = sql`f_unaccent(lower(${profiles.nomeCompleto})) like f_unaccent(${pattern}) escape '\\'`
    const byType = sql`${profiles.userType} like f_unaccent(${pattern}) escape '\\'`
    const either = query.by === 'name' ? byName : or(byName, byType)
    if (either) conditions.push(either)
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined
  const [totalRow] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(profiles)
    .where(where)
  const rows = await db
    .select({
      id: profiles.id,
      userId: profiles.userId,
      email: users.email,
      nomeCompleto: profiles.nomeCompleto,
      userType: profiles.userType,
      telefone: profiles.telefone,
      createdAt: profiles.createdAt,
      role: roleOfProfile,
      estado: estado.sigla,
      cidade: cidade.nome,
      oabNumero: profiles.oabNumero,
      oabEstado: profiles.oabEstado,
      universidade: profiles.universidade,
      periodoCurso: profiles.periodoCurso,
      nomeEntidade: profiles.nomeEntidade,
      cnpj: profiles.cnpj,
      tipoEntidade: profiles.tipoEntidade,
      slug: profiles.slug,
      perfilPublico: profiles.perfilPublico,
      blocked: sql<boolean>`exists (select 1 from ${userBlocks} where ${userBlocks.userId} = ${profiles.userId}
        and ${userBlocks.unblockedAt} is null)`,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .leftJoin(estado, eq(estado.id, profiles.estadoId))
    .leftJoin(cidade, eq(cidade.id, profiles.cidadeId))
    .where(where)
    .orderBy(desc(profiles.createdAt), desc(profiles.id))
    .limit(query.limit)
    .offset(query.offset)
  const items: AdminProfileItem[] = rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    isMaster: isMasterEmail(env, row.email),
  }))
  return { items, total: totalRow?.count ?? 0 }
}

async function findUser(db: Executor, userId: string) {
  const [user] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId))
  if (!user) throw notFound('Usuário não encontrado.')
  return user
}

/** Grants admin; the grant and its audit row commit together or not at all. */
export async function grantAdmin(
  db: Database,
  userId: string,
  audit: AuditInTransaction,
): Promise<PlatformRoleName> {
  await db.transaction(async (tx) => {
    await findUser(tx, userId)
    const added = await grantAdminRole(tx, userId)
    await audit(tx, { alreadyAdmin: !added })
  })
  return getPlatformRole(db, userId)
}

/**
 * Takes every admin role away (back to 'user'), except from the caller and the master account. The
 * removal and its audit row commit together or not at all; a refused revoke changes nothing and
 * writes no row.
 */
export async function revokeAdmin(
  db: Database,
  env: Pick<Env, 'MASTER_EMAIL'>,
  actorId: string,
  userId: string,
  audit: AuditInTransaction,
): Promise<PlatformRoleName> {
  await db.transaction(async (tx) => {
    const user = await findUser(tx, userId)
    if (userId === actorId)
      throw new ApiError(403, 'forbidden', 'Você não pode remover o seu próprio acesso de administrador.')
    if (isMasterEmail(env, user.email))
      throw new ApiError(403, 'forbidden', 'A conta master não pode perder o acesso de SuperAdmin.')
    const removed = await removeAdminRoles(tx, userId)
    await audit(tx, { removed: removed.sort() })
  })
  return getPlatformRole(db, userId)
}
