import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

// Fixed-window counters for abuse limits, kept in the database so that every server instance
// behind one Postgres sees the same counts.
export const rateLimitBuckets = pgTable(
  'rate_limit_buckets',
  {
    key: text().primaryKey(),
    hits: integer().notNull(),
    windowStartedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limit_buckets_window_idx').on(table.windowStartedAt)],
)
