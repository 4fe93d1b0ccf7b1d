import { sql } from 'drizzle-orm'
import { bigint, customType, index, pgTable, uuid } from 'drizzle-orm/pg-core'

const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' })

/**
 * Which of an owner's address-book cards changed, written by triggers on people, connections and
 * events (migration 0022) so no code path can forget it. A CardDAV client's sync token is a
 * transaction snapshot's xmin: every change made in a transaction at or after it is new to that
 * client, and a transaction still open when the token was made is counted again, never missed.
 */
export const addressBookChanges = pgTable(
  'address_book_changes',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    // No foreign key: deleting a user deletes their people, whose trigger writes here mid-cascade.
    ownerId: uuid().notNull(),
    personId: uuid().notNull(),
    changedIn: xid8()
      .notNull()
      .default(sql`pg_current_xact_id()`),
  },
  (table) => [index('address_book_changes_owner_idx').on(table.ownerId, table.changedIn)],
)
