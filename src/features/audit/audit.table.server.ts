import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from '../auth/auth.table.server'
import { offices } from '../offices/offices.table.server'

/**
 * Who read or changed sensitive office data, and when (DESIGN §4): full client reads, exports,
 * deletions and restores. Append-only; actor and office survive as ids even if the user goes.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    officeId: uuid('office_id').references(() => offices.id, { onDelete: 'cascade' }),
    actorUserId: text('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'client.read' | 'client.export' | 'client.delete' | 'client.restore' | 'case.export' … */
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
