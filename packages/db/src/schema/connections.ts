import { sql } from 'drizzle-orm'
import {
  boolean,
  date,
  foreignKey,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { events } from './events.ts'
import { people } from './people.ts'
import { tsvector } from './tsvector.ts'
import { users } from './users.ts'

/** Each of the connection's texts' weight in its search vector: what tells which text a word is in. */
export const CONNECTION_WORD_WEIGHTS = { focus: 'B', notes: 'C', transcription: 'D' } as const

export const connections = pgTable(
  'connections',
  {
    id: uuid().primaryKey().defaultRandom(),
    // Deleting an event keeps the connections made there: they become personal connections.
    eventId: uuid().references(() => events.id, { onDelete: 'set null' }),
    // Must be one of the author's own people (the foreign key below).
    personId: uuid().notNull(),
    authorId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    connectionTypes: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    connectionFocus: text(),
    notes: text(),
    photos: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    voiceNoteUrl: text(),
    voiceNoteTranscription: text(),
    // When the voice note was recorded, as the device said: what its 'next Tuesday' counts from.
    // The connection may be saved hours later (kept on the device with no signal).
    voiceNoteRecordedAt: timestamp({ withTimezone: true }),
    // A calendar day, not an instant: "follow up on the 3rd" means the 3rd wherever the user is.
    followUpOn: date({ mode: 'string' }),
    followUpDone: boolean().notNull().default(false),
    // The connection's own words for memory search, weighted focus > notes > transcription.
    // Not indexed: memory search tests one author's vectors, where a GIN index's entries for a
    // prefix point at every author's connections (ADR 026).
    searchVector: tsvector()
      .notNull()
      .generatedAlwaysAs(
        sql.raw(
          `setweight(to_tsvector('english', coalesce(connection_focus, '')), '${CONNECTION_WORD_WEIGHTS.focus}') || setweight(to_tsvector('english', coalesce(notes, '')), '${CONNECTION_WORD_WEIGHTS.notes}') || setweight(to_tsvector('english', coalesce(voice_note_transcription, '')), '${CONNECTION_WORD_WEIGHTS.transcription}')`,
        ),
      ),
    // The person's and the event's words (people.search_vector || events.search_vector), copied by
    // triggers whenever either changes (migration 0028), so memory search ranks a connection from
    // its own row. The default only stands until the insert's trigger fills it.
    relatedWords: tsvector()
      .notNull()
      .default(sql`''::tsvector`),
    // When the person last sent their own details through the author's share page; null when the
    // author entered them.
    sharedAt: timestamp({ withTimezone: true }),
    // The client's key for this creation: a retried create finds this row instead of adding one.
    idempotencyKey: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [
    // A connection's person belongs to its author, whoever sends which id; and a person who still
    // has connections cannot be deleted, so no one's notes vanish with them.
    foreignKey({
      name: 'connections_author_person_fk',
      columns: [table.authorId, table.personId],
      foreignColumns: [people.ownerId, people.id],
    }),
    // In the lists' order (ORDER BY ... desc puts nulls first), so a page is read off it in order.
    index('connections_author_created_idx').on(
      table.authorId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // The admin export's order: every connection, oldest first, a page at a time.
    index('connections_created_idx').on(table.createdAt, table.id),
    // The list filtered to one event, in the same order: a page reads only that event's rows.
    index('connections_author_event_created_idx').on(
      table.authorId,
      table.eventId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('connections_event_idx').on(table.eventId),
    // Home's 'Shared with you': the author's newest shared connections.
    index('connections_author_shared_idx')
      .on(table.authorId, table.sharedAt.desc())
      .where(sql`${table.sharedAt} is not null`),
    index('connections_person_idx').on(table.personId),
    uniqueIndex('connections_author_idempotency_key_unique')
      .on(table.authorId, table.idempotencyKey)
      .where(sql`${table.idempotencyKey} is not null`),
  ],
)
