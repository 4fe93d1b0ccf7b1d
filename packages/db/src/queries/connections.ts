import {
  and,
  arrayContains,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  sql,
  type Placeholder,
} from 'drizzle-orm'
import type { Database } from '../client.ts'
import { brokenForeignKey, withUniqueCheck } from '../errors.ts'
import { connections, events, people } from '../schema/index.ts'
import {
  jsonArrayText,
  jsonDatePaths,
  jsonObject,
  jsonObjectOrNull,
  jsonPageFields,
  jsonPageStatement,
  selectJsonBytes,
  statementCache,
  type JsonPage,
} from './json-text.ts'
import { afterPosition, exactTimestamp, pageOf, type Page, type PageRequest } from './paging.ts'
import {
  createPerson,
  isRegisteredEmail,
  personColumns,
  type NewPerson,
  type PublicPerson,
} from './people.ts'
import { normalizeEmail } from './users.ts'
import { copyFinishedTranscript } from './voice-note-transcriptions.ts'

export type ConnectionRow = {
  [K in keyof typeof connectionColumns]: (typeof connections.$inferSelect)[K]
}

export type ConnectionContent = {
  eventId: string | null
  connectionTypes: string[]
  connectionFocus: string | null
  notes: string | null
  photos: string[]
  voiceNoteUrl: string | null
  voiceNoteTranscription: string | null
  voiceNoteRecordedAt?: Date | null
  followUpOn: string | null
  followUpDone: boolean
}

export type PersonContactChanges = Partial<
  Pick<PublicPerson, 'email' | 'mobile' | 'company' | 'website' | 'linkedin'>
>

/** A connection with a follow-up day that is not done yet. */
export const hasOpenFollowUp = and(
  isNotNull(connections.followUpOn),
  eq(connections.followUpDone, false),
)

/** What a list of connections may be narrowed to (absent: not narrowed). */
export type ConnectionFilters = {
  eventId?: string
  /** One of the connection types (SA, JV, ...). */
  type?: string
  /** Only connections with a follow-up date that is not done. */
  needsFollowUp?: boolean
}

/** The filters' values, or placeholders for them in a statement built once. */
type FilterConditions = {
  eventId?: string | Placeholder
  types?: string[] | Placeholder
  needsFollowUp?: boolean
}

/** The filters as conditions on connections; undefined when there are none. */
export function matchesFilters({ eventId, type, needsFollowUp }: ConnectionFilters) {
  return filterConditions({ eventId, types: type ? [type] : undefined, needsFollowUp })
}

/** The filters as conditions, with placeholders for their values in a statement built once. */
export function filterConditions({ eventId, types, needsFollowUp }: FilterConditions) {
  return and(
    eventId ? eq(connections.eventId, eventId) : undefined,
    types ? arrayContains(connections.connectionTypes, types) : undefined,
    needsFollowUp ? hasOpenFollowUp : undefined,
  )
}

export const eventSummaryColumns = {
  id: events.id,
  title: events.title,
  startDateTime: events.startDateTime,
  endDateTime: events.endDateTime,
  location: events.location,
  logoUrl: events.logoUrl,
}

/**
 * What the app tells a connection's author about it, column by column: the API's output schema and
 * the JSON Postgres writes for `GET /api/connections` both take these keys, so a new column is never
 * answered by accident. The search vector and the idempotency key stay in the database.
 */
export const connectionColumns = {
  id: connections.id,
  eventId: connections.eventId,
  personId: connections.personId,
  authorId: connections.authorId,
  connectionTypes: connections.connectionTypes,
  connectionFocus: connections.connectionFocus,
  notes: connections.notes,
  photos: connections.photos,
  voiceNoteUrl: connections.voiceNoteUrl,
  voiceNoteTranscription: connections.voiceNoteTranscription,
  voiceNoteRecordedAt: connections.voiceNoteRecordedAt,
  followUpOn: connections.followUpOn,
  followUpDone: connections.followUpDone,
  createdAt: connections.createdAt,
  updatedAt: connections.updatedAt,
}

export function selectWithDetails(db: Database) {
  return db
    .select({
      ...connectionColumns,
      person: personColumns,
      event: eventSummaryColumns,
    })
    .from(connections)
    .innerJoin(people, eq(people.id, connections.personId))
    .leftJoin(events, eq(events.id, connections.eventId))
}

export type ConnectionWithDetails = Awaited<ReturnType<typeof selectWithDetails>>[number]

/** The author's connections, newest first, each with its person and event. */
export async function listConnections(
  db: Database,
  authorId: string,
): Promise<ConnectionWithDetails[]> {
  return selectWithDetails(db)
    .where(eq(connections.authorId, authorId))
    .orderBy(desc(connections.createdAt), desc(connections.id))
}

/**
 * A page of the author's connections, newest first, as listConnections orders them; only those
 * the filters let through, when given.
 */
export async function listConnectionsPage(
  db: Database,
  authorId: string,
  page: PageRequest,
  filters: ConnectionFilters = {},
): Promise<Page<ConnectionWithDetails>> {
  const pageIds = connectionPageIds(
    db,
    authorId,
    { limitAndOne: page.limit + 1, after: page.after },
    { ...filters, types: filters.type ? [filters.type] : undefined },
  )
  const rows = await db
    .select({
      ...connectionColumns,
      person: personColumns,
      event: eventSummaryColumns,
      pageKey: exactTimestamp(connections.createdAt),
    })
    .from(pageIds)
    .innerJoin(connections, eq(connections.id, pageIds.id))
    .innerJoin(people, eq(people.id, connections.personId))
    .leftJoin(events, eq(events.id, connections.eventId))
    .orderBy(...newestFirst)
  return pageOf(rows, page.limit)
}

/**
 * The ids of a page of the author's connections (and one more), read from the index in order:
 * joined first, Postgres would join all the author's rows to their people before picking a page.
 */
function connectionPageIds(
  db: Database,
  authorId: string | Placeholder,
  page: { limitAndOne: number | Placeholder; after: Parameters<typeof afterPosition>[3] },
  filters: FilterConditions,
) {
  return db
    .select({ id: connections.id })
    .from(connections)
    .where(
      and(
        eq(connections.authorId, authorId),
        filterConditions(filters),
        afterPosition('desc', connections.createdAt, connections.id, page.after),
      ),
    )
    .orderBy(...newestFirst)
    .limit(page.limitAndOne)
    .as('page_ids')
}

const newestFirst = [desc(connections.createdAt), desc(connections.id)]

/**
 * A connection as the JSON object Postgres writes: its columns, its person and its event (or null),
 * then any further fields (a search result's rank and highlights).
 */
export const connectionJson = (further: Parameters<typeof jsonObject>[0] = {}) =>
  jsonObject({
    ...connectionColumns,
    person: jsonObject(personColumns),
    event: jsonObjectOrNull(events.id, eventSummaryColumns),
    ...further,
  })

/** The fields of connectionJson's object, nested objects as their own fields. */
export const connectionShape = {
  ...connectionColumns,
  person: personColumns,
  event: eventSummaryColumns,
}

export const connectionDates = () => jsonDatePaths(connectionShape)

/**
 * What listConnections returns (only what the filters let through), as UTF-8 JSON text: what
 * JSON.stringify would make of it.
 */
export async function listConnectionsJson(
  db: Database,
  authorId: string,
  filters: ConnectionFilters = {},
): Promise<Uint8Array<ArrayBuffer>> {
  return selectJsonBytes(
    db,
    db
      .select({
        json: jsonArrayText(
          connectionJson(),
          sql`${connections.createdAt} desc, ${connections.id} desc`,
        ),
      })
      .from(connections)
      .innerJoin(people, eq(people.id, connections.personId))
      .leftJoin(events, eq(events.id, connections.eventId))
      .where(and(eq(connections.authorId, authorId), matchesFilters(filters))),
  )
}

type ConnectionPageValues = {
  authorId: string
  limit: number
  limitAndOne: number
  afterKey?: string
  afterId?: string
  eventId?: string
  types?: string[]
}

const connectionPageStatement =
  statementCache<(values: ConnectionPageValues) => Promise<JsonPage>>()

/**
 * What listConnectionsPage returns, its items as UTF-8 JSON text. Its statements are built once per
 * database and shape of request: building one took an eighth of the server's time for the request.
 */
export async function listConnectionsPageJson(
  db: Database,
  authorId: string,
  page: PageRequest,
  filters: ConnectionFilters = {},
): Promise<JsonPage> {
  const { limit, after } = page
  // One statement for each shape of request (a cursor or not, which filters), with placeholders for
  // the values: at most sixteen.
  const shape = [
    after ? 'after' : 'first',
    filters.eventId && 'event',
    filters.type && 'type',
    filters.needsFollowUp && 'follow_up',
  ]
    .filter(Boolean)
    .join('_')
  const name = `connections_page_json_${shape}`
  const statement = connectionPageStatement(db, name, () =>
    connectionPageJsonStatement(db, name, {
      after: after && { key: sql.placeholder('afterKey'), id: sql.placeholder('afterId') },
      filters: {
        eventId: filters.eventId ? sql.placeholder('eventId') : undefined,
        types: filters.type ? sql.placeholder('types') : undefined,
        needsFollowUp: filters.needsFollowUp,
      },
    }),
  )
  return statement({
    authorId,
    limit,
    limitAndOne: limit + 1,
    afterKey: after?.key,
    afterId: after?.id,
    eventId: filters.eventId,
    types: filters.type ? [filters.type] : undefined,
  })
}

function connectionPageJsonStatement(
  db: Database,
  name: string,
  shape: { after: Parameters<typeof afterPosition>[3]; filters: FilterConditions },
) {
  const pageIds = connectionPageIds(
    db,
    sql.placeholder('authorId'),
    { limitAndOne: sql.placeholder('limitAndOne'), after: shape.after },
    shape.filters,
  )
  const rows = db
    .select({
      row: connectionJson().as('row'),
      dates: connectionDates().as('dates'),
      position: jsonObject({ key: exactTimestamp(connections.createdAt), id: connections.id }).as(
        'position',
      ),
      n: sql<number>`row_number() over (order by ${connections.createdAt} desc, ${connections.id} desc)`.as(
        'n',
      ),
    })
    .from(pageIds)
    .innerJoin(connections, eq(connections.id, pageIds.id))
    .innerJoin(people, eq(people.id, connections.personId))
    .leftJoin(events, eq(events.id, connections.eventId))
    .as('page')
  return jsonPageStatement<ConnectionPageValues>(
    db,
    name,
    db.select(jsonPageFields(rows, sql.placeholder('limit'))).from(rows),
  )
}

/** One of the author's connections; undefined when it does not exist or belongs to someone else. */
export async function getConnection(
  db: Database,
  { id, authorId }: { id: string; authorId: string },
): Promise<ConnectionWithDetails | undefined> {
  const [row] = await selectWithDetails(db).where(
    and(eq(connections.id, id), eq(connections.authorId, authorId)),
  )
  return row
}

/** A connection named a person or an event that does not exist. */
export class MissingReferenceError extends Error {
  constructor(readonly missing: 'person' | 'event') {
    super(`No such ${missing}`)
    this.name = 'MissingReferenceError'
  }
}

// The foreign keys' names, as migrations 0001 and 0011 created them. The person's key pairs the
// author with the person, so another user's person is as missing as one that does not exist.
const missingByForeignKey: Record<string, MissingReferenceError['missing']> = {
  connections_author_person_fk: 'person',
  connections_event_id_events_id_fk: 'event',
}

/**
 * Runs a write and turns a broken person or event foreign key into MissingReferenceError: the
 * foreign keys check both within the write, so it costs no statements of its own to look them up.
 */
async function withReferenceCheck<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    const missing = missingByForeignKey[brokenForeignKey(error) ?? '']
    throw missing ? new MissingReferenceError(missing) : error
  }
}

/**
 * Adds a connection. With an idempotency key, a repeat of the same creation (a retry after a lost
 * answer, even one racing the first) adds nothing and answers the connection the first one made.
 * Throws MissingReferenceError for a person or event that does not exist.
 */
export async function createConnection(
  db: Database,
  values: ConnectionContent & { personId: string; authorId: string; idempotencyKey?: string },
): Promise<ConnectionWithDetails> {
  const [created] = await withReferenceCheck(() =>
    db.insert(connections).values(values).onConflictDoNothing().returning({ id: connections.id }),
  )
  const id = created?.id ?? (await findConnectionIdByIdempotencyKey(db, values))
  if (!id) throw new Error('Insert returned no row')
  if (values.voiceNoteUrl && !values.voiceNoteTranscription) await copyFinishedTranscript(db, id)
  const connection = await getConnection(db, { id, authorId: values.authorId })
  if (!connection) throw new Error('The new connection could not be read back')
  return connection
}

/**
 * Records a new person of the author's (the author's existing person under the same email, if any,
 * as createPerson does) and a connection with them, in one transaction: when the connection is
 * refused, no person is left behind. The idempotency key serves both, so a repeat answers the
 * first connection and adds nothing.
 */
export async function createConnectionWithPerson(
  db: Database,
  {
    person,
    ...values
  }: ConnectionContent & {
    person: Omit<NewPerson, 'ownerId' | 'idempotencyKey'>
    authorId: string
    idempotencyKey?: string
  },
): Promise<ConnectionWithDetails> {
  return db.transaction(async (tx) => {
    const { id: personId } = await createPerson(tx, {
      ...person,
      ownerId: values.authorId,
      idempotencyKey: values.idempotencyKey,
    })
    return createConnection(tx, { ...values, personId })
  })
}

async function findConnectionIdByIdempotencyKey(
  db: Database,
  { authorId, idempotencyKey }: { authorId: string; idempotencyKey?: string },
): Promise<string | undefined> {
  if (!idempotencyKey) return undefined
  const [row] = await db
    .select({ id: connections.id })
    .from(connections)
    .where(and(eq(connections.authorId, authorId), eq(connections.idempotencyKey, idempotencyKey)))
  return row?.id
}

/**
 * Updates one of the author's connections and the contact details of its person (the author's own),
 * together.
 * Returns the connection as it was before and after, or undefined when it is not the author's.
 * Throws UniqueViolationError when the new email belongs to another of the author's people, and
 * MissingReferenceError for a new event that does not exist; either way nothing is changed.
 */
export async function updateConnection(
  db: Database,
  {
    id,
    authorId,
    content,
    person,
  }: {
    id: string
    authorId: string
    content: Partial<ConnectionContent>
    person: PersonContactChanges
  },
): Promise<{ before: ConnectionRow; after: ConnectionWithDetails } | undefined> {
  const updated = await withUniqueCheck(() =>
    withReferenceCheck(() =>
      db.transaction(async (tx) => {
        const ownConnection = and(eq(connections.id, id), eq(connections.authorId, authorId))
        const email = person.email ? normalizeEmail(person.email) : null
        const contact = {
          ...person,
          ...(person.email !== undefined && { email, hasUserProfile: isRegisteredEmail(email) }),
        }
        // The person first: a change to their words updates their connections (migration 0028),
        // and taking the two locks in the other order could deadlock with a concurrent change.
        if (Object.keys(contact).length > 0) {
          const ofConnection = tx
            .select({ personId: connections.personId })
            .from(connections)
            .where(ownConnection)
          await tx
            .update(people)
            .set(contact)
            .where(and(inArray(people.id, ofConnection), eq(people.ownerId, authorId)))
        }
        const [before] = await tx
          .select(connectionColumns)
          .from(connections)
          .where(ownConnection)
          .for('update')
        if (!before) return undefined
        if (Object.keys(content).length > 0) {
          await tx.update(connections).set(content).where(eq(connections.id, id))
        }
        return before
      }),
    ),
  )
  if (!updated) return undefined
  if (content.voiceNoteUrl && !content.voiceNoteTranscription) await copyFinishedTranscript(db, id)
  const after = await getConnection(db, { id, authorId })
  if (!after) return undefined
  return { before: updated, after }
}

/** Deletes one of the author's connections and returns it (its files are then released). */
export async function deleteConnection(
  db: Database,
  { id, authorId }: { id: string; authorId: string },
): Promise<ConnectionRow | undefined> {
  const [deleted] = await db
    .delete(connections)
    .where(and(eq(connections.id, id), eq(connections.authorId, authorId)))
    .returning(connectionColumns)
  return deleted
}

/**
 * Saves the transcript of a connection's voice note, unless the connection has a transcript by now
 * (typed by its author meanwhile) or a different voice note. Answers whether it was saved.
 */
export async function saveVoiceNoteTranscription(
  db: Database,
  params: { id: string; authorId: string; voiceNoteUrl: string; transcription: string },
): Promise<boolean> {
  const saved = await db
    .update(connections)
    .set({ voiceNoteTranscription: params.transcription })
    .where(
      and(
        eq(connections.id, params.id),
        eq(connections.authorId, params.authorId),
        eq(connections.voiceNoteUrl, params.voiceNoteUrl),
        isNull(connections.voiceNoteTranscription),
      ),
    )
    .returning({ id: connections.id })
  return saved.length > 0
}
