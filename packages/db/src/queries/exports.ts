import { asc, eq, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { Database } from '../client.ts'
import { connections, eventAttendees, events, people, users } from '../schema/index.ts'
import { listUsersPage } from './admin-users.ts'
import { connectionColumns } from './connections.ts'
import { eventColumns } from './events.ts'
import { afterPosition, exactTimestamp, type Page, type PageRequest } from './paging.ts'
import { personColumns } from './people.ts'
import { publicUserColumns } from './users.ts'

type ExportRow = Record<string, unknown>

/**
 * A table an admin can download: its column names (the header, even with no rows) and its rows a
 * page at a time, oldest first, so a table of a million rows is never held whole.
 */
export type ExportTable = {
  columns: string[]
  page: (db: Database, page: PageRequest) => Promise<Page<ExportRow>>
}

const connectionExportColumns = {
  ...connectionColumns,
  authorEmail: users.email,
  personFirstName: people.firstName,
  personLastName: people.lastName,
  eventTitle: events.title,
}

const attendanceColumns = {
  eventId: events.id,
  eventTitle: events.title,
  userId: users.id,
  userEmail: users.email,
  joinedAt: eventAttendees.createdAt,
}

/** The keyset of an export's order: a timestamp and the row's id (which need not be a column). */
function keyset(key: PgColumn, id: PgColumn, page: PageRequest) {
  return {
    fields: { pageKey: exactTimestamp(key), pageId: id },
    after: afterPosition('asc', key, id, page.after),
    orderBy: [asc(key), asc(id)] as [SQL, SQL],
  }
}

function exportPageOf(
  rows: (ExportRow & { pageKey: string; pageId: string })[],
  limit: number,
): Page<ExportRow> {
  const items = rows.slice(0, limit).map(({ pageKey: _key, pageId: _id, ...row }) => row)
  const last = rows[limit - 1]
  return {
    items,
    next: rows.length > limit && last ? { key: last.pageKey, id: last.pageId } : null,
  }
}

export const exportTables = {
  // Users without password hashes or reset tokens.
  users: { columns: Object.keys(publicUserColumns), page: listUsersPage },
  events: {
    columns: Object.keys(eventColumns),
    page: async (db, page) => {
      const order = keyset(events.startDateTime, events.id, page)
      const rows = await db
        .select({ ...eventColumns, ...order.fields })
        .from(events)
        .where(order.after)
        .orderBy(...order.orderBy)
        .limit(page.limit + 1)
      return exportPageOf(rows, page.limit)
    },
  },
  people: {
    columns: Object.keys(personColumns),
    page: async (db, page) => {
      const order = keyset(people.createdAt, people.id, page)
      const rows = await db
        .select({ ...personColumns, ...order.fields })
        .from(people)
        .where(order.after)
        .orderBy(...order.orderBy)
        .limit(page.limit + 1)
      return exportPageOf(rows, page.limit)
    },
  },
  connections: {
    columns: Object.keys(connectionExportColumns),
    page: async (db, page) => {
      const order = keyset(connections.createdAt, connections.id, page)
      const rows = await db
        .select({ ...connectionExportColumns, ...order.fields })
        .from(connections)
        .innerJoin(users, eq(users.id, connections.authorId))
        .innerJoin(people, eq(people.id, connections.personId))
        .leftJoin(events, eq(events.id, connections.eventId))
        .where(order.after)
        .orderBy(...order.orderBy)
        .limit(page.limit + 1)
      return exportPageOf(rows, page.limit)
    },
  },
  attendance: {
    columns: Object.keys(attendanceColumns),
    page: async (db, page) => {
      const order = keyset(eventAttendees.createdAt, eventAttendees.id, page)
      const rows = await db
        .select({ ...attendanceColumns, ...order.fields })
        .from(eventAttendees)
        .innerJoin(events, eq(events.id, eventAttendees.eventId))
        .innerJoin(users, eq(users.id, eventAttendees.userId))
        .where(order.after)
        .orderBy(...order.orderBy)
        .limit(page.limit + 1)
      return exportPageOf(rows, page.limit)
    },
  },
} satisfies Record<string, ExportTable>
