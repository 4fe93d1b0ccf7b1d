import { sql } from 'drizzle-orm'
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { tsvector } from './tsvector.ts'
import { users } from './users.ts'

export const people = pgTable(
  'people',
  {
    id: uuid().primaryKey().defaultRandom(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    // Lower-cased on write; one person per email address.
    email: text(),
    mobile: text(),
    company: text(),
    title: text(),
    location: text(),
    linkedin: text(),
    website: text(),
    profileImageUrl: text(),
    hasUserProfile: boolean().notNull().default(false),
    // Who entered the person; kept so a user's account deletion can remove the people only they created.
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    // The creating client's key: a retried create finds this row instead of adding one.
    idempotencyKey: uuid(),
    // The person's words for memory search: name, then company, then email (split at @ and dots
    // so its parts are words).
    searchVector: tsvector()
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', first_name || ' ' || last_name), 'A') || setweight(to_tsvector('english', coalesce(company, '')), 'B') || setweight(to_tsvector('english', translate(coalesce(email, ''), '@.', '  ')), 'C')`,
      ),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [
    uniqueIndex('people_email_unique')
      .on(table.email)
      .where(sql`${table.email} is not null`),
    uniqueIndex('people_creator_idempotency_key_unique')
      .on(table.createdBy, table.idempotencyKey)
      .where(sql`${table.idempotencyKey} is not null`),
    // People search: names and companies starting with the query, then the costlier substring search
    // over names, email and company (pg_trgm).
    index('people_full_name_prefix_idx').using(
      'btree',
      sql`lower(${table.firstName} || ' ' || ${table.lastName}) text_pattern_ops`,
    ),
    index('people_last_name_prefix_idx').using(
      'btree',
      sql`lower(${table.lastName}) text_pattern_ops`,
    ),
    index('people_company_prefix_idx').using(
      'btree',
      sql`lower(${table.company}) text_pattern_ops`,
    ),
    index('people_search_trgm_idx').using(
      'gin',
      sql`lower(${table.firstName} || ' ' || ${table.lastName} || ' ' || coalesce(${table.email}, '') || ' ' || coalesce(${table.company}, '')) gin_trgm_ops`,
    ),
  ],
)
