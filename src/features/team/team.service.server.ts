import { and, asc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client.server'
import { ApiError, notFound } from '../../platform/http-error.server'
import { crmCounters } from '../clients/clients.table.server'
import { insertOfficeMember, markMemberSeen, updateOfficeMember } from '../offices/offices.public.server'
import { officeMembers } from '../offices/offices.table.server'
import {
  TEAM_MESSAGES,
  type CreateMemberData,
  type MemberAccess,
  type TeamListQuery,
  type TeamMember,
  type UpdateMemberData,
} from './team.schema'

/** The online dot: a request in the last 5 minutes. */
const ONLINE_WINDOW = sql`interval '5 minutes'`

/** Numbers the team page shows per member, from the modules that own them (0 when absent). */
export interface MemberNumbers {
  hoursByMember?: Map<string, number> | undefined
  casesByMember?: Map<string, number> | undefined
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`)
}

// Written out qualified: in a one-table select Drizzle renders ${officeMembers.id} as a bare "id", which
// inside this subquery would mean the invitation's own id.
const pendingInvite = sql<boolean>`exists (
  select 1 from office_invitations i
   where i.member_id = "office_members"."id" and i.accepted_at is null and i.cancelled_at is null
     and i.expires_at > now())`

/** Active members of the office (spec §4: only while ativo), filtered by search and level, by name. */
export async function listMembers(
  db: Executor,
  officeId: string,
  viewerMemberId: string | undefined,
  query: Required<TeamListQuery> | TeamListQuery,
  numbers: MemberNumbers = {},
): Promise<TeamMember[]> {
  const conditions: SQL[] = [eq(officeMembers.officeId, officeId), eq(officeMembers.ativo, true)]
  const search = query.search?.trim()
  if (search) {
    const pattern = `%${escapeLike(search)}%`
    conditions.push(
      or(
        sql`f_unaccent(lower(${officeMembers.nomeCompleto})) like f_unaccent(lower(${pattern}))`,
        ilike(sql`${officeMembers.email}::text`, pattern),
        sql`f_unaccent(lower(coalesce(${officeMembers.cargo}, ''))) like f_unaccent(lower(${pattern}))`,
      ) as SQL,
    )
  }
  if (query.nivel && query.nivel !== 'todos') conditions.push(eq(officeMembers.nivelAcesso, query.nivel))
  const rows = await db
    .select({
      id: officeMembers.id,
      userId: officeMembers.userId,
      nomeCompleto: officeMembers.nomeCompleto,
      email: officeMembers.email,
      telefone: officeMembers.telefone,
      cargo: officeMembers.cargo,
      nivelAcesso: officeMembers.nivelAcesso,
      oabNumero: officeMembers.oabNumero,
      oabUf: officeMembers.oabUf,
      dataAdmissao: officeMembers.dataAdmissao,
      especialidades: officeMembers.especialidades,
      observacoes: officeMembers.observacoes,
      ativo: officeMembers.ativo,
      valorHora: officeMembers.valorHora,
      online: sql<boolean>`coalesce(${officeMembers.lastSeenAt} > now() - ${ONLINE_WINDOW}, false)`,
      pending: pendingInvite,
    })
    .from(officeMembers)
    .where(and(...conditions))
    .orderBy(sql`f_unaccent(lower(${officeMembers.nomeCompleto}))`, asc(officeMembers.id))
  return rows.map(({ userId, pending, ...row }) => {
    const acesso: MemberAccess = userId ? 'conta' : pending ? 'convite_pendente' : 'sem_acesso'
    return {
      ...row,
      acesso,
      online: Boolean(row.online),
      horasMes: numbers.hoursByMember?.get(row.id) ?? 0,
      casosAtivos: numbers.casesByMember?.get(row.id) ?? 0,
      voce: row.id === viewerMemberId,
    }
  })
}

/** The office's active cases (aberto, andamento), for the 'casos ativos' card. */
export async function countActiveCases(db: Executor, officeId: string): Promise<number> {
  // From the live counters (migration 0009; non-deleted cases only): counting the rows cost 45 ms at 100 k
  // cases (bench/team.ts).
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${crmCounters.n}), 0)::int` })
    .from(crmCounters)
    .where(
      and(
        eq(crmCounters.officeId, officeId),
        eq(crmCounters.entity, 'case'),
        inArray(crmCounters.status, ['aberto', 'andamento']),
      ),
    )
  return Number(row?.n ?? 0)
}

export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: string }).code === '23505') return true
  }
  return false
}

function columnsOf(data: UpdateMemberData) {
  return {
    nomeCompleto: data.nomeCompleto,
    email: data.email,
    telefone: data.telefone,
    cargo: data.cargo,
    nivelAcesso: data.nivelAcesso,
    oabNumero: data.oabNumero,
    oabUf: data.oabUf,
    dataAdmissao: data.dataAdmissao,
    especialidades: data.especialidades,
    observacoes: data.observacoes,
    ativo: data.ativo,
    // Absent = unchanged (undefined is left out of the SET by Drizzle).
    valorHora: data.valorHora,
  }
}

export async function insertMember(tx: Executor, officeId: string, data: CreateMemberData): Promise<string> {
  return insertOfficeMember(tx, officeId, columnsOf(data))
}

export interface MemberRow {
  id: string
  userId: string | null
  email: string | null
  nomeCompleto: string
  nivelAcesso: TeamMember['nivelAcesso']
  ativo: boolean
}

/** One member of THIS office, locked for the change (another office's id is a 404, like a missing one). */
export async function lockMember(tx: Executor, officeId: string, id: string): Promise<MemberRow> {
  const [row] = await tx
    .select({
      id: officeMembers.id,
      userId: officeMembers.userId,
      email: officeMembers.email,
      nomeCompleto: officeMembers.nomeCompleto,
      nivelAcesso: officeMembers.nivelAcesso,
      ativo: officeMembers.ativo,
    })
    .from(officeMembers)
    .where(and(eq(officeMembers.officeId, officeId), eq(officeMembers.id, id)))
    .for('update')
  if (!row) throw notFound(TEAM_MESSAGES.notFound)
  return row
}

/**
 * The office keeps at least one active sócio (someone must be able to manage the team). Called before a
 * change that would take `member` out of the active sócios; the other active sócios are locked, so two
 * sócios demoting each other at once can't both pass.
 */
export async function assertAnotherActiveSocio(
  tx: Executor,
  officeId: string,
  member: MemberRow,
): Promise<void> {
  if (member.nivelAcesso !== 'socio' || !member.ativo) return
  const others = await tx
    .select({ id: officeMembers.id })
    .from(officeMembers)
    .where(
      and(
        eq(officeMembers.officeId, officeId),
        eq(officeMembers.nivelAcesso, 'socio'),
        eq(officeMembers.ativo, true),
        ne(officeMembers.id, member.id),
        sql`${officeMembers.userId} is not null`,
      ),
    )
    .for('update')
  if (others.length === 0) throw new ApiError(409, 'last_socio', TEAM_MESSAGES.lastSocio)
}

export async function updateMemberRow(
  tx: Executor,
  officeId: string,
  member: MemberRow,
  data: UpdateMemberData,
): Promise<void> {
  if (data.nivelAcesso !== 'socio' || !data.ativo) await assertAnotherActiveSocio(tx, officeId, member)
  await updateOfficeMember(tx, officeId, member.id, columnsOf(data))
}

/** Deactivation keeps the row (history: cases, hours, audit) and hides it from the team list. */
export async function deactivateMemberRow(tx: Executor, officeId: string, member: MemberRow): Promise<void> {
  await assertAnotherActiveSocio(tx, officeId, member)
  await updateOfficeMember(tx, officeId, member.id, { ativo: false })
}

const PRESENCE_WRITE_MS = 60_000
const PRESENCE_MAX_ENTRIES = 10_000
/**
 * When this node last wrote each member's presence. Only a throttle: the database's own condition below keeps
 * it at one write a minute across nodes; losing this map (a restart) costs one extra write per member. Without
 * it every office request paid an UPDATE round trip (0.6 ms on bench/clients.ts's base).
 */
const presenceWrittenAt = new Map<string, number>()

/**
 * Presence for the online dot: at most one write a minute per member (markMemberSeen's condition is the
 * throttle, on every node alike). The 0015 trigger ignores last_seen_at, so this evicts no cache.
 */
export async function touchLastSeen(db: Executor, memberId: string, now = Date.now()): Promise<void> {
  const last = presenceWrittenAt.get(memberId)
  if (last !== undefined && now - last < PRESENCE_WRITE_MS) return
  if (presenceWrittenAt.size >= PRESENCE_MAX_ENTRIES) presenceWrittenAt.clear()
  presenceWrittenAt.set(memberId, now)
  await markMemberSeen(db, memberId)
}
export type { Executor }
