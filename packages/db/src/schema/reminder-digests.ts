import { date, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from './users.ts'

// One row per follow-up reminder digest: claimed (inserted) before the mail is sent, so two server
// instances never both send one to the same user for the same local day, and deleted again if the
// mail could not be sent, so a later run retries. The row also keeps the SHA-256 of the secret in
// that mail's unsubscribe link, so every digest's link keeps working.
export const reminderDigests = pgTable(
  'reminder_digests',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The day in the user's time zone that the digest is for. */
    localDate: date({ mode: 'string' }).notNull(),
    unsubscribeTokenHash: text().notNull(),
    claimedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.localDate] }),
    uniqueIndex('reminder_digests_unsubscribe_token_hash_unique').on(table.unsubscribeTokenHash),
  ],
)
