import { bigint, pgTable, text } from 'drizzle-orm/pg-core'

// Running counts of connections for the admin dashboard, kept by statement-level triggers on
// connections (migration 0006), so the dashboard reads a few rows instead of counting them all.
// Buckets: 'all', 'month:YYYY-MM' (in the database's time zone) and 'type:SA' etc.
export const connectionTallies = pgTable('connection_tallies', {
  bucket: text().primaryKey(),
  count: bigint({ mode: 'number' }).notNull(),
})
