import { and, count, desc, eq, gte, inArray } from 'drizzle-orm'
import type { Database } from '../client.ts'
import { connections } from '../schema/index.ts'
import { selectWithDetails } from './connections.ts'
import { listDueFollowUps } from './reminders.ts'

const newestFirst = [desc(connections.createdAt), desc(connections.id)]

/**
 * What Home shows of the author's connections: how many there are, the `recentCount` newest (with
 * what their details dialog shows), the open follow-ups due on or before `dueBy`, earliest first,
 * and the `recentCount` people who last sent their details through the share page since `sharedSince`.
 */
export async function getHomeSummary(
  db: Database,
  {
    authorId,
    recentCount,
    dueBy,
    sharedSince,
  }: { authorId: string; recentCount: number; dueBy: string; sharedSince: Date },
) {
  const [[total], recentConnections, followUpsDue, sharedWithYou] = await Promise.all([
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
    selectWithDetails(db)
      .where(and(eq(connections.authorId, authorId), gte(connections.sharedAt, sharedSince)))
      .orderBy(desc(connections.sharedAt), desc(connections.id))
      .limit(recentCount),
  ])
  return { totalConnections: total?.count ?? 0, recentConnections, followUpsDue, sharedWithYou }
}

export type HomeSummary = Awaited<ReturnType<typeof getHomeSummary>>
