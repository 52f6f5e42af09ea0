import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { offices, officeMembers } from '../offices/offices.table'
import { profiles } from './profiles.table'

export type ProfileRow = typeof profiles.$inferSelect

export async function getProfileByUserId(db: Database, userId: string): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId))
  return row
}

/** Spec §4 "missing profile": name from the account, else the e-mail's local part, else 'Usuário'. */
export function basicProfileName(user: { name?: string | null; email?: string | null }): string {
  const fromName = user.name?.trim()
  if (fromName) return fromName
  const fromEmail = user.email?.split('@')[0]?.trim()
  return fromEmail || 'Usuário'
}

/**
 * Returns the user's profile, creating the basic one of spec §4 when none exists (user_type advogado,
 * empty phone). Like every lawyer, that basic lawyer gets an office, in the same transaction.
 */
export async function ensureProfile(
  db: Database,
  user: { id: string; name?: string | null; email?: string | null },
): Promise<ProfileRow> {
  const existing = await getProfileByUserId(db, user.id)
  if (existing) return existing
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(profiles)
      .values({ userId: user.id, userType: 'advogado', nomeCompleto: basicProfileName(user), telefone: '' })
      .onConflictDoNothing({ target: profiles.userId })
      .returning()
    if (!created) {
      // A concurrent request created it first: use that one.
      const [row] = await tx.select().from(profiles).where(eq(profiles.userId, user.id))
      if (!row) throw new Error('profile vanished during creation')
      return row
    }
    const [membership] = await tx
      .select()
      .from(officeMembers)
      .where(eq(officeMembers.userId, user.id))
      .limit(1)
    if (!membership) {
      const [office] = await tx
        .insert(offices)
        .values({ nome: `Escritório ${created.nomeCompleto}`, createdBy: user.id })
        .returning({ id: offices.id })
      if (office)
        await tx.insert(officeMembers).values({ officeId: office.id, userId: user.id, nivelAcesso: 'socio' })
    }
    return created
  })
}
