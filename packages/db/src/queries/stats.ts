import { count, gte, ne, sql } from 'drizzle-orm'
import type { Database } from '../client.ts'
import { connections, events, users } from '../schema/index.ts'
import { SYSTEM_USER_EMAIL } from './events.ts'

export type AdminStats = {
  totalUsers: number
  totalEvents: number
  totalConnections: number
  connectionsThisMonth: number
  connectionTypes: Record<string, number>
}

/** The dashboard's figures; "this month" is the calendar month of `now` in the database's time zone. */
export async function getAdminStats(db: Database, now: Date): Promise<AdminStats> {
  const monthStart = sql`date_trunc('month', ${now.toISOString()}::timestamptz)`
  const [[userCount], [eventCount], [connectionCount], typeCounts] = await Promise.all([
    db.select({ value: count() }).from(users).where(ne(users.email, SYSTEM_USER_EMAIL)),
    db.select({ value: count() }).from(events),
    db
      .select({
        total: count(),
        thisMonth: sql<number>`count(*) filter (where ${gte(connections.createdAt, monthStart)})::int`,
      })
      .from(connections),
    db
      .select({ type: sql<string>`type`, value: sql<number>`count(*)::int` })
      .from(sql`${connections}, unnest(${connections.connectionTypes}) as type`)
      .groupBy(sql`type`),
  ])
  return {
    totalUsers: userCount?.value ?? 0,
    totalEvents: eventCount?.value ?? 0,
    totalConnections: connectionCount?.total ?? 0,
    connectionsThisMonth: connectionCount?.thisMonth ?? 0,
    connectionTypes: Object.fromEntries(typeCounts.map((row) => [row.type, row.value])),
  }
}
