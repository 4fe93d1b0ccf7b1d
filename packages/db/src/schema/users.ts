import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  pgEnum,
  smallint,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

export const userRole = pgEnum('user_role', ['attendee', 'admin'])

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    // Always stored lower-cased, so the unique index also rules out case variants.
    email: text().notNull(),
    passwordHash: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    profileImageUrl: text(),
    mobile: text(),
    company: text(),
    referredBy: text(),
    linkedin: text(),
    website: text(),
    // What other attendees see of this user in people search, beside the name: some of email,
    // mobile, company, linkedin and website.
    sharedProfileFields: text()
      .array()
      .$type<('company' | 'email' | 'mobile' | 'linkedin' | 'website')[]>()
      .notNull()
      .default(sql`'{company,linkedin,website}'::text[]`),
    role: userRole().notNull().default('attendee'),
    isActive: boolean().notNull().default(true),
    // SHA-256 of the emailed token: a leaked database does not hand out working reset links.
    resetTokenHash: text(),
    resetTokenExpires: timestamp({ withTimezone: true }),
    // SHA-256 of the secret in the user's private calendar feed URL; null when they have none.
    calendarFeedTokenHash: text(),
    // The secret in the user's share page link (/c/{token}); null while the page is turned off.
    // Kept as is, not hashed: Profile shows the link again, and it opens only what the user shares.
    shareToken: text(),
    // What the share page shows beside the name.
    shareFields: text()
      .array()
      .$type<('company' | 'email' | 'mobile' | 'linkedin' | 'website')[]>()
      .notNull()
      .default(sql`'{company,email,mobile,linkedin,website}'::text[]`),
    // The IANA zone the user's browser reported (e.g. 'Europe/Berlin'); null until it first has.
    timeZone: text(),
    // The daily follow-up reminder email, sent at reminderHour (0-23) in timeZone.
    remindersEnabled: boolean().notNull().default(true),
    reminderHour: smallint().notNull().default(8),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    uniqueIndex('users_calendar_feed_token_hash_unique')
      .on(table.calendarFeedTokenHash)
      .where(sql`${table.calendarFeedTokenHash} is not null`),
    uniqueIndex('users_share_token_unique')
      .on(table.shareToken)
      .where(sql`${table.shareToken} is not null`),
    index('users_reset_token_hash_idx')
      .on(table.resetTokenHash)
      .where(sql`${table.resetTokenHash} is not null`),
    // People search finds public profiles whose name or company starts with the query here.
    index('users_full_name_prefix_idx').using(
      'btree',
      sql`lower(${table.firstName} || ' ' || ${table.lastName}) text_pattern_ops`,
    ),
    index('users_last_name_prefix_idx').using(
      'btree',
      sql`lower(${table.lastName}) text_pattern_ops`,
    ),
    index('users_company_prefix_idx').using('btree', sql`lower(${table.company}) text_pattern_ops`),
  ],
)

export type UserRole = (typeof userRole.enumValues)[number]
