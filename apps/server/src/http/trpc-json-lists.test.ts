import type { Context as ApiContext } from '@fiveconnect/api'
import {
  connections,
  createConnection,
  createEvent,
  createPerson,
  joinEvent,
  type DbHandle,
  type PublicUser,
} from '@fiveconnect/db'
import { createTestDb, createTestUser, emptyConnectionContent } from '@fiveconnect/db/testing'
import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import superjson from 'superjson'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, registerUser, type TestApp } from '../test/test-app.ts'
import type { AppEnv } from './app-env.ts'
import { trpcJsonLists } from './trpc-json-lists.ts'

type Sent = Parameters<typeof superjson.deserialize>[0]

/** A batched GET as the client's batch link sends it: paths joined by commas, inputs by place. */
function batchPath(paths: string[], inputs: unknown[]): string {
  const input = Object.fromEntries(
    inputs.map((value, index) => [index, superjson.serialize(value)]),
  )
  return `/api/trpc/${paths.join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`
}

const firstPage = { limit: 2, direction: 'forward' }

const LONG_NOTES = [
  'Long talk at the fintech night about payments in Zürich, card schemes and what the regulator',
  'wants next year; she runs the partnerships team, knows everyone at the fintech meetups, and',
  'asked for an intro to our payments lead, which I promised for next week.',
].join(' ')

async function seed(db: DbHandle['db'], authorId: string) {
  const event = await createEvent(db, {
    title: 'Fintech Night',
    description: null,
    startDateTime: new Date('2026-03-01T18:30:00.123Z'),
    endDateTime: new Date('2026-03-01T22:00:00.000Z'),
    location: null,
    logoUrl: null,
    createdBy: authorId,
  })
  await joinEvent(db, { eventId: event.id, userId: authorId })
  for (const [index, eventId] of [event.id, null, event.id].entries()) {
    const person = await createPerson(db, {
      firstName: 'Zoë',
      lastName: `Person ${index}`,
      ownerId: authorId,
    })
    const connection = await createConnection(db, {
      ...emptyConnectionContent,
      personId: person.id,
      authorId,
      eventId,
      voiceNoteRecordedAt: index === 0 ? new Date('2026-03-01T19:00:00.000Z') : null,
      // Memory search's highlights: a short text whole, a long one as excerpts, JSON's escapes.
      notes: index === 1 ? LONG_NOTES : 'Said "call me\\back"\tabout\npayments at the fintech bar',
      // Due on Home whatever today is.
      followUpOn: index === 2 ? '2026-03-05' : null,
    })
    // Home's 'Shared with you': the person sent their details back through the share page.
    if (index === 0) {
      await db
        .update(connections)
        .set({ sharedAt: new Date() })
        .where(eq(connections.id, connection.id))
    }
  }
}

describe('tRPC lists answered from the JSON Postgres built', () => {
  let t: TestApp
  let cookie: string
  beforeAll(async () => {
    t = await createTestApp()
    const user = await registerUser(t)
    cookie = user.cookie
    await seed(t.db, user.id)
  })
  afterAll(() => t.close())

  /** The batch's answers as the client reads them. */
  async function batch(paths: string[], inputs: unknown[]) {
    const response = await t.request(batchPath(paths, inputs), { cookie })
    const answers = (await response.json()) as { result: { data: Sent } }[]
    return answers.map((answer) => superjson.deserialize(answer.result.data))
  }

  it.each([
    ['connections.list', {}],
    ['events.list', {}],
    // Matches every name, the event of two and the notes of all, with excerpts of the long ones.
    ['connections.search', { q: 'person fintech payments' }],
  ])(
    '%s: page after page, exactly what the procedure answers, dates as Dates',
    async (path, query) => {
      let input: object = { ...firstPage, ...query }
      for (let page = 0; page < 2; page++) {
        const [fromJson] = await batch([path], [input])
        // With another procedure in the batch, tRPC calls the list's procedure itself.
        const [fromProcedure] = await batch([path, 'auth.me'], [input, undefined])
        expect(fromJson).toEqual(fromProcedure)
        const { items, nextCursor } = fromJson as { items: object[]; nextCursor: string | null }
        expect(items.length).toBeGreaterThan(0)
        expect((items[0] as { createdAt: unknown }).createdAt).toBeInstanceOf(Date)
        if (!nextCursor) break
        input = { ...firstPage, ...query, cursor: nextCursor }
      }
    },
  )

  it.each(['zoë', 'person 2', 'zo', 'nobody by that name'])(
    'people.search for %j: exactly what the procedure answers',
    async (q) => {
      const [fromJson] = await batch(['people.search'], [{ q }])
      const [fromProcedure] = await batch(['people.search', 'auth.me'], [{ q }, undefined])
      expect(fromJson).toEqual(fromProcedure)
    },
  )

  it('home.summary: exactly what the procedure answers, dates as Dates', async () => {
    const input = { today: new Date().toISOString().slice(0, 10) }
    const [fromJson] = await batch(['home.summary'], [input])
    const [fromProcedure] = await batch(['home.summary', 'auth.me'], [input, undefined])
    expect(fromJson).toEqual(fromProcedure)
    type Summary = {
      recentConnections: { createdAt: unknown; event: { startDateTime: unknown } | null }[]
      followUpsDue: unknown[]
      sharedWithYou: { voiceNoteRecordedAt: unknown }[]
    }
    const { recentConnections, followUpsDue, sharedWithYou } = fromJson as Summary
    expect(recentConnections).toHaveLength(3)
    expect(recentConnections[0]?.createdAt).toBeInstanceOf(Date)
    expect(recentConnections.find(({ event }) => event)?.event?.startDateTime).toBeInstanceOf(Date)
    expect(followUpsDue).toHaveLength(1)
    expect(sharedWithYou).toHaveLength(1)
    expect(sharedWithYou[0]?.voiceNoteRecordedAt).toBeInstanceOf(Date)
  })

  it('people.search: the people whose name starts with the text, the closest first', async () => {
    const [found] = await batch(['people.search'], [{ q: 'zoë person' }])
    expect((found as { lastName: string }[]).map(({ lastName }) => lastName)).toEqual([
      'Person 0',
      'Person 1',
      'Person 2',
    ])
  })

  it('connections.search: the matched words of each field as runs, long texts as excerpts', async () => {
    const [page] = await batch(['connections.search'], [{ ...firstPage, q: 'payments' }])
    type Run = { text: string; isMatch: boolean }
    const { items } = page as { items: { highlights: Record<string, Run[]> }[] }
    expect(items.map(({ highlights }) => Object.keys(highlights))).toEqual([['notes'], ['notes']])
    const runs = items.flatMap(({ highlights }) => highlights.notes ?? [])
    expect(runs).toContainEqual({ text: 'payments', isMatch: true })
    expect(runs).toContainEqual({ text: 'Said "call me\\back"\tabout\n', isMatch: false })
    expect(runs.some(({ text }) => text.startsWith('… '))).toBe(true)
  })

  it('answers two lists in one batch, in order', async () => {
    const [connections, events] = await batch(
      ['connections.list', 'events.list'],
      [firstPage, firstPage],
    )
    const [own] = await batch(['connections.list', 'auth.me'], [firstPage, undefined])
    const [all] = await batch(['events.list', 'auth.me'], [firstPage, undefined])
    expect([connections, events]).toEqual([own, all])
  })

  it("refuses a bad input with tRPC's own 400", async () => {
    const response = await t.request(batchPath(['connections.list'], [{ limit: 0 }]), { cookie })
    expect(response.status).toBe(400)
    const [answer] = (await response.json()) as { error: Sent }[]
    expect(superjson.deserialize(answer?.error ?? { json: null })).toMatchObject({
      data: { code: 'BAD_REQUEST' },
    })
  })

  it("refuses a caller without a session with tRPC's own 401", async () => {
    const response = await t.request(batchPath(['connections.list'], [firstPage]))
    expect(response.status).toBe(401)
  })
})

describe('which batches the lists answer themselves', () => {
  let handle: DbHandle
  let user: PublicUser
  beforeAll(async () => {
    handle = await createTestDb()
    user = await createTestUser(handle.db)
    await seed(handle.db, user.id)
  })
  afterAll(() => handle.close())

  /** The middleware before a stand-in for tRPC, which answers 418. */
  function app(signedIn: PublicUser | null) {
    const hono = new Hono<AppEnv>()
    hono.use(async (c, next) => {
      c.set('api', { db: handle.db, user: signedIn } as ApiContext)
      await next()
    })
    hono.get('/api/trpc/:path', trpcJsonLists({ checkOutputs: true }))
    hono.get('/api/trpc/:path', (c) => c.text('tRPC', 418))
    return hono
  }
  const status = async (paths: string[], inputs: unknown[], signedIn: PublicUser | null = user) =>
    (await app(signedIn).request(batchPath(paths, inputs))).status

  it('answers a batch of lists only, signed in, with good inputs', async () => {
    expect(await status(['connections.list'], [firstPage])).toBe(200)
    expect(await status(['connections.list', 'events.list'], [firstPage, undefined])).toBe(200)
    expect(await status(['people.search'], [{ q: 'zoë' }])).toBe(200)
  })

  it('leaves everything else to tRPC', async () => {
    expect(await status(['connections.list', 'auth.me'], [firstPage, undefined])).toBe(418)
    expect(await status(['people.listDuplicates'], [{ firstName: 'Zoë' }])).toBe(418)
    expect(await status(['connections.list'], [{ limit: 1000 }])).toBe(418)
    expect(await status(['connections.list'], [firstPage], null)).toBe(418)
    const unbatched = await app(user).request('/api/trpc/connections.list')
    expect(unbatched.status).toBe(418)
  })
})
