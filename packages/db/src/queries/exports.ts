import { asc, eq } from 'drizzle-orm'
import type { Database } from '../client.ts'
import { connections, eventAttendees, events, people, users } from '../schema/index.ts'
import { listUsers } from './admin-users.ts'
import { connectionColumns } from './connections.ts'
import { eventColumns } from './events.ts'
import { personColumns } from './people.ts'
import { publicUserColumns } from './users.ts'

/** A table an admin can download: its column names (the header, even with no rows) and its rows. */
export type ExportTable = {
  columns: string[]
  rows: (db: Database) => Promise<Record<string, unknown>[]>
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

export const exportTables = {
  // Users without password hashes or reset tokens.
  users: { columns: Object.keys(publicUserColumns), rows: listUsers },
  events: {
    columns: Object.keys(eventColumns),
    rows: (db) => db.select(eventColumns).from(events).orderBy(asc(events.startDateTime)),
  },
  people: {
    columns: Object.keys(personColumns),
    rows: (db) => db.select(personColumns).from(people).orderBy(asc(people.createdAt)),
  },
  connections: {
    columns: Object.keys(connectionExportColumns),
    rows: (db) =>
      db
        .select(connectionExportColumns)
        .from(connections)
        .innerJoin(users, eq(users.id, connections.authorId))
        .innerJoin(people, eq(people.id, connections.personId))
        .leftJoin(events, eq(events.id, connections.eventId))
        .orderBy(asc(connections.createdAt)),
  },
  attendance: {
    columns: Object.keys(attendanceColumns),
    rows: (db) =>
      db
        .select(attendanceColumns)
        .from(eventAttendees)
        .innerJoin(events, eq(events.id, eventAttendees.eventId))
        .innerJoin(users, eq(users.id, eventAttendees.userId))
        .orderBy(asc(eventAttendees.createdAt)),
  },
} satisfies Record<string, ExportTable>
