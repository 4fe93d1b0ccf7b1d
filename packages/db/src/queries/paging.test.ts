import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from '../client.ts'
import { connections, users } from '../schema/index.ts'
import { createTestDb, createTestUser, emptyConnectionContent } from '../testing.ts'
import { listUsers, listUsersPage } from './admin-users.ts'
import { searchConnectionsPage, type SearchPosition } from './connection-search.ts'
import {
  createConnection,
  listConnections,
  listConnectionsPage,
  listConnectionsPageJson,
} from './connections.ts'
import {
  createEvent,
  joinEvent,
  listEventsForUser,
  listEventsForUserPage,
  listEventsForUserPageJson,
  listJoinedEvents,
  listJoinedEventsPage,
} from './events.ts'
import { exportTables } from './exports.ts'
import { everyPage, type Page, type PagePosition } from './paging.ts'
import { createPerson } from './people.ts'

let handle: DbHandle
beforeAll(async () => {
  handle = await createTestDb()
})
afterAll(() => handle.close())

const asSent = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown

/** Every item, page by page, following each page's `next`. */
async function allPages<T, P>(read: (after?: P) => Promise<Page<T, P>>) {
  const pages: T[][] = []
  let after: P | undefined
  do {
    const page = await read(after)
    pages.push(page.items)
    after = page.next ?? undefined
  } while (after)
  return pages
}

async function addConnections(authorId: string, count: number, firstName = 'Person') {
  for (let i = 0; i < count; i++) {
    const person = await createPerson(handle.db, {
      firstName,
      lastName: String(i),
      ownerId: authorId,
    })
    await createConnection(handle.db, { ...emptyConnectionContent, personId: person.id, authorId })
  }
}

describe('keyset pages', () => {
  it('page through the connections in the whole list order, rows of one instant included', async () => {
    const user = await createTestUser(handle.db)
    await addConnections(user.id, 7)
    // Three made at one instant, and two within one millisecond of each other.
    const rows = await listConnections(handle.db, user.id)
    const at = (text: string, index: number) =>
      handle.db
        .update(connections)
        .set({ createdAt: sql`${text}::timestamptz` })
        .where(eq(connections.id, rows[index]?.id ?? ''))
    for (const index of [0, 1, 2]) await at('2026-01-01T10:00:00.000Z', index)
    await at('2026-01-01T09:00:00.000100Z', 3)
    await at('2026-01-01T09:00:00.000900Z', 4)

    const pages = await allPages((after?: PagePosition) =>
      listConnectionsPage(handle.db, user.id, { limit: 2, after }),
    )
    expect(pages.map((page) => page.length)).toEqual([2, 2, 2, 1])
    expect(pages.flat()).toEqual(await listConnections(handle.db, user.id))
  })

  it('answer the same page as JSON text as the objects are sent', async () => {
    const user = await createTestUser(handle.db)
    await addConnections(user.id, 3)
    const objects = await listConnectionsPage(handle.db, user.id, { limit: 2 })
    const text = await listConnectionsPageJson(handle.db, user.id, { limit: 2 })
    expect(JSON.parse(new TextDecoder().decode(text.json))).toEqual(asSent(objects.items))
    expect(text.next).toEqual(objects.next)
    const last = await listConnectionsPageJson(handle.db, user.id, {
      limit: 2,
      after: objects.next ?? undefined,
    })
    expect(JSON.parse(new TextDecoder().decode(last.json))).toHaveLength(1)
    expect(last.next).toBeNull()
  })

  it("show a user none of another user's connections, whatever position they start after", async () => {
    const owner = await createTestUser(handle.db)
    const stranger = await createTestUser(handle.db)
    await addConnections(owner.id, 3)
    const ownersPage = await listConnectionsPage(handle.db, owner.id, { limit: 1 })
    const strangersPage = await listConnectionsPage(handle.db, stranger.id, {
      limit: 30,
      after: ownersPage.next ?? undefined,
    })
    expect(strangersPage).toEqual({ items: [], next: null })
  })

  it('page through events, the joined ones and the users in their whole lists order', async () => {
    const user = await createTestUser(handle.db)
    const start = new Date('2031-02-03T04:05:06.000Z')
    for (let i = 0; i < 5; i++) {
      const event = await createEvent(handle.db, {
        title: `Same start ${i}`,
        description: null,
        startDateTime: start,
        endDateTime: null,
        location: null,
        logoUrl: null,
        createdBy: user.id,
      })
      await joinEvent(handle.db, { eventId: event.id, userId: user.id })
    }
    const events = await allPages((after?: PagePosition) =>
      listEventsForUserPage(handle.db, user.id, { limit: 3, after }),
    )
    expect(events.flat()).toEqual(await listEventsForUser(handle.db, user.id))
    const eventsJson = await listEventsForUserPageJson(handle.db, user.id, { limit: 3 })
    expect(JSON.parse(new TextDecoder().decode(eventsJson.json))).toEqual(asSent(events[0]))

    const joined = await allPages((after?: PagePosition) =>
      listJoinedEventsPage(handle.db, user.id, { limit: 2, after }),
    )
    expect(joined.map((page) => page.length)).toEqual([2, 2, 1])
    expect(joined.flat()).toEqual(await listJoinedEvents(handle.db, user.id))

    await handle.db.update(users).set({ createdAt: start })
    const everyone = await allPages((after?: PagePosition) =>
      listUsersPage(handle.db, { limit: 2, after }),
    )
    expect(everyone.flat()).toEqual(await listUsers(handle.db))
  })

  it('read every table an admin exports a few rows at a time, rows of one instant included', async () => {
    const user = await createTestUser(handle.db)
    await addConnections(user.id, 5)
    await handle.db.update(connections).set({ createdAt: new Date('2031-02-03T04:05:06.000Z') })
    for (const table of Object.values(exportTables)) {
      const whole = await table.page(handle.db, { limit: 10_000 })
      const reads: Record<string, unknown>[][] = []
      for await (const rows of everyPage((page) => table.page(handle.db, page), 2)) {
        reads.push(rows)
      }
      expect(reads.flat()).toEqual(whole.items)
      expect(Object.keys(whole.items[0] ?? {})).toEqual(whole.items.length > 0 ? table.columns : [])
    }
    const connectionReads = []
    for await (const rows of everyPage(
      (page) => exportTables.connections.page(handle.db, page),
      2,
    )) {
      connectionReads.push(rows.length)
    }
    expect(connectionReads.length).toBeGreaterThanOrEqual(3)
  })

  it('page through search results of equal rank in rank order', async () => {
    const user = await createTestUser(handle.db)
    await addConnections(user.id, 5, 'Quentin')
    const search = { authorId: user.id, query: 'quentin' }
    const whole = await searchConnectionsPage(handle.db, { ...search, limit: 50 })
    const pages = await allPages((after?: SearchPosition) =>
      searchConnectionsPage(handle.db, { ...search, limit: 2, after }),
    )
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1])
    expect(pages.flat()).toEqual(whole.items)
  })
})
