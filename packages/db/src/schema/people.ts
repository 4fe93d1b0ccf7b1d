import { sql } from 'drizzle-orm'
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { contactImports } from './contact-imports.ts'
import { tsvector } from './tsvector.ts'
import { users } from './users.ts'

/** Each of the person's texts' weight in their search vector: what tells which text a word is in. */
export const PERSON_WORD_WEIGHTS = { name: 'A', company: 'B', email: 'C' } as const

export const people = pgTable(
  'people',
  {
    id: uuid().primaryKey().defaultRandom(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    // Lower-cased on write; one person per email address in each owner's contacts.
    email: text(),
    mobile: text(),
    company: text(),
    title: text(),
    location: text(),
    linkedin: text(),
    website: text(),
    profileImageUrl: text(),
    hasUserProfile: boolean().notNull().default(false),
    // A person is private to the user who saved them: only the owner reads, edits or connects to them.
    ownerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The registered user this person is, when the owner picked their public profile from search.
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    // The contact file import that added this person, for undoing that import.
    importId: uuid().references(() => contactImports.id, { onDelete: 'set null' }),
    // The creating client's key: a retried create finds this row instead of adding one.
    idempotencyKey: uuid(),
    // The person's words for memory search: name, then company, then email (split at @ and dots
    // so its parts are words).
    searchVector: tsvector()
      .notNull()
      .generatedAlwaysAs(
        sql.raw(
          `setweight(to_tsvector('english', first_name || ' ' || last_name), '${PERSON_WORD_WEIGHTS.name}') || setweight(to_tsvector('english', coalesce(company, '')), '${PERSON_WORD_WEIGHTS.company}') || setweight(to_tsvector('english', translate(coalesce(email, ''), '@.', '  ')), '${PERSON_WORD_WEIGHTS.email}')`,
        ),
      ),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [
    // The target of connections' (author, person) foreign key: a connection's person is its author's.
    uniqueIndex('people_owner_id_unique').on(table.ownerId, table.id),
    uniqueIndex('people_owner_email_unique')
      .on(table.ownerId, table.email)
      .where(sql`${table.email} is not null`),
    uniqueIndex('people_owner_user_unique')
      .on(table.ownerId, table.userId)
      .where(sql`${table.userId} is not null`),
    uniqueIndex('people_owner_idempotency_key_unique')
      .on(table.ownerId, table.idempotencyKey)
      .where(sql`${table.idempotencyKey} is not null`),
    // People search reads one owner's people: names and companies starting with the query from
    // these indexes, then a substring match over the owner's other people.
    index('people_owner_full_name_prefix_idx').using(
      'btree',
      table.ownerId,
      sql`lower(${table.firstName} || ' ' || ${table.lastName}) text_pattern_ops`,
    ),
    index('people_owner_last_name_prefix_idx').using(
      'btree',
      table.ownerId,
      sql`lower(${table.lastName}) text_pattern_ops`,
    ),
    index('people_owner_company_prefix_idx').using(
      'btree',
      table.ownerId,
      sql`lower(${table.company}) text_pattern_ops`,
    ),
    index('people_import_idx')
      .on(table.importId)
      .where(sql`${table.importId} is not null`),
    index('people_email_idx')
      .on(table.email)
      .where(sql`${table.email} is not null`),
    // The admin export's order: everyone, oldest first, a page at a time.
    index('people_created_idx').on(table.createdAt, table.id),
  ],
)
