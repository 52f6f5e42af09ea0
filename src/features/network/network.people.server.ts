import { and, eq, or, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client.server'
import { profiles } from '../profiles/profiles.table.server'

// Who is who for the network: a public lawyer (reviews, contact form) and a person who may connect.
// Reads the profiles table directly (a feature may read another feature's table for joins).

export interface Person {
  userId: string
  nomeCompleto: string
  userType: 'advogado' | 'estudante' | 'entidade'
  avatarUrl: string | null
  /** A lawyer who turned 'Perfil público' off is hidden from everyone but themselves and their connections. */
  perfilPublico: boolean
}

const personColumns = {
  userId: profiles.userId,
  nomeCompleto: profiles.nomeCompleto,
  userType: profiles.userType,
  avatarUrl: profiles.avatarUrl,
  perfilPublico: profiles.perfilPublico,
}

/** A lawyer who chose to be public (a private profile is as absent as a missing one: 404). */
export const isPublicLawyer: SQL = and(
  eq(profiles.userType, 'advogado'),
  eq(profiles.perfilPublico, true),
) as SQL

/**
 * The public lawyer named by `key`, their profile slug or their user id (the components take either),
 * or null. Never says more than the public profile does.
 */
export async function findPublicLawyer(db: Executor, key: string): Promise<Person | null> {
  const [row] = await db
    .select(personColumns)
    .from(profiles)
    .where(and(isPublicLawyer, or(eq(profiles.slug, key), eq(profiles.userId, key))))
    .limit(1)
  return row ?? null
}

export async function findPerson(db: Executor, userId: string): Promise<Person | null> {
  const [row] = await db.select(personColumns).from(profiles).where(eq(profiles.userId, userId))
  return row ?? null
}

/** Whether a stranger may see this person at all (a private lawyer is 404 to them, as in the directory). */
export function isVisible(person: Person): boolean {
  return person.userType !== 'advogado' || person.perfilPublico
}

/** Lawyers and students network; entities publish jobs but do not connect (issue 13). */
export function canConnect(person: Person | null): boolean {
  return person !== null && (person.userType === 'advogado' || person.userType === 'estudante')
}

export const iso = (value: Date | string | null): string | null =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString()
export type { Executor }
