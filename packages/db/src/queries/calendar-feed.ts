import { and, asc, eq, isNotNull } from 'drizzle-orm'
import type { Database } from '../client.ts'
import { connections, events, people, users } from '../schema/index.ts'
import { hasOpenFollowUp } from './connections.ts'

/** Whether the user has a calendar feed: only its token's hash is kept, never the link itself. */
export async function hasCalendarFeed(db: Database, userId: string): Promise<boolean> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNotNull(users.calendarFeedTokenHash)))
  return user !== undefined
}

/** Gives the user a feed with this token hash, replacing any they had: the old link stops working. */
export async function setCalendarFeedToken(
  db: Database,
  params: { userId: string; tokenHash: string },
): Promise<boolean> {
  const [user] = await db
    .update(users)
    .set({ calendarFeedTokenHash: params.tokenHash })
    .where(eq(users.id, params.userId))
    .returning({ id: users.id })
  return user !== undefined
}

/** Ends the user's calendar feed, if they had one. */
export async function clearCalendarFeedToken(db: Database, userId: string): Promise<void> {
  await db.update(users).set({ calendarFeedTokenHash: null }).where(eq(users.id, userId))
}

/** The active user whose feed has this token hash; a deactivated user's feed answers nobody. */
export async function findCalendarFeedOwner(
  db: Database,
  tokenHash: string,
): Promise<{ id: string } | undefined> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.calendarFeedTokenHash, tokenHash), eq(users.isActive, true)))
  return user
}

export type OpenFollowUp = Awaited<ReturnType<typeof listOpenFollowUps>>[number]

/**
 * The author's connections with a follow-up day that is not done, earliest day first, with what
 * the calendar feed shows of each: the person's name and company, the event and the focus.
 */
export async function listOpenFollowUps(db: Database, authorId: string) {
  const rows = await db
    .select({
      id: connections.id,
      followUpOn: connections.followUpOn,
      connectionFocus: connections.connectionFocus,
      person: {
        firstName: people.firstName,
        lastName: people.lastName,
        company: people.company,
      },
      eventTitle: events.title,
    })
    .from(connections)
    .innerJoin(people, eq(people.id, connections.personId))
    .leftJoin(events, eq(events.id, connections.eventId))
    .where(and(eq(connections.authorId, authorId), hasOpenFollowUp))
    .orderBy(asc(connections.followUpOn), asc(connections.createdAt), asc(connections.id))
  return rows.flatMap(({ followUpOn, ...row }) => (followUpOn ? [{ ...row, followUpOn }] : []))
}
