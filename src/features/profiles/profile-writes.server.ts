import { eq, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.server'
import { profiles } from './profiles.table.server'

// The writes of profiles that other features ask for (issue 23: a table has one owner, which alone writes it):
// the directory's presence and visibility switches, the network's OAB seal, the admin's moderation. Each caller
// passes its own transaction, so its checks and audit stay in one.

/** The profile's "online" hint: at most one write a minute per user (the condition, on every node alike). */
export async function markProfileSeen(db: Executor, userId: string): Promise<void> {
  await db.execute(sql`update ${profiles} set last_seen_at = now()
    where user_id = ${userId}
      and (last_seen_at is null or last_seen_at < now() - interval '1 minute')`)
}

/** The public-profile switches of the user's own profile; the saved row, or null without a profile. */
export async function updateProfileVisibility(
  db: Executor,
  userId: string,
  data: { perfilPublico: boolean; atendeVideo: boolean; mostrarHonorarios: boolean },
) {
  const [row] = await db
    .update(profiles)
    .set({ ...data, updatedAt: sql`now()` })
    .where(eq(profiles.userId, userId))
    .returning({
      slug: profiles.slug,
      userType: profiles.userType,
      perfilPublico: profiles.perfilPublico,
      atendeVideo: profiles.atendeVideo,
      mostrarHonorarios: profiles.mostrarHonorarios,
    })
  return row ?? null
}

/** An approved OAB card: the "Verificado" seal from now on. */
export async function markOabVerified(tx: Executor, userId: string): Promise<void> {
  await tx
    .update(profiles)
    .set({ oabVerificadoEm: sql`now()` })
    .where(eq(profiles.userId, userId))
}

/** The platform's moderation of a profile (name, phone, type). */
export async function moderateProfileFields(
  tx: Executor,
  profileId: string,
  fields: Pick<typeof profiles.$inferInsert, 'nomeCompleto' | 'telefone' | 'userType'>,
): Promise<void> {
  await tx.update(profiles).set(fields).where(eq(profiles.id, profileId))
}
