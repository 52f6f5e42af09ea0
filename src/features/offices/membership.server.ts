import { and, eq } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import { UserCache, type UserChanges } from '../../platform/user-cache.server'
import { offices, officeMembers } from './offices.table.server'
import type { NivelAcesso } from './permissions'

/**
 * The one place that reads a user's office membership (requireOffice, /api/me) and creates a lawyer's own
 * office (sign-up, the basic profile). One active membership per user for now; the team issue adds more.
 */
export interface Membership {
  officeId: string
  officeName: string
  nivelAcesso: NivelAcesso
}

/** Works on the database or inside a transaction. */
type Executor = Pick<Database, 'select' | 'insert'>

/** Active memberships by user id. Only found ones are cached: a new membership needs no eviction. */
export type MembershipCache = UserCache<Membership>

const MEMBERSHIP_TTL_MS = 30_000
const MAX_MEMBERSHIPS = 10_000

export function createMembershipCache(changes: UserChanges): MembershipCache {
  return new UserCache<Membership>(changes, { ttlMs: MEMBERSHIP_TTL_MS, maxEntries: MAX_MEMBERSHIPS })
}

/** Straight from the database (what /api/me shows). */
export async function findActiveMembership(db: Executor, userId: string): Promise<Membership | undefined> {
  const [row] = await db
    .select({
      officeId: officeMembers.officeId,
      officeName: offices.nome,
      nivelAcesso: officeMembers.nivelAcesso,
    })
    .from(officeMembers)
    .innerJoin(offices, eq(offices.id, officeMembers.officeId))
    .where(and(eq(officeMembers.userId, userId), eq(officeMembers.ativo, true)))
    .limit(1)
  return row
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
