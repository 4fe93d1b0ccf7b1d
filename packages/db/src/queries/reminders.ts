import { and, asc, eq, inArray, isNotNull, lte, max, sql } from 'drizzle-orm'
import type { Database } from '../client.ts'
import { connections, people, reminderDigests, users } from '../schema/index.ts'
import { hasOpenFollowUp } from './connections.ts'

export type ReminderSettings = { enabled: boolean; hour: number; timeZone: string | null }

export async function getReminderSettings(
  db: Database,
  userId: string,
): Promise<ReminderSettings | undefined> {
  const [settings] = await db
    .select({
      enabled: users.remindersEnabled,
      hour: users.reminderHour,
      timeZone: users.timeZone,
    })
    .from(users)
    .where(eq(users.id, userId))
  return settings
}

export async function updateReminderSettings(
  db: Database,
  userId: string,
  settings: { enabled: boolean; hour: number },
): Promise<ReminderSettings | undefined> {
  const [updated] = await db
    .update(users)
    .set({ remindersEnabled: settings.enabled, reminderHour: settings.hour })
    .where(eq(users.id, userId))
    .returning({
      enabled: users.remindersEnabled,
      hour: users.reminderHour,
      timeZone: users.timeZone,
    })
  return updated
}

/** Records the time zone the user's browser reports; writes only when it changed. */
export async function setUserTimeZone(
  db: Database,
  userId: string,
  timeZone: string,
): Promise<void> {
  await db
    .update(users)
    .set({ timeZone })
    .where(and(eq(users.id, userId), sql`${users.timeZone} is distinct from ${timeZone}`))
}

export type DigestCandidate = Awaited<ReturnType<typeof listDigestCandidates>>[number]

/**
 * Active users with reminders on and a known time zone who have an open follow-up due on or
 * before `latestDay` (the latest calendar day it can be anywhere on Earth), with the local day of
 * their last digest, so the caller can tell whose digest for today is still to go.
 */
export async function listDigestCandidates(db: Database, latestDay: string) {
  const lastDigest = db
    .select({
      userId: reminderDigests.userId,
      localDate: max(reminderDigests.localDate).as('last'),
    })
    .from(reminderDigests)
    .groupBy(reminderDigests.userId)
    .as('last_digest')
  const withDueFollowUp = db
    .selectDistinct({ authorId: connections.authorId })
    .from(connections)
    .where(and(hasOpenFollowUp, lte(connections.followUpOn, latestDay)))
    .as('with_due_follow_up')
  return db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      timeZone: users.timeZone,
      reminderHour: users.reminderHour,
      lastDigestOn: lastDigest.localDate,
    })
    .from(users)
    .innerJoin(withDueFollowUp, eq(withDueFollowUp.authorId, users.id))
    .leftJoin(lastDigest, eq(lastDigest.userId, users.id))
    .where(
      and(eq(users.isActive, true), eq(users.remindersEnabled, true), isNotNull(users.timeZone)),
    )
    .orderBy(asc(users.id))
}

export type DueFollowUp = Awaited<ReturnType<typeof listDueFollowUps>>[number]

/** The user's open follow-ups due on or before `day`, earliest first. */
export async function listDueFollowUps(db: Database, authorId: string, day: string) {
  const rows = await db
    .select({
      id: connections.id,
      followUpOn: connections.followUpOn,
      person: { firstName: people.firstName, lastName: people.lastName, company: people.company },
    })
    .from(connections)
    .innerJoin(people, eq(people.id, connections.personId))
    .where(
      and(eq(connections.authorId, authorId), hasOpenFollowUp, lte(connections.followUpOn, day)),
    )
    .orderBy(asc(connections.followUpOn), asc(connections.createdAt), asc(connections.id))
  return rows.flatMap(({ followUpOn, ...row }) => (followUpOn ? [{ ...row, followUpOn }] : []))
}

/**
 * Claims the user's digest for `localDate`; false when it is already claimed (sent, or being sent
 * by another instance).
 */
export async function claimReminderDigest(
  db: Database,
  params: { userId: string; localDate: string; unsubscribeTokenHash: string },
): Promise<boolean> {
  const claimed = await db
    .insert(reminderDigests)
    .values(params)
    .onConflictDoNothing({ target: [reminderDigests.userId, reminderDigests.localDate] })
    .returning({ userId: reminderDigests.userId })
  return claimed.length > 0
}

/** Gives a claim back after its mail could not be sent, so a later run tries again. */
export async function releaseReminderDigest(
  db: Database,
  params: { userId: string; localDate: string },
): Promise<void> {
  await db
    .delete(reminderDigests)
    .where(
      and(
        eq(reminderDigests.userId, params.userId),
        eq(reminderDigests.localDate, params.localDate),
      ),
    )
}

/** Whether a digest went out with this unsubscribe token hash. */
export async function isReminderUnsubscribeToken(
  db: Database,
  tokenHash: string,
): Promise<boolean> {
  const [row] = await db
    .select({ userId: reminderDigests.userId })
    .from(reminderDigests)
    .where(eq(reminderDigests.unsubscribeTokenHash, tokenHash))
  return row !== undefined
}

/** Turns reminders off for the user whose digest had this unsubscribe token hash. */
export async function unsubscribeFromReminders(db: Database, tokenHash: string): Promise<boolean> {
  const [user] = await db
    .update(users)
    .set({ remindersEnabled: false })
    .where(
      inArray(
        users.id,
        db
          .select({ userId: reminderDigests.userId })
          .from(reminderDigests)
          .where(eq(reminderDigests.unsubscribeTokenHash, tokenHash)),
      ),
    )
    .returning({ id: users.id })
  return user !== undefined
}
