import { count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from '../client.ts'
import { connections, people } from '../schema/index.ts'
import { createTestDb } from '../testing.ts'
import { deleteUserAccount } from './account.ts'
import { getAdminStats } from './stats.ts'
import { createUser } from './users.ts'

let handle: DbHandle
beforeAll(async () => {
  handle = await createTestDb()
})
afterAll(() => handle.close())

const NOW = new Date('2026-11-15T12:00:00Z')

/** The dashboard's connection figures counted the slow way, straight from the rows. */
async function countedFromRows() {
  const { db } = handle
  const [totals] = await db
    .select({
      total: count(),
      thisMonth: sql<number>`count(*) filter (where ${connections.createdAt} >= date_trunc('month', ${NOW.toISOString()}::timestamptz))::int`,
    })
    .from(connections)
  const types = await db
    .select({ type: sql<string>`type`, value: sql<number>`count(*)::int` })
    .from(sql`${connections}, unnest(${connections.connectionTypes}) as type`)
    .groupBy(sql`type`)
  return {
    totalConnections: totals?.total ?? 0,
    connectionsThisMonth: totals?.thisMonth ?? 0,
    connectionTypes: Object.fromEntries(types.map((row) => [row.type, row.value])),
  }
}

async function expectStatsToMatchRows() {
  const { totalConnections, connectionsThisMonth, connectionTypes } = await getAdminStats(
    handle.db,
    NOW,
  )
  expect({ totalConnections, connectionsThisMonth, connectionTypes }).toEqual(
    await countedFromRows(),
  )
}

describe('admin stats', () => {
  it('stay exact through inserts, type changes, deletes and a deleted account', async () => {
    const { db } = handle
    const author = await createUser(db, {
      email: 'tally@example.com',
      passwordHash: 'hash',
      firstName: 'Tally',
      lastName: 'Author',
    })
    const [person] = await db
      .insert(people)
      .values({ firstName: 'Met', lastName: 'Person', ownerId: author.id })
      .returning()
    if (!person) throw new Error('seed failed')
    const base = { authorId: author.id, personId: person.id }

    const inserted = await db
      .insert(connections)
      .values([
        { ...base, connectionTypes: ['SA', 'JV'], createdAt: new Date('2026-11-02T09:00:00Z') },
        { ...base, connectionTypes: ['SA'], createdAt: new Date('2026-10-30T09:00:00Z') },
        { ...base, connectionTypes: [], createdAt: new Date('2026-11-10T09:00:00Z') },
      ])
      .returning({ id: connections.id })
    await expectStatsToMatchRows()
    expect((await getAdminStats(db, NOW)).connectionTypes).toEqual({ SA: 2, JV: 1 })

    await db
      .update(connections)
      .set({ connectionTypes: ['RF', 'MA'] })
      .where(eq(connections.id, inserted[0]?.id ?? ''))
    await db
      .update(connections)
      .set({ notes: 'only notes' })
      .where(eq(connections.authorId, author.id))
    await expectStatsToMatchRows()

    await db.delete(connections).where(eq(connections.id, inserted[1]?.id ?? ''))
    await expectStatsToMatchRows()

    await deleteUserAccount(db, author.id)
    await expectStatsToMatchRows()
    expect((await getAdminStats(db, NOW)).totalConnections).toBe(0)
  })

  it('stay exact when many people save connections at the same moment', async () => {
    const { db } = handle
    const author = await createUser(db, {
      email: 'busy@example.com',
      passwordHash: 'hash',
      firstName: 'Busy',
      lastName: 'Author',
    })
    const [person] = await db
      .insert(people)
      .values({ firstName: 'Crowd', lastName: 'Person', ownerId: author.id })
      .returning()
    if (!person) throw new Error('seed failed')
    const types = [['SA', 'JV'], ['JV', 'SA'], ['IC'], ['RF', 'MA', 'SA']]
    await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        db.insert(connections).values({
          authorId: author.id,
          personId: person.id,
          connectionTypes: types[index % types.length],
        }),
      ),
    )
    await expectStatsToMatchRows()
  })
})
