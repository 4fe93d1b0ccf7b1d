import { count, eq, like, ne, or, sql } from 'drizzle-orm'
import type { Database } from '../client.ts'
import { connectionTallies, events, users } from '../schema/index.ts'
import { SYSTEM_USER_EMAIL } from './events.ts'

export type AdminStats = {
  totalUsers: number
  totalEvents: number
  totalConnections: number
  connectionsThisMonth: number
  connectionTypes: Record<string, number>
}

/**
 * The dashboard's figures; "this month" is the calendar month of `now` in the database's time zone.
 * Connection figures come from the running tallies the connections triggers keep.
 */
export async function getAdminStats(db: Database, now: Date): Promise<AdminStats> {
  const thisMonth = sql<string>`'month:' || to_char(date_trunc('month', ${now.toISOString()}::timestamptz), 'YYYY-MM')`
  const [[userCount], [eventCount], tallies] = await Promise.all([
    db.select({ value: count() }).from(users).where(ne(users.email, SYSTEM_USER_EMAIL)),
    db.select({ value: count() }).from(events),
    db
      .select({
        bucket: connectionTallies.bucket,
        count: connectionTallies.count,
        isThisMonth: sql<boolean>`${connectionTallies.bucket} = ${thisMonth}`,
      })
      .from(connectionTallies)
      .where(
        or(
          eq(connectionTallies.bucket, 'all'),
          eq(connectionTallies.bucket, thisMonth),
          like(connectionTallies.bucket, 'type:%'),
        ),
      ),
  ])
  return {
    totalUsers: userCount?.value ?? 0,
    totalEvents: eventCount?.value ?? 0,
    totalConnections: tallies.find((row) => row.bucket === 'all')?.count ?? 0,
    connectionsThisMonth: tallies.find((row) => row.isThisMonth)?.count ?? 0,
    connectionTypes: Object.fromEntries(
      tallies
        .filter((row) => row.bucket.startsWith('type:') && row.count > 0)
        .map((row) => [row.bucket.slice('type:'.length), row.count]),
    ),
  }
}
