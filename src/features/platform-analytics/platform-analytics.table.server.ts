import { sql } from 'drizzle-orm'
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'

/**
 * First-party analytics of the platform (issue 14, /admin/analytics). Nothing here identifies a person:
 * no user id, no address, no user agent, no concrete path. A page is its route PATTERN ('/advogados/:slug'),
 * a device is its class, and a visit is a random id the browser tab keeps for itself (sessionStorage,
 * rotated after 30 idle minutes) that nothing links to an account. `day` is the America/Sao_Paulo date.
 * platform-analytics.db.test.ts fails if a column that could hold personal data appears.
 */
const DEVICES = sql`('desktop', 'mobile', 'tablet')`

/**
 * One row per visit while it is fresh: session time (last − first view) and bounces (one view) come from
 * here, and online users (a view in the last 5 minutes, seen by every node). The daily fold job moves
 * visits older than VISIT_RETENTION_DAYS into analytics_daily and deletes them.
 */
export const analyticsVisits = pgTable(
  'analytics_visits',
  {
    visitId: text('visit_id').primaryKey(),
    day: date('day').notNull(),
    firstSeen: timestamp('first_seen', { withTimezone: true }).notNull(),
    lastSeen: timestamp('last_seen', { withTimezone: true }).notNull(),
    views: integer('views').notNull().default(1),
    entryPattern: text('entry_pattern').notNull(),
    /** The page the visit is on now: the next view makes the flow last_pattern → new pattern. */
    lastPattern: text('last_pattern').notNull(),
    device: text('device').notNull(),
  },
  (table) => [
    index('analytics_visits_last_seen_idx').on(table.lastSeen),
    index('analytics_visits_day_idx').on(table.day),
    check('analytics_visits_device_check', sql`${table.device} in ${DEVICES}`),
  ],
)

/** Page views per day and route pattern (one upsert per view). */
export const analyticsPageViews = pgTable(
  'analytics_page_views',
  {
    day: date('day').notNull(),
    pattern: text('pattern').notNull(),
    views: integer('views').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.pattern] })],
)

/** Moves between pages per day: from one route pattern to the next within a visit. */
export const analyticsFlows = pgTable(
  'analytics_flows',
  {
    day: date('day').notNull(),
    fromPattern: text('from_pattern').notNull(),
    toPattern: text('to_pattern').notNull(),
    count: integer('count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.fromPattern, table.toPattern] })],
)

/** Visits per day and device class (counted at a visit's first view). */
export const analyticsDevices = pgTable(
  'analytics_devices',
  {
    day: date('day').notNull(),
    device: text('device').notNull(),
    visits: integer('visits').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.day, table.device] }),
    check('analytics_devices_device_check', sql`${table.device} in ${DEVICES}`),
  ],
)

/** Per-day totals of the visits already folded (and deleted): visits, bounces, summed duration. */
export const analyticsDaily = pgTable('analytics_daily', {
  day: date('day').primaryKey(),
  visits: integer('visits').notNull().default(0),
  bounces: integer('bounces').notNull().default(0),
  durationSeconds: bigint('duration_seconds', { mode: 'number' }).notNull().default(0),
})
