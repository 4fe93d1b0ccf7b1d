import { and, asc, count, desc, eq, sql, type Placeholder } from 'drizzle-orm'
import type { Database } from '../client.ts'
import { withUniqueCheck } from '../errors.ts'
import { connections, eventAttendees, events } from '../schema/index.ts'
import { jsonArrayText, jsonBytesStatement, jsonObject } from './json-text.ts'

export const STARTER_EVENT_TITLE = 'Ideas Fest'
export const SYSTEM_USER_EMAIL = 'system@fiveconnect.invalid'

/**
 * What the app tells anyone about an event, column by column: the API's output schema and the JSON
 * Postgres writes for `GET /api/events` both take these keys, so a new column is never answered by
 * accident.
 */
export const eventColumns = {
  id: events.id,
  title: events.title,
  description: events.description,
  startDateTime: events.startDateTime,
  endDateTime: events.endDateTime,
  location: events.location,
  logoUrl: events.logoUrl,
  createdBy: events.createdBy,
  createdAt: events.createdAt,
  updatedAt: events.updatedAt,
}

export type Event = { [K in keyof typeof eventColumns]: (typeof events.$inferSelect)[K] }
export type EventDetails = Pick<
  Event,
  'title' | 'description' | 'startDateTime' | 'endDateTime' | 'location' | 'logoUrl'
>
export type EventForUser = Event & { isJoined: boolean; connectionCount: number }

function userConnectionCounts(db: Database, userId: string | Placeholder) {
  return db
    .select({ eventId: connections.eventId, connectionCount: count().as('connection_count') })
    .from(connections)
    .where(eq(connections.authorId, userId))
    .groupBy(connections.eventId)
    .as('counts')
}

/** The user's facts about each event: joined or not, and how many connections they made there. */
function userEventFacts(db: Database, userId: string | Placeholder) {
  const counts = userConnectionCounts(db, userId)
  return {
    counts,
    isUsersAttendance: and(
      eq(eventAttendees.eventId, events.id),
      eq(eventAttendees.userId, userId),
    ),
    fields: {
      ...eventColumns,
      isJoined: sql<boolean>`${eventAttendees.id} is not null`,
      connectionCount: sql<number>`coalesce(${counts.connectionCount}, 0)::int`,
    },
  }
}

/**
 * Every event with whether the user joined it and how many connections the user made there, in
 * one statement however many events there are.
 */
export async function listEventsForUser(db: Database, userId: string): Promise<EventForUser[]> {
  const { counts, isUsersAttendance, fields } = userEventFacts(db, userId)
  return db
    .select(fields)
    .from(events)
    .leftJoin(eventAttendees, isUsersAttendance)
    .leftJoin(counts, eq(counts.eventId, events.id))
    .orderBy(desc(events.startDateTime))
}

const eventsJsonStatements = new WeakMap<
  Database,
  (values: { userId: string }) => Promise<Uint8Array<ArrayBuffer>>
>()

/** What listEventsForUser returns, as UTF-8 JSON text: what JSON.stringify would make of it. */
export async function listEventsForUserJson(
  db: Database,
  userId: string,
): Promise<Uint8Array<ArrayBuffer>> {
  let statement = eventsJsonStatements.get(db)
  if (!statement) {
    const { counts, isUsersAttendance, fields } = userEventFacts(db, sql.placeholder('userId'))
    statement = jsonBytesStatement(
      db,
      'events_for_user_json',
      db
        .select({ json: jsonArrayText(jsonObject(fields), sql`${events.startDateTime} desc`) })
        .from(events)
        .leftJoin(eventAttendees, isUsersAttendance)
        .leftJoin(counts, eq(counts.eventId, events.id)),
    )
    eventsJsonStatements.set(db, statement)
  }
  return statement({ userId })
}

export async function listJoinedEvents(db: Database, userId: string): Promise<Event[]> {
  return db
    .select(eventColumns)
    .from(events)
    .innerJoin(eventAttendees, eq(eventAttendees.eventId, events.id))
    .where(eq(eventAttendees.userId, userId))
    .orderBy(asc(events.startDateTime))
}

export async function getEvent(db: Database, id: string): Promise<Event | undefined> {
  const [event] = await db.select(eventColumns).from(events).where(eq(events.id, id))
  return event
}

/** Joins the user to the event; throws UniqueViolationError when already joined. */
export async function joinEvent(db: Database, params: { eventId: string; userId: string }) {
  await withUniqueCheck(() => db.insert(eventAttendees).values(params))
}

/** Returns false when the user had not joined the event. */
export async function leaveEvent(
  db: Database,
  { eventId, userId }: { eventId: string; userId: string },
): Promise<boolean> {
  const left = await db
    .delete(eventAttendees)
    .where(and(eq(eventAttendees.eventId, eventId), eq(eventAttendees.userId, userId)))
    .returning({ id: eventAttendees.id })
  return left.length > 0
}

export async function createEvent(
  db: Database,
  details: EventDetails & { createdBy: string },
): Promise<Event> {
  const [event] = await db.insert(events).values(details).returning(eventColumns)
  if (!event) throw new Error('Insert returned no row')
  return event
}

export async function updateEvent(
  db: Database,
  id: string,
  details: EventDetails,
): Promise<Event | undefined> {
  const [event] = await db
    .update(events)
    .set(details)
    .where(eq(events.id, id))
    .returning(eventColumns)
  return event
}

/** Connections made at the event stay, as personal connections (the foreign key sets null). */
export async function deleteEvent(db: Database, id: string): Promise<Event | undefined> {
  const [event] = await db.delete(events).where(eq(events.id, id)).returning(eventColumns)
  return event
}
