import { and, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm'
import type { Database } from '../client.ts'
import {
  connections,
  events,
  people,
  storedObjects,
  users,
  type StoredObject,
  type StoredObjectKind,
} from '../schema/index.ts'

export type ConfirmedObjectKind = Exclude<StoredObjectKind, 'upload'>

/** Reserves an id for an upload the owner is about to make through a signed URL. */
export async function createPendingUpload(
  db: Database,
  params: { ownerId: string },
): Promise<{ id: string }> {
  const [row] = await db
    .insert(storedObjects)
    .values({ ownerId: params.ownerId, kind: 'upload' })
    .returning({ id: storedObjects.id })
  if (!row) throw new Error('Insert returned no row')
  return row
}

export async function findStoredObject(
  db: Database,
  id: string,
): Promise<StoredObject | undefined> {
  const [row] = await db.select().from(storedObjects).where(eq(storedObjects.id, id))
  return row
}

/** Turns the owner's pending upload into a confirmed object; undefined if there is no such upload. */
export async function confirmPendingUpload(
  db: Database,
  params: {
    id: string
    ownerId: string
    kind: ConfirmedObjectKind
    contentType: string
    size: number
  },
): Promise<StoredObject | undefined> {
  const [row] = await db
    .update(storedObjects)
    .set({
      kind: params.kind,
      contentType: params.contentType,
      size: params.size,
      storedAt: sql`now()`,
    })
    .where(
      and(
        eq(storedObjects.id, params.id),
        eq(storedObjects.ownerId, params.ownerId),
        eq(storedObjects.kind, 'upload'),
      ),
    )
    .returning()
  return row
}

/** Records an object the server stored itself (a voice note). */
export async function createStoredObject(
  db: Database,
  params: { ownerId: string; kind: ConfirmedObjectKind; contentType: string; size: number },
): Promise<StoredObject> {
  const [row] = await db
    .insert(storedObjects)
    .values({ ...params, storedAt: sql`now()` })
    .returning()
  if (!row) throw new Error('Insert returned no row')
  return row
}

/** The ids among `ids` that are confirmed objects of this owner. */
export async function findOwnedObjectIds(
  db: Database,
  params: { ownerId: string; ids: string[] },
): Promise<string[]> {
  if (params.ids.length === 0) return []
  const rows = await db
    .select({ id: storedObjects.id })
    .from(storedObjects)
    .where(
      and(
        inArray(storedObjects.id, params.ids),
        eq(storedObjects.ownerId, params.ownerId),
        ne(storedObjects.kind, 'upload'),
      ),
    )
  return rows.map((row) => row.id)
}

export async function deleteStoredObject(db: Database, id: string): Promise<void> {
  await db.delete(storedObjects).where(eq(storedObjects.id, id))
}

// Every column that may hold a stored object's URL, as text: what keeps an object alive.
const references = () => [
  {
    table: connections,
    urls: sql`coalesce(${connections.voiceNoteUrl}, '') || ' ' || array_to_string(${connections.photos}, ' ')`,
  },
  { table: users, urls: sql`${users.profileImageUrl}` },
  { table: people, urls: sql`${people.profileImageUrl}` },
  { table: events, urls: sql`${events.logoUrl}` },
]

/**
 * Of the given objects, those the owner holds (or whose owner's account is gone) that nothing points to any more: no connection's
 * photos or voice note, no user's or person's profile image, no event's logo. Matching on the id
 * accepts every URL form a client may have saved (/objects/{id}, /api/voice-notes/{id}, absolute).
 */
export async function findUnreferencedObjects(
  db: Database,
  params: { ownerId: string; ids: string[] },
): Promise<StoredObject[]> {
  if (params.ids.length === 0) return []
  const pattern = sql`'%' || ${storedObjects.id}::text || '%'`
  return db
    .select()
    .from(storedObjects)
    .where(
      and(
        inArray(storedObjects.id, params.ids),
        or(eq(storedObjects.ownerId, params.ownerId), isNull(storedObjects.ownerId)),
        ...references().map(
          ({ table, urls }) =>
            sql`not exists (select 1 from ${table} where ${urls} like ${pattern})`,
        ),
      ),
    )
}

const OBJECT_ID_PATTERN = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'

/**
 * Deletes, at most `limit` at a time, the objects nothing has used since `before`: uploads granted
 * then and never confirmed, and objects confirmed then that nothing references. Returns what it
 * deleted, for removing the bytes from storage. Every referenced id is read once (one pass over
 * each referencing table), not looked up per object.
 */
export async function deleteAbandonedObjects(
  db: Database,
  params: { before: Date; limit: number },
): Promise<Pick<StoredObject, 'id' | 'kind'>[]> {
  const referencedIds = sql.join(
    references().map(
      ({ table, urls }) =>
        sql`select (regexp_matches(${urls}, ${OBJECT_ID_PATTERN}, 'g'))[1]::uuid as id from ${table}`,
    ),
    sql` union `,
  )
  const abandoned = db
    .select({ id: storedObjects.id })
    .from(storedObjects)
    .where(
      and(
        or(
          lt(storedObjects.storedAt, params.before),
          and(isNull(storedObjects.storedAt), lt(storedObjects.createdAt, params.before)),
        ),
        sql`${storedObjects.id} not in (select id from (${referencedIds}) as referenced where id is not null)`,
      ),
    )
    .limit(params.limit)
  return db
    .delete(storedObjects)
    .where(inArray(storedObjects.id, abandoned))
    .returning({ id: storedObjects.id, kind: storedObjects.kind })
}

/** How many objects the owner added since `since`, and their bytes (a pending upload as `pendingBytes`). */
export async function countObjectsAddedSince(
  db: Database,
  params: { ownerId: string; since: Date; pendingBytes: number },
): Promise<{ files: number; bytes: number; oldestAt: Date | null }> {
  const [row] = await db
    .select({
      files: sql<number>`count(*)::int`,
      bytes: sql<number>`coalesce(sum(coalesce(${storedObjects.size}, ${params.pendingBytes})), 0)::float8`,
      oldestAt: sql<Date | null>`min(${storedObjects.createdAt})`.mapWith(storedObjects.createdAt),
    })
    .from(storedObjects)
    .where(
      and(eq(storedObjects.ownerId, params.ownerId), gt(storedObjects.createdAt, params.since)),
    )
  return { files: row?.files ?? 0, bytes: Number(row?.bytes ?? 0), oldestAt: row?.oldestAt ?? null }
}
