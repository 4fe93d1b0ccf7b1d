import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './users.ts'

// The SPEC's session store (sid, sess, expire) in the shape lucia v3 expects: the session id is the
// key, the user is a foreign key instead of a JSON blob, and expiry is indexed for the clean-up.
export const sessions = pgTable(
  'sessions',
  {
    id: text('sid').primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expire', { withTimezone: true }).notNull(),
    // Bounds a session's whole life, however often it is used (the expiry slides with use).
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('sessions_expire_idx').on(table.expiresAt),
    index('sessions_user_idx').on(table.userId),
  ],
)
