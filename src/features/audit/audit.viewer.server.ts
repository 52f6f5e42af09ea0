import { and, eq, sql, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client.server'
import { officeMembers } from '../offices/offices.table.server'
import { profiles } from '../profiles/profiles.table.server'
import { recordAudit } from './audit.service.server'
import { AUDIT_PAGE_SIZE, type AuditEntryDto, type AuditPage } from './audit.schema'
import { auditLog } from './audit.table.server'

const SP = sql.raw(`'America/Sao_Paulo'`)

export interface AuditFilter {
  memberId: string | null
  action: string | null
  from: string | null
  to: string | null
}

function conditions(officeId: string, filter: AuditFilter): SQL {
  const where: SQL[] = [eq(auditLog.officeId, officeId)]
  if (filter.memberId)
    where.push(
      sql`${auditLog.actorUserId} = (select ${officeMembers.userId} from ${officeMembers} where ${officeMembers.officeId} = ${officeId} and ${officeMembers.id} = ${filter.memberId})`,
    )
  if (filter.action) where.push(eq(auditLog.action, filter.action))
  // São Paulo days → instants, so the index (office_id, created_at desc) serves the range.
  if (filter.from)
    where.push(sql`${auditLog.createdAt} >= (${filter.from}::date::timestamp at time zone ${SP})`)
  if (filter.to)
    where.push(sql`${auditLog.createdAt} < ((${filter.to}::date + 1)::timestamp at time zone ${SP})`)
  return and(...where) as SQL
}

function select(db: Database, officeId: string, filter: AuditFilter) {
  return db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      // The team record's name, else the profile's — never users.name, once self-chosen (issue 24).
      actorNome: sql<
        string | null
      >`coalesce(nullif(${officeMembers.nomeCompleto}, ''), ${profiles.nomeCompleto})`,
      details: auditLog.details,
      ip: auditLog.ip,
    })
    .from(auditLog)
    .leftJoin(
      officeMembers,
      and(eq(officeMembers.officeId, auditLog.officeId), eq(officeMembers.userId, auditLog.actorUserId)),
    )
    .leftJoin(profiles, eq(profiles.userId, auditLog.actorUserId))
    .where(conditions(officeId, filter))
    .orderBy(sql`${auditLog.createdAt} desc`, sql`${auditLog.id} desc`)
}

const toDto = (row: Omit<AuditEntryDto, 'createdAt'> & { createdAt: Date }): AuditEntryDto => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
})

/** One page of the office's trail, newest first. */
export async function listOfficeAudit(
  db: Database,
  officeId: string,
  filter: AuditFilter,
  page: number,
): Promise<AuditPage> {
  const rows = await select(db, officeId, filter)
    .limit(AUDIT_PAGE_SIZE + 1)
    .offset((page - 1) * AUDIT_PAGE_SIZE)
  return {
    items: rows.slice(0, AUDIT_PAGE_SIZE).map(toDto),
    page,
    pageSize: AUDIT_PAGE_SIZE,
    hasMore: rows.length > AUDIT_PAGE_SIZE,
  }
}

const CSV_BATCH = 1000
const CSV_MAX_ROWS = 100_000

/** The filtered trail for the CSV, batch by batch (capped: a year of a busy office fits). */
export async function* officeAuditCsvRows(
  db: Database,
  officeId: string,
  filter: AuditFilter,
): AsyncGenerator<(string | null)[][]> {
  for (let offset = 0; offset < CSV_MAX_ROWS; offset += CSV_BATCH) {
    const rows = await select(db, officeId, filter).limit(CSV_BATCH).offset(offset)
    if (rows.length === 0) return
    yield rows.map((r) => [
      r.createdAt.toISOString(),
      r.actorNome,
      r.action,
      r.entity,
      r.entityId,
      r.ip,
      r.details === null ? null : JSON.stringify(r.details),
    ])
    if (rows.length < CSV_BATCH) return
  }
}

/**
 * A member signed in: one row in the trail of every office where they are an active member (each office's
 * sócios see their own members' sign-ins). Called by the auth feature once a sign-in completes.
 */
export async function recordMemberSignIn(
  db: Database,
  userId: string,
  method: string,
  ip: string | null,
): Promise<void> {
  const memberships = await db
    .select({ officeId: officeMembers.officeId, memberId: officeMembers.id })
    .from(officeMembers)
    .where(and(eq(officeMembers.userId, userId), eq(officeMembers.ativo, true)))
  for (const m of memberships)
    await recordAudit(db, {
      officeId: m.officeId,
      actorUserId: userId,
      action: 'member.sign_in',
      entity: 'member',
      entityId: m.memberId,
      details: { method },
      ip: ip?.slice(0, 100) ?? null,
    })
}
