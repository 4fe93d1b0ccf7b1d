import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from './users.ts'

/**
 * Per-device passwords for address-book (CardDAV) clients: shown once when made, kept only as a
 * hash, named so the user can tell their devices apart, and revoked one at a time.
 */
export const appPasswords = pgTable(
  'app_passwords',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    passwordHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('app_passwords_password_hash_unique').on(table.passwordHash),
    index('app_passwords_user_idx').on(table.userId, table.createdAt),
  ],
)
