import { and, eq, isNull, sql, type SQLWrapper } from 'drizzle-orm'
import type { Database } from '../client.ts'
import type { ContactDetails } from './contact-details.ts'
import { connections, eventAttendees, events, people, users } from '../schema/index.ts'
import { findMetPeopleLike } from './duplicates.ts'
import { createPerson, isRegisteredEmail } from './people.ts'
import { normalizeEmail } from './users.ts'
import { SYSTEM_USER_EMAIL } from './events.ts'

export type ShareField = (typeof users.$inferSelect)['shareFields'][number]

export type ShareSettings = { token: string | null; fields: ShareField[] }

export async function getShareSettings(
  db: Database,
  userId: string,
): Promise<ShareSettings | undefined> {
  const [row] = await db
    .select({ token: users.shareToken, fields: users.shareFields })
    .from(users)
    .where(eq(users.id, userId))
  return row
}

/** Sets the user's share link (null turns the page off) and, when given, the fields it shows. */
export async function saveShareSettings(
  db: Database,
  userId: string,
  changes: { token?: string | null; fields?: ShareField[] },
): Promise<ShareSettings | undefined> {
  const [row] = await db
    .update(users)
    .set({
      ...(changes.token !== undefined && { shareToken: changes.token }),
      ...(changes.fields && { shareFields: changes.fields }),
    })
    .where(eq(users.id, userId))
    .returning({ token: users.shareToken, fields: users.shareFields })
  return row
}

export type ShareCard = {
  ownerId: string
  firstName: string
  lastName: string
  company: string | null
  email: string | null
  mobile: string | null
  linkedin: string | null
  website: string | null
}

/** The card behind a share link: the owner's name and only the fields they chose to show. */
export async function findShareCard(db: Database, token: string): Promise<ShareCard | undefined> {
  const [owner] = await db
    .select({
      ownerId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      company: users.company,
      email: users.email,
      mobile: users.mobile,
      linkedin: users.linkedin,
      website: users.website,
      fields: users.shareFields,
    })
    .from(users)
    .where(
      and(
        eq(users.shareToken, token),
        eq(users.isActive, true),
        sql`${users.email} <> ${SYSTEM_USER_EMAIL}`,
      ),
    )
  if (!owner) return undefined
  const { fields, ...card } = owner
  const shown = (field: ShareField) => (fields.includes(field) ? card[field] : null)
  return {
    ...card,
    company: shown('company'),
    email: shown('email'),
    mobile: shown('mobile'),
    linkedin: shown('linkedin'),
    website: shown('website'),
  }
}

/**
 * The event Add Connection preselects, as the server can tell it: one the user joined that runs on
 * the user's calendar day (in their time zone, UTC when unknown), the one starting nearest to now
 * when there are several. Undefined when there is none.
 */
export async function findTodaysJoinedEventId(
  db: Database,
  userId: string,
  now = new Date(),
): Promise<string | undefined> {
  const zone = sql`coalesce((select ${users.timeZone} from ${users} where ${users.id} = ${userId}), 'UTC')`
  const at = (instant: unknown) => sql`(${instant} at time zone ${zone})::date`
  const nowAt = sql`${now.toISOString()}::timestamptz`
  const [row] = await db
    .select({ id: events.id })
    .from(events)
    .innerJoin(eventAttendees, eq(eventAttendees.eventId, events.id))
    .where(
      and(
        eq(eventAttendees.userId, userId),
        sql`${at(events.startDateTime)} <= ${at(nowAt)}`,
        sql`${at(sql`coalesce(${events.endDateTime}, ${events.startDateTime})`)} >= ${at(nowAt)}`,
      ),
    )
    .orderBy(sql`abs(extract(epoch from ${events.startDateTime} - ${nowAt}))`, events.id)
    .limit(1)
  return row?.id
}

export type SharedContact = ContactDetails & { note: string | null }

/**
 * Files what someone sent through the owner's share page: as the owner's person they have met
 * before when 'Met before?' finds one by the same email or mobile (filling only that person's empty
 * fields), else as a new person; and as a connection on the owner's event of the day, marked as
 * shared. A second sending at the same event updates that connection instead of adding another.
 */
export async function receiveSharedContact(
  db: Database,
  { ownerId, contact }: { ownerId: string; contact: SharedContact },
): Promise<{ personId: string; connectionId: string; merged: boolean }> {
  const { note, ...details } = contact
  const eventId = (await findTodaysJoinedEventId(db, ownerId)) ?? null
  return db.transaction(async (tx) => {
    const email = details.email ? normalizeEmail(details.email) : null
    const [sameEmail] = email
      ? await tx
          .select({ id: people.id })
          .from(people)
          .where(and(eq(people.ownerId, ownerId), eq(people.email, email)))
      : []
    const [metBefore] = sameEmail
      ? [sameEmail]
      : (await findMetPeopleLike(tx, { authorId: ownerId, candidate: details }))
          .filter(({ reasons }) => reasons.includes('mobile'))
          .map(({ person }) => person)
    const personId = metBefore
      ? metBefore.id
      : (await createPerson(tx, { ...details, email, ownerId })).id
    if (metBefore) await fillEmptyFields(tx, ownerId, personId, { ...details, email })
    const sharedAt = new Date()
    const [existing] = await tx
      .select({ id: connections.id, notes: connections.notes })
      .from(connections)
      .where(
        and(
          eq(connections.authorId, ownerId),
          eq(connections.personId, personId),
          eventId ? eq(connections.eventId, eventId) : isNull(connections.eventId),
        ),
      )
      .limit(1)
    if (existing) {
      const notes = [existing.notes, note].filter(Boolean).join('\n\n') || null
      await tx
        .update(connections)
        .set({ sharedAt, notes })
        .where(and(eq(connections.id, existing.id), eq(connections.authorId, ownerId)))
      return { personId, connectionId: existing.id, merged: true }
    }
    const [created] = await tx
      .insert(connections)
      .values({ authorId: ownerId, personId, eventId, notes: note, sharedAt })
      .returning({ id: connections.id })
    if (!created) throw new Error('Insert returned no row')
    return { personId, connectionId: created.id, merged: Boolean(metBefore) }
  })
}

/** Gives the owner's person the sent details they do not have yet; never overwrites one. */
async function fillEmptyFields(
  db: Database,
  ownerId: string,
  personId: string,
  details: Omit<SharedContact, 'note' | 'firstName' | 'lastName'>,
) {
  const fill = (column: SQLWrapper, value: string | null) =>
    value ? sql`coalesce(nullif(${column}, ''), ${value})` : sql`${column}`
  await db
    .update(people)
    .set({
      // Only a person found by mobile can lack the email: no other of the owner's people has it.
      ...(details.email && {
        email: fill(people.email, details.email),
        hasUserProfile: sql`case when ${people.email} is null then ${isRegisteredEmail(details.email)} else ${people.hasUserProfile} end`,
      }),
      mobile: fill(people.mobile, details.mobile),
      company: fill(people.company, details.company),
      title: fill(people.title, details.title),
    })
    .where(and(eq(people.id, personId), eq(people.ownerId, ownerId)))
}
