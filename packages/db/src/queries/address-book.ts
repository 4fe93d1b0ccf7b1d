import { and, asc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm'
import type { Database } from '../client.ts'
import { addressBookChanges, connections, events, people } from '../schema/index.ts'
import { personColumns, type PublicPerson } from './people.ts'

/** Where and when the owner met the person: what a contact app shows beside the card. */
export type AddressCardMeeting = { eventTitle: string | null; metAt: string; types: string[] }

export type AddressCardRow = PublicPerson & { meetings: AddressCardMeeting[] }

/** One owner's people as address-book cards, each with its meetings; ordered by id. */
export function listAddressCards(
  db: Database,
  params: { ownerId: string; ids?: readonly string[] },
): Promise<AddressCardRow[]> {
  const conditions: SQL[] = [eq(people.ownerId, params.ownerId)]
  if (params.ids) conditions.push(inArray(people.id, [...params.ids]))
  return db
    .select({
      ...personColumns,
      meetings: sql<AddressCardMeeting[]>`coalesce(json_agg(json_build_object(
          'eventTitle', ${events.title},
          'metAt', ${connections.createdAt},
          'types', ${connections.connectionTypes}
        ) order by ${connections.createdAt}) filter (where ${connections.id} is not null), '[]'::json)`,
    })
    .from(people)
    .leftJoin(
      connections,
      and(eq(connections.personId, people.id), eq(connections.authorId, people.ownerId)),
    )
    .leftJoin(events, eq(events.id, connections.eventId))
    .where(and(...conditions))
    .groupBy(people.id)
    .orderBy(asc(people.id))
}

/**
 * The oldest transaction still running, as a sync token's base: a change made at or after it may
 * not have been seen yet by whoever reads now; everything before it has.
 */
export async function currentChangeHorizon(db: Database): Promise<string> {
  const [row] = await db
    .select({ xmin: sql<string>`pg_snapshot_xmin(pg_current_snapshot())::text` })
    .from(sql`(select 1) as one`)
  if (!row) throw new Error('The snapshot query returned no row')
  return row.xmin
}

/** Whether a string is a change horizon as currentChangeHorizon gives it. */
export const isChangeHorizon = (value: string) => /^\d{1,20}$/.test(value)

/**
 * The ids of the owner's cards after `afterId`, in id order, at most `limit`: every card when
 * `since` is null, otherwise those changed (or deleted) at or after that horizon.
 */
export async function listAddressCardIds(
  db: Database,
  params: { ownerId: string; since: string | null; afterId: string | null; limit: number },
): Promise<string[]> {
  const after = params.afterId ?? '00000000-0000-0000-0000-000000000000'
  if (params.since === null) {
    const rows = await db
      .select({ id: people.id })
      .from(people)
      .where(and(eq(people.ownerId, params.ownerId), gt(people.id, after)))
      .orderBy(asc(people.id))
      .limit(params.limit)
    return rows.map((row) => row.id)
  }
  const rows = await db
    .selectDistinct({ id: addressBookChanges.personId })
    .from(addressBookChanges)
    .where(
      and(
        eq(addressBookChanges.ownerId, params.ownerId),
        sql`${addressBookChanges.changedIn} >= ${params.since}::xid8`,
        gt(addressBookChanges.personId, after),
      ),
    )
    .orderBy(asc(addressBookChanges.personId))
    .limit(params.limit)
  return rows.map((row) => row.id)
}
