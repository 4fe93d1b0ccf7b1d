import { eq, lt, or, sql } from 'drizzle-orm'
import type { Database } from '../client.ts'
import { sessions, users } from '../schema/index.ts'
import { publicUserColumns } from './users.ts'

/** Deletes sessions that have expired or were started before `startedBefore`. */
export async function deleteEndedSessions(
  db: Database,
  { now, startedBefore }: { now: Date; startedBefore: Date },
): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), lt(sessions.createdAt, startedBefore)))
    .returning({ id: sessions.id })
  return deleted.length
}

/**
 * Looks a session up with its user's public columns, as every signed-in request does. Built and
 * named once per database: each request only sends the id, and Postgres reuses the plan. The
 * user's secrets (password hash, feed token) never leave the database on this path.
 */
export function sessionAndUserStatement(db: Database) {
  return db
    .select({
      session: {
        id: sessions.id,
        userId: sessions.userId,
        expiresAt: sessions.expiresAt,
        createdAt: sessions.createdAt,
      },
      user: publicUserColumns,
    })
    .from(sessions)
    .innerJoin(users, eq(sessions.userId, users.id))
    .where(eq(sessions.id, sql.placeholder('sessionId')))
    .prepare('session_and_user')
}
