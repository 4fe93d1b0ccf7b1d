import { lt, or } from 'drizzle-orm'
import type { Database } from '../client.ts'
import { sessions } from '../schema/index.ts'

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
