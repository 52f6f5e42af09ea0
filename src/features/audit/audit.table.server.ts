import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/**
 * Who read or changed sensitive data, and when (DESIGN §4): full client reads and changes, exports,
 * deletions and restores, admin role changes and admin listings of contact data (office_id null).
 * Append-only, and it outlives what it talks about: office_id and actor_user_id are plain ids with NO
 * foreign key, so deleting an office (which cascades to its clients and cases) or a user leaves the
 * trail — and who did it — in place. A foreign key without cascade would instead forbid deleting an
 * office or a user for as long as it has a single audit row, i.e. forever.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    officeId: uuid('office_id'),
    actorUserId: text('actor_user_id'),
    /** 'client.read' | 'client.update' | 'case.delete' | 'admin.role_grant' … (AuditAction) */
    action: text('action').notNull(),
    /** 'client' | 'case' … */
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    /** Small context, e.g. the filters of an export and its row count. */
    details: jsonb('details'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_log_office_created_idx').on(table.officeId, table.createdAt.desc()),
    index('audit_log_entity_idx').on(table.entity, table.entityId),
  ],
)
