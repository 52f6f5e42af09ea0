import { and, asc, eq, sql } from 'drizzle-orm'
import { formatOab } from '../../lib/br/oab'
import { users } from '../auth/auth.table.server'
import { officeMembers } from '../offices/offices.table.server'
import type { MonitoredOab } from './publications.schema'
import { publicationOabs } from './publications.table.server'
import type { Executor } from './publications.visibility.server'

/**
 * Each lawyer's own OAB is monitored automatically (issue 27). Choice: rows kept in sync (not derived on the
 * fly), because each OAB keeps its own capture state (the window it reached). The sync runs at the start of
 * every capture and on every read of 'OABs monitoradas': the OAB of each ACTIVE member with an account —
 * from their profile, else from their team record — becomes a 'perfil' row owned by that user; a 'perfil'
 * row whose member left or changed OAB goes (its items stay, unmatched ones then seen by the sócios). A
 * sócio's 'manual' row with the same number becomes the member's.
 */
export async function syncProfileOabs(db: Executor, officeId: string): Promise<void> {
  await db.execute(sql`
    with wanted as (
      select distinct on (numero, uf) numero, uf, user_id
        from (
          select ltrim(regexp_replace(coalesce(nullif(p.oab_numero, ''), m.oab_numero), '[^0-9]', '', 'g'), '0') as numero,
                 upper(coalesce(nullif(p.oab_estado, ''), m.oab_uf)) as uf,
                 m.user_id, m.created_at
            from office_members m
            left join profiles p on p.user_id = m.user_id
           where m.office_id = ${officeId} and m.ativo and m.user_id is not null
        ) s
       where numero ~ '^[1-9][0-9]{0,5}$' and uf ~ '^[A-Z]{2}$'
       order by numero, uf, created_at
    ),
    gone as (
      delete from publication_oabs o
       where o.office_id = ${officeId} and o.origin = 'perfil'
         and not exists (select 1 from wanted w where w.numero = o.numero and w.uf = o.uf)
    )
    insert into publication_oabs (office_id, numero, uf, origin, owner_user_id)
    select ${officeId}, numero, uf, 'perfil', user_id from wanted
    on conflict (office_id, numero, uf) do update
       set origin = 'perfil', owner_user_id = excluded.owner_user_id
     where publication_oabs.origin <> 'perfil' or publication_oabs.owner_user_id is distinct from excluded.owner_user_id`)
}

const ownerName = sql<string | null>`coalesce(nullif(${officeMembers.nomeCompleto}, ''), ${users.name})`

/** 'OABs monitoradas', synced first (see syncProfileOabs). */
export async function listOabs(db: Executor, officeId: string): Promise<MonitoredOab[]> {
  await syncProfileOabs(db, officeId)
  const rows = await db
    .select({ o: publicationOabs, ownerName })
    .from(publicationOabs)
    .leftJoin(users, eq(users.id, publicationOabs.ownerUserId))
    .leftJoin(
      officeMembers,
      and(
        eq(officeMembers.officeId, publicationOabs.officeId),
        eq(officeMembers.userId, publicationOabs.ownerUserId),
      ),
    )
    .where(eq(publicationOabs.officeId, officeId))
    .orderBy(asc(publicationOabs.uf), asc(publicationOabs.numero))
  return rows.map(({ o, ownerName: nome }) => toMonitoredOab(o, nome))
}

export function toMonitoredOab(o: typeof publicationOabs.$inferSelect, nome: string | null): MonitoredOab {
  return {
    id: o.id,
    numero: o.numero,
    uf: o.uf,
    formatted: formatOab(o.numero, o.uf),
    origin: o.origin,
    owner: o.ownerUserId ? { userId: o.ownerUserId, nome: nome ?? '' } : null,
    lastSuccessAt: o.lastSuccessAt?.toISOString() ?? null,
    lastRunAt: o.lastRunAt?.toISOString() ?? null,
    lastError: o.lastError,
    nextRetryAt: o.nextRetryAt?.toISOString() ?? null,
  }
}

/** A sócio adds an OAB; null when the office already monitors it. */
export async function addOab(
  db: Executor,
  officeId: string,
  userId: string,
  input: { numero: string; uf: string },
): Promise<MonitoredOab | null> {
  const [row] = await db
    .insert(publicationOabs)
    .values({ officeId, numero: input.numero, uf: input.uf, origin: 'manual', createdBy: userId })
    .onConflictDoNothing()
    .returning()
  return row ? toMonitoredOab(row, null) : null
}

/** Removes a manual OAB; 'perfil' rows follow the members (see syncProfileOabs). */
export async function removeOab(
  db: Executor,
  officeId: string,
  id: string,
): Promise<'removed' | 'not_found' | 'from_profile'> {
  const [row] = await db
    .select({ origin: publicationOabs.origin })
    .from(publicationOabs)
    .where(and(eq(publicationOabs.officeId, officeId), eq(publicationOabs.id, id)))
  if (!row) return 'not_found'
  if (row.origin === 'perfil') return 'from_profile'
  await db
    .delete(publicationOabs)
    .where(and(eq(publicationOabs.officeId, officeId), eq(publicationOabs.id, id)))
  return 'removed'
}
