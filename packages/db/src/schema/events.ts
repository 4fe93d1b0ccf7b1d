import { sql } from 'drizzle-orm'
import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'
import { tsvector } from './tsvector.ts'
import { users } from './users.ts'

export const events = pgTable(
  'events',
  {
    id: uuid().primaryKey().defaultRandom(),
    title: text().notNull(),
    description: text(),
    startDateTime: timestamp({ withTimezone: true }).notNull(),
    endDateTime: timestamp({ withTimezone: true }),
    location: text(),
    logoUrl: text(),
    // The title's words for memory search, stored as it ranks them (weight B) rather than computed
    // for every connection a search reads.
    searchVector: tsvector()
      .notNull()
      .generatedAlwaysAs(sql`setweight(to_tsvector('english', title), 'B')`),
    // An event outlives the admin who created it only if ownership is handed over first.
    createdBy: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [index('events_start_idx').on(table.startDateTime)],
)

export const eventAttendees = pgTable(
  'event_attendees',
  {
    id: uuid().primaryKey().defaultRandom(),
    eventId: uuid()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('event_attendees_event_user_unique').on(table.eventId, table.userId),
    index('event_attendees_user_idx').on(table.userId),
    // The admin export's order, a page at a time.
    index('event_attendees_created_idx').on(table.createdAt, table.id),
  ],
)
