import { count, desc, eq } from 'drizzle-orm'
import type { Database } from '../client.ts'
import { connections } from '../schema/index.ts'
import { selectWithDetails } from './connections.ts'
import { listDueFollowUps } from './reminders.ts'

/**
 * What Home shows of the author's connections: how many there are, the `recentCount` newest (with
 * what their details dialog shows) and the open follow-ups due on or before `dueBy`, earliest first.
 */
export async function getHomeSummary(
  db: Database,
  { authorId, recentCount, dueBy }: { authorId: string; recentCount: number; dueBy: string },
) {
  const [[total], recentConnections, followUpsDue] = await Promise.all([
    db.select({ count: count() }).from(connections).where(eq(connections.authorId, authorId)),
    selectWithDetails(db)
      .where(eq(connections.authorId, authorId))
      .orderBy(desc(connections.createdAt), desc(connections.id))
      .limit(recentCount),
    listDueFollowUps(db, authorId, dueBy),
  ])
  return { totalConnections: total?.count ?? 0, recentConnections, followUpsDue }
}

export type HomeSummary = Awaited<ReturnType<typeof getHomeSummary>>
