import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  ilike,
  isNotNull,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm'
import type { Database } from '../client.ts'
import { withUniqueCheck } from '../errors.ts'
import type { PgSelect } from 'drizzle-orm/pg-core'
import { connections, eventAttendees, events } from '../schema/index.ts'
import {
  jsonArrayText,
  jsonBytesStatement,
  jsonDatePaths,
  jsonObject,
  jsonPageFields,
  jsonPageStatement,
  statementCache,
  type JsonPage,
} from './json-text.ts'
import { escapeLike } from './like.ts'
import { afterPosition, exactTimestamp, pageOf, type Page, type PageRequest } from './paging.ts'

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

/** What a list of events may be narrowed to (absent, or filter 'all': not narrowed). */
export type EventFilters = {
  /** Text to find in the title, description or location, ignoring case. */
  search?: string
  /** upcoming: starting after now; attended: joined by the user. */
  filter?: 'all' | 'upcoming' | 'attended'
}

/** The search as a pattern for ILIKE (its wildcards escaped), or the placeholder standing for it. */
type EventConditions<Text = string | Placeholder> = {
  contains?: Text
  filter?: EventFilters['filter']
}

const conditionsOf = ({ search, filter }: EventFilters): EventConditions<string> => ({
  contains: search === undefined ? undefined : `%${escapeLike(search)}%`,
  filter,
})

/** The conditions on events left-joined with the user's attendance; undefined when none. */
function matchesFilters({ contains, filter }: EventConditions): SQL | undefined {
  return and(
    contains === undefined
      ? undefined
      : or(
          ilike(events.title, contains),
          ilike(events.description, contains),
          ilike(events.location, contains),
        ),
    filter === 'upcoming' ? gt(events.startDateTime, sql`now()`) : undefined,
    filter === 'attended' ? isNotNull(eventAttendees.id) : undefined,
  )
}

function userConnectionCounts(db: Database, userId: string | Placeholder) {
  return db
    .select({ eventId: connections.eventId, connectionCount: count().as('connection_count') })
    .from(connections)
    .where(eq(connections.authorId, userId))
    .groupBy(connections.eventId)
    .as('counts')
}

// Events starting together are kept in a stable order by id, so pages neither repeat nor skip.
const latestFirst = [desc(events.startDateTime), desc(events.id)]
const soonestFirst = [asc(events.startDateTime), asc(events.id)]

/** Where a page starts and how many rows to read for it, or placeholders for them. */
type PagePlaces = {
  limitAndOne: number | Placeholder
  after: Parameters<typeof afterPosition>[3]
}

/**
 * Every event the conditions let through, with the user's facts about it: joined or not, and how
 * many connections they made there (`fields`, for a selection), in one statement however many
 * events there are.
 */
function eventsForUser(
  db: Database,
  userId: string | Placeholder,
  conditions: EventConditions = {},
) {
  const counts = userConnectionCounts(db, userId)
  /** The query's events with the user's facts joined, only those matching (and `also`). */
  const joined = <Query extends PgSelect>(query: Query, also?: SQL) =>
    query
      .leftJoin(
        eventAttendees,
        and(eq(eventAttendees.eventId, events.id), eq(eventAttendees.userId, userId)),
      )
      .leftJoin(counts, eq(counts.eventId, events.id))
      .where(and(matchesFilters(conditions), also))
  return {
    fields: {
      ...eventColumns,
      isJoined: sql<boolean>`${eventAttendees.id} is not null`,
      connectionCount: sql<number>`coalesce(${counts.connectionCount}, 0)::int`,
    },
    joined,
    /** A page of them, latest first, and one more to tell whether there is a next page. */
    page: <Query extends PgSelect>(query: Query, page: PagePlaces) =>
      joined(query, afterPosition('desc', events.startDateTime, events.id, page.after))
        .orderBy(...latestFirst)
        .limit(page.limitAndOne),
  }
}

/** Every event the filters let through, with the user's facts (eventsForUser), the latest first. */
export async function listEventsForUser(
  db: Database,
  userId: string,
  filters: EventFilters = {},
): Promise<EventForUser[]> {
  const { joined, fields } = eventsForUser(db, userId, conditionsOf(filters))
  return joined(db.select(fields).from(events).$dynamic()).orderBy(...latestFirst)
}

/** A page of listEventsForUser. */
export async function listEventsForUserPage(
  db: Database,
  userId: string,
  page: PageRequest,
  filters: EventFilters = {},
): Promise<Page<EventForUser>> {
  const { page: pageOfEvents, fields } = eventsForUser(db, userId, conditionsOf(filters))
  const rows = await pageOfEvents(
    db
      .select({ ...fields, pageKey: exactTimestamp(events.startDateTime) })
      .from(events)
      .$dynamic(),
    { limitAndOne: page.limit + 1, after: page.after },
  )
  return pageOf(rows, page.limit)
}

type EventsJsonStatement = (values: {
  userId: string
  contains?: string
}) => Promise<Uint8Array<ArrayBuffer>>

/** Per database, a statement for each filter, with and without a search. */
const eventsJsonStatement = statementCache<EventsJsonStatement>()

/**
 * What listEventsForUser returns, as UTF-8 JSON text: what JSON.stringify would make of it. The
 * search text is a parameter, so a handful of statements serve every search.
 */
export async function listEventsForUserJson(
  db: Database,
  userId: string,
  filters: EventFilters = {},
): Promise<Uint8Array<ArrayBuffer>> {
  const { contains, filter = 'all' } = conditionsOf(filters)
  const name = `events_for_user_json_${filter}${contains === undefined ? '' : '_search'}`
  const statement = eventsJsonStatement(db, name, () => {
    const { joined, fields } = eventsForUser(db, sql.placeholder('userId'), {
      contains: contains === undefined ? undefined : sql.placeholder('contains'),
      filter,
    })
    const json = jsonArrayText(
      jsonObject(fields),
      sql`${events.startDateTime} desc, ${events.id} desc`,
    )
    return jsonBytesStatement(db, name, joined(db.select({ json }).from(events).$dynamic()))
  })
  return statement({ userId, contains })
}

type EventsPageValues = {
  userId: string
  contains?: string
  limit: number
  limitAndOne: number
  afterKey?: string
  afterId?: string
}

/** Per database, a page's statement for each filter, with or without a search and a cursor. */
const eventsPageStatement = statementCache<(values: EventsPageValues) => Promise<JsonPage>>()

/**
 * What listEventsForUserPage returns, its items as UTF-8 JSON text. As for the connections' page,
 * its statements are built once per shape of request, with placeholders for the values: building
 * one cost the server more than running it.
 */
export async function listEventsForUserPageJson(
  db: Database,
  userId: string,
  page: PageRequest,
  filters: EventFilters = {},
): Promise<JsonPage> {
  const { contains, filter = 'all' } = conditionsOf(filters)
  const { limit, after } = page
  const name = `events_page_json_${filter}${contains === undefined ? '' : '_search'}${after ? '_after' : ''}`
  const statement = eventsPageStatement(db, name, () => {
    const { page: pageOfEvents, fields } = eventsForUser(db, sql.placeholder('userId'), {
      contains: contains === undefined ? undefined : sql.placeholder('contains'),
      filter,
    })
    const rows = pageOfEvents(
      db
        .select({
          row: jsonObject(fields).as('row'),
          dates: jsonDatePaths(fields).as('dates'),
          position: jsonObject({ key: exactTimestamp(events.startDateTime), id: events.id }).as(
            'position',
          ),
          n: sql<number>`row_number() over (order by ${events.startDateTime} desc, ${events.id} desc)`.as(
            'n',
          ),
        })
        .from(events)
        .$dynamic(),
      {
        limitAndOne: sql.placeholder('limitAndOne'),
        after: after && { key: sql.placeholder('afterKey'), id: sql.placeholder('afterId') },
      },
    ).as('page')
    return jsonPageStatement<EventsPageValues>(
      db,
      name,
      db.select(jsonPageFields(rows, sql.placeholder('limit'))).from(rows),
    )
  })
  return statement({
    userId,
    contains,
    limit,
    limitAndOne: limit + 1,
    afterKey: after?.key,
    afterId: after?.id,
  })
}

export async function listJoinedEvents(db: Database, userId: string): Promise<Event[]> {
  return db
    .select(eventColumns)
    .from(events)
    .innerJoin(eventAttendees, eq(eventAttendees.eventId, events.id))
    .where(eq(eventAttendees.userId, userId))
    .orderBy(...soonestFirst)
}

/** A page of the events the user joined, in listJoinedEvents' order. */
export async function listJoinedEventsPage(
  db: Database,
  userId: string,
  page: PageRequest,
): Promise<Page<Event>> {
  const rows = await db
    .select({ ...eventColumns, pageKey: exactTimestamp(events.startDateTime) })
    .from(events)
    .innerJoin(eventAttendees, eq(eventAttendees.eventId, events.id))
    .where(
      and(
        eq(eventAttendees.userId, userId),
        afterPosition('asc', events.startDateTime, events.id, page.after),
      ),
    )
    .orderBy(...soonestFirst)
    .limit(page.limit + 1)
  return pageOf(rows, page.limit)
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
