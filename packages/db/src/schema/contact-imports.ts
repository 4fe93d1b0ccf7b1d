import { index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './users.ts'

export const contactImportSource = pgEnum('contact_import_source', [
  'vcard',
  'google-csv',
  'linkedin-csv',
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

export type ContactImportSource = (typeof contactImportSource.enumValues)[number]
