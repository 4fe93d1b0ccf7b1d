import { index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './users.ts'

/** What a stored object is for; 'upload' is a signed upload that has not been confirmed yet. */
export const storedObjectKind = pgEnum('stored_object_kind', [
  'upload',
  'connection_photo',
  'profile_photo',
  'event_logo',
  'voice_note',
])

export const storedObjects = pgTable(
  'stored_objects',
  {
    // Server-generated; the object's storage key and public path are derived from it.
    id: uuid().primaryKey().defaultRandom(),
    // Null once the owner's account is deleted: an event logo lives on with its event, and the
    // rest is removed by the account deletion's clean-up.
    ownerId: uuid().references(() => users.id, { onDelete: 'set null' }),
    kind: storedObjectKind().notNull(),
    // Detected from the bytes on confirmation, never taken from the client.
    contentType: text(),
    size: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    storedAt: timestamp({ withTimezone: true }),
  },
  (table) => [index('stored_objects_owner_idx').on(table.ownerId)],
)

export type StoredObjectKind = (typeof storedObjectKind.enumValues)[number]
export type StoredObject = typeof storedObjects.$inferSelect
