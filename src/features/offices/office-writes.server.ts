import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.server'
import { officeMembers, offices } from './offices.table.server'

// The writes of office_members and offices that other features ask for (issue 23: a table has one owner, which
// alone writes it). The team page edits the team records, an invitation attaches an account, an account's
// deletion detaches its memberships and closes the offices nobody else uses, the agenda sets the prazo warning;
// each calls these with its own
// transaction, so its checks, audit and change stay one. The 0015 trigger announces every change to
// office_members (membership caches, decision 009), whoever asks for it.

/** The columns of a team record the team page edits (absent = unchanged; Drizzle leaves undefined out). */
export type OfficeMemberFields = Partial<
  Pick<
    typeof officeMembers.$inferInsert,
    | 'nomeCompleto'
    | 'email'
    | 'telefone'
    | 'cargo'
    | 'nivelAcesso'
    | 'oabNumero'
    | 'oabUf'
    | 'dataAdmissao'
    | 'especialidades'
    | 'observacoes'
    | 'ativo'
    | 'valorHora'
  >
>

/** A new team record of `officeId` (no account yet); returns its id. */
export async function insertOfficeMember(
  tx: Executor,
  officeId: string,
  fields: OfficeMemberFields & Pick<typeof officeMembers.$inferInsert, 'nivelAcesso'>,
): Promise<string> {
  const [row] = await tx
    .insert(officeMembers)
    .values({ officeId, ...fields })
    .returning({ id: officeMembers.id })
  if (!row) throw new Error('office member insert returned nothing')
  return row.id
}

/** Changes a team record of `officeId` (another office's id changes nothing); stamps updated_at. */
export async function updateOfficeMember(
  tx: Executor,
  officeId: string,
  memberId: string,
  fields: OfficeMemberFields,
): Promise<void> {
  await tx
    .update(officeMembers)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(and(eq(officeMembers.officeId, officeId), eq(officeMembers.id, memberId)))
}

/** An accepted invitation: the account takes the team record, which becomes its current office. */
export async function attachMemberAccount(tx: Executor, memberId: string, userId: string): Promise<void> {
  await tx
    .update(officeMembers)
    .set({ userId, selectedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(officeMembers.id, memberId))
}

/**
 * Presence for the online dot: at most one write a minute per member across nodes (the condition). The 0015
 * trigger ignores last_seen_at, so this evicts no cache.
 */
export async function markMemberSeen(db: Executor, memberId: string): Promise<void> {
  await db
    .update(officeMembers)
    .set({ lastSeenAt: sql`now()` })
    .where(
      and(
        eq(officeMembers.id, memberId),
        or(isNull(officeMembers.lastSeenAt), sql`${officeMembers.lastSeenAt} < now() - interval '1 minute'`),
      ),
    )
}

/**
 * A deleted account's memberships in offices that stay: the row is kept (cases, hours and history point at
 * it) without the account and with no personal data, shown as `name` (docs/decisions/016-lgpd.md).
 */
export async function detachDeletedMembers(tx: Executor, memberIds: string[], name: string): Promise<void> {
  if (memberIds.length === 0) return
  await tx
    .update(officeMembers)
    .set({
      userId: null,
      ativo: false,
      nomeCompleto: name,
      email: null,
      telefone: null,
      cargo: null,
      oabNumero: null,
      oabUf: null,
      dataAdmissao: null,
      especialidades: [],
      observacoes: null,
      selectedAt: null,
      lastSeenAt: null,
      updatedAt: new Date(),
    })
    .where(inArray(officeMembers.id, memberIds))
}

/** Offices closed with their last account: every office row cascades from `offices`. */
export async function deleteOffices(tx: Executor, officeIds: string[]): Promise<void> {
  if (officeIds.length === 0) return
  await tx.delete(offices).where(inArray(offices.id, officeIds))
}

/** The office's early warning before a prazo (the agenda's setting, days). */
export async function setOfficePrazoAvisoDias(db: Executor, officeId: string, dias: number): Promise<void> {
  await db.update(offices).set({ prazoAvisoDias: dias }).where(eq(offices.id, officeId))
}
