import { and, asc, eq, sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import { UserCache, type UserChanges } from '../../platform/user-cache.server'
import { users } from '../auth/auth.table.server'
import { baseExtraColumns, membershipExtensions, type MembershipExtras } from './membership-extensions.server'
import { offices, officeMembers } from './offices.table.server'
import type { NivelAcesso } from './permissions'

/**
 * The one place that reads a user's office membership (requireOffice, /api/me) and creates a lawyer's own
 * office (sign-up, the basic profile). A person may be an active member of several offices (a lawyer
 * invited to a colleague's office keeps their own); the CURRENT one is the active membership with the
 * latest selected_at (set by the office switcher), then the oldest. Every office request is scoped to it.
 */
export interface Membership extends MembershipExtras {
  officeId: string
  nivelAcesso: NivelAcesso
  /** office_members.id: what timesheets, responsible members and invitations point at. */
  memberId: string
  twoFactorEnabled: boolean
}

/** Works on the database or inside a transaction. */
type Executor = Pick<Database, 'select' | 'insert'>
type Updater = Pick<Database, 'update'>

const coreColumns = {
  officeId: officeMembers.officeId,
  nivelAcesso: officeMembers.nivelAcesso,
  memberId: officeMembers.id,
  twoFactorEnabled: sql<boolean>`coalesce(${users.twoFactorEnabled}, false)`,
}

/**
 * One statement for the membership and what the registered features add to it (office settings, the platform
 * subscription: membership-extensions.server.ts): each extension's table is left-joined by office.
 */
function selectMemberships(db: Executor) {
  const extras: Record<string, SQL<unknown>> = { ...baseExtraColumns }
  for (const extension of membershipExtensions()) Object.assign(extras, extension.columns)
  let query = db
    .select({ ...coreColumns, ...(extras as typeof baseExtraColumns) })
    .from(officeMembers)
    .innerJoin(offices, eq(offices.id, officeMembers.officeId))
    .innerJoin(users, eq(users.id, officeMembers.userId))
    .$dynamic()
  for (const extension of membershipExtensions())
    query = query.leftJoin(extension.table, eq(extension.officeId, officeMembers.officeId))
  return query
}

// The current office first: the latest choice of the switcher, then the oldest membership (a user who
// never switched stays in the office they had first, usually their own).
const currentFirst = [sql`${officeMembers.selectedAt} desc nulls last`, asc(officeMembers.createdAt)]

/** Active memberships by user id. Only found ones are cached: a new membership needs no eviction. */
export type MembershipCache = UserCache<Membership>

const MEMBERSHIP_TTL_MS = 30_000
const MAX_MEMBERSHIPS = 10_000

export function createMembershipCache(changes: UserChanges): MembershipCache {
  return new UserCache<Membership>(changes, { ttlMs: MEMBERSHIP_TTL_MS, maxEntries: MAX_MEMBERSHIPS })
}

/** The current membership, straight from the database (what /api/me shows). */
export async function findActiveMembership(db: Executor, userId: string): Promise<Membership | undefined> {
  const [row] = await selectMemberships(db)
    .where(and(eq(officeMembers.userId, userId), eq(officeMembers.ativo, true)))
    .orderBy(...currentFirst)
    .limit(1)
  return row
}

/** Every active membership of the user, the current one first (the office switcher's list). */
export async function listActiveMemberships(db: Executor, userId: string): Promise<Membership[]> {
  return selectMemberships(db)
    .where(and(eq(officeMembers.userId, userId), eq(officeMembers.ativo, true)))
    .orderBy(...currentFirst, asc(offices.nome))
}

/**
 * Makes `officeId` the user's current office, only through an ACTIVE membership the user really has
 * (false otherwise: the caller answers 404, never revealing whether the office exists). The update
 * fires migration 0010's trigger, so every node forgets the cached membership of this user.
 */
export async function selectCurrentOffice(db: Updater, userId: string, officeId: string): Promise<boolean> {
  const rows = await db
    .update(officeMembers)
    .set({ selectedAt: sql`now()` })
    .where(
      and(
        eq(officeMembers.userId, userId),
        eq(officeMembers.officeId, officeId),
        eq(officeMembers.ativo, true),
      ),
    )
    .returning({ id: officeMembers.id })
  return rows.length > 0
}

/**
 * Through the per-node cache (what every office route authorises with). A deactivation or level change is
 * announced by the database (migration 0010) and evicts the entry on every node at once.
 */
export async function getActiveMembership(
  db: Executor,
  cache: MembershipCache,
  userId: string,
): Promise<Membership | undefined> {
  const cached = cache.get(userId)
  if (cached) return cached
  const ticket = cache.changes.begin()
  const membership = await findActiveMembership(db, userId)
  if (membership) cache.set(ticket, userId, userId, membership)
  return membership
}

/** Whether the user belongs to any office, active or not (a deactivated member gets no new office). */
export async function hasAnyMembership(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: officeMembers.id })
    .from(officeMembers)
    .where(eq(officeMembers.userId, userId))
    .limit(1)
  return Boolean(row)
}

/** A lawyer's own office, with the lawyer as sócio. Run it in the transaction that creates the lawyer. */
export async function createOwnOffice(db: Executor, userId: string, lawyerName: string): Promise<string> {
  const [office] = await db
    .insert(offices)
    .values({ nome: `Escritório ${lawyerName}`, createdBy: userId })
    .returning({ id: offices.id })
  if (!office) throw new Error('office insert returned nothing')
  await db.insert(officeMembers).values({ officeId: office.id, userId, nivelAcesso: 'socio' })
  return office.id
}

// The platform's dependencies learn about the membership cache here (see platform/app-env.server.ts).
declare module '../../platform/app-env.server' {
  interface AppDeps {
    membershipCache: MembershipCache
  }
}
