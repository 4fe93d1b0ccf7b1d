import {
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { users } from './users.ts'

export const contactImportSource = pgEnum('contact_import_source', [
  'vcard',
  'google-csv',
  'linkedin-csv',
  'outlook-csv',
])

/** One contact file a user imported as people of their own; undone by deleting those people. */
export const contactImports = pgTable(
  'contact_imports',
  {
    id: uuid().primaryKey().defaultRandom(),
    ownerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: contactImportSource().notNull(),
    fileName: text().notNull(),
    peopleCount: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    undoneAt: timestamp({ withTimezone: true }),
  },
  (table) => [index('contact_imports_owner_idx').on(table.ownerId, table.createdAt)],
)

/**
 * The contacts of a file being imported, sent in parts and kept apart from people until the
 * import is committed in one transaction: nothing of an unfinished import is ever a person.
 * An upload is named by the id its client chose; only its owner's rows carry it.
 */
export const contactImportRows = pgTable(
  'contact_import_rows',
  {
    ownerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    uploadId: uuid().notNull(),
    // The contact's place in the file, from 1: what the preview calls its row.
    position: integer().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text(),
    mobile: text(),
    company: text(),
    title: text(),
    linkedin: text(),
    website: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.ownerId, table.uploadId, table.position] }),
    index('contact_import_rows_created_idx').on(table.createdAt),
  ],
)

export type ContactImportSource = (typeof contactImportSource.enumValues)[number]
