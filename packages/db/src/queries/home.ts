import { count, desc, eq, inArray } from 'drizzle-orm'
import type { Database } from '../client.ts'
import { connections } from '../schema/index.ts'
import { selectWithDetails } from './connections.ts'
import { listDueFollowUps } from './reminders.ts'

const newestFirst = [desc(connections.createdAt), desc(connections.id)]

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
    // The newest ids first, from the author's index, so only they are joined: joined first,
    // Postgres hashed all of the author's people (every one, by a sequential scan) to keep 3.
    selectWithDetails(db)
      .where(
        inArray(
          connections.id,
          db
            .select({ id: connections.id })
            .from(connections)
            .where(eq(connections.authorId, authorId))
            .orderBy(...newestFirst)
            .limit(recentCount),
        ),
      )
      .orderBy(...newestFirst),
    listDueFollowUps(db, authorId, dueBy),
  ])
  return { totalConnections: total?.count ?? 0, recentConnections, followUpsDue }
}

export type HomeSummary = Awaited<ReturnType<typeof getHomeSummary>>
