import { count, getTableColumns, sql } from 'drizzle-orm'
import type { Database } from '../client.ts'
import { connections, eventAttendees, events, people, users } from '../schema/index.ts'

// Bulk loading for the benchmark's seed: multi-row inserts, as many rows per statement as
// Postgres' bind-parameter limit (65,535) allows. Rows come with their ids, so a caller can link
// them without reading anything back.

const MAX_PARAMETERS_PER_STATEMENT = 65_000

export type UserRow = typeof users.$inferInsert & { id: string }
export type PersonRow = typeof people.$inferInsert & { id: string }
export type EventRow = typeof events.$inferInsert & { id: string }
export type AttendanceRow = typeof eventAttendees.$inferInsert & { id: string }
export type ConnectionRow = typeof connections.$inferInsert & { id: string }

async function inBatches<Row>(
  rows: readonly Row[],
  table: Parameters<typeof getTableColumns>[0],
  insert: (batch: Row[]) => Promise<unknown>,
): Promise<void> {
  const rowsPerStatement = Math.floor(
    MAX_PARAMETERS_PER_STATEMENT / Object.keys(getTableColumns(table)).length,
  )
  for (let start = 0; start < rows.length; start += rowsPerStatement) {
    await insert(rows.slice(start, start + rowsPerStatement))
  }
}

export const bulkInsertUsers = (db: Database, rows: readonly UserRow[]) =>
  inBatches(rows, users, (batch) => db.insert(users).values(batch))

export const bulkInsertPeople = (db: Database, rows: readonly PersonRow[]) =>
  inBatches(rows, people, (batch) => db.insert(people).values(batch))

export const bulkInsertEvents = (db: Database, rows: readonly EventRow[]) =>
  inBatches(rows, events, (batch) => db.insert(events).values(batch))

export const bulkInsertAttendance = (db: Database, rows: readonly AttendanceRow[]) =>
  inBatches(rows, eventAttendees, (batch) => db.insert(eventAttendees).values(batch))

export const bulkInsertConnections = (db: Database, rows: readonly ConnectionRow[]) =>
  inBatches(rows, connections, (batch) => db.insert(connections).values(batch))

/** After a bulk load: fresh planner statistics and visibility map, as a settled database has. */
export async function settleAfterBulkLoad(db: Database): Promise<void> {
  await db.execute(sql`vacuum (analyze)`)
}

export type RowCounts = {
  users: number
  people: number
  events: number
  eventAttendees: number
  connections: number
}

export async function countRows(db: Database): Promise<RowCounts> {
  const [[userCount], [personCount], [eventCount], [attendanceCount], [connectionCount]] =
    await Promise.all([
      db.select({ value: count() }).from(users),
      db.select({ value: count() }).from(people),
      db.select({ value: count() }).from(events),
      db.select({ value: count() }).from(eventAttendees),
      db.select({ value: count() }).from(connections),
    ])
  return {
    users: userCount?.value ?? 0,
    people: personCount?.value ?? 0,
    events: eventCount?.value ?? 0,
    eventAttendees: attendanceCount?.value ?? 0,
    connections: connectionCount?.value ?? 0,
  }
}

/**
 * An MD5 over every row of the tables that only the seed fills (the migrations add a system user
 * and a starter event of their own), in id order: equal digests mean equal data.
 */
export async function digestSeededRows(db: Database): Promise<string> {
  const digests = await Promise.all(
    [people, eventAttendees, connections].map(async (table) => {
      const [row] = await db
        .select({
          digest: sql<string | null>`md5(string_agg(${table}::text, '|' order by ${table.id}))`,
        })
        .from(table)
      return row?.digest ?? ''
    }),
  )
  return digests.join(':')
}
