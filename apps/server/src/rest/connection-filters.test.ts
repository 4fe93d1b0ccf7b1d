import { connections } from '@fiveconnect/db'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { allPages, allTrpcPages } from '../test/pages.ts'
import { createTestApp, json, registerUser, signInAdmin, type TestApp } from '../test/test-app.ts'

// The connections list's filters (docs/api-details.md, Connection filters): applied by the server
// before it pages, so every page holds only matches and the last match is reached page by page.

type Item = {
  id: string
  eventId: string | null
  connectionTypes: string[]
  followUpOn: string | null
  person: { lastName: string }
}
type User = Awaited<ReturnType<typeof registerUser>>

let t: TestApp
let owner: User
let stranger: User
let fest: string
let summit: string
let ownersList: Item[]
let strangersList: Item[]

async function addConnections(user: User, count: number, eventOf: (i: number) => string) {
  for (let i = 0; i < count; i++) {
    const person = await json<{ id: string }>(
      await t.request('/api/people', {
        body: { firstName: 'Filtered', lastName: `Person ${i}` },
        cookie: user.cookie,
      }),
    )
    await t.request('/api/connections', {
      body: {
        personId: person.id,
        eventId: eventOf(i),
        connectionTypes: i % 3 === 0 ? ['JV', 'SA'] : ['SA'],
        followUpOn: i % 4 === 1 ? '2030-01-01' : null,
      },
      cookie: user.cookie,
    })
  }
  // All at one instant: only the id keeps their order, page after page.
  await t.db
    .update(connections)
    .set({ createdAt: new Date('2026-04-01T12:00:00.000Z') })
    .where(eq(connections.authorId, user.id))
  return json<Item[]>(await t.request('/api/connections', { cookie: user.cookie }))
}

beforeAll(async () => {
  t = await createTestApp()
  const admin = await signInAdmin(t)
  const eventIds: string[] = []
  for (const title of ['Filter Fest', 'Filter Summit']) {
    const event = await json<{ id: string }>(
      await t.request('/api/events', {
        body: { title, startDateTime: '2031-01-01T10:00:00.000Z' },
        cookie: admin.cookie,
      }),
    )
    eventIds.push(event.id)
  }
  ;[fest = '', summit = ''] = eventIds
  owner = await registerUser(t)
  stranger = await registerUser(t)
  ownersList = await addConnections(owner, 9, (i) => (i % 2 === 0 ? fest : summit))
  strangersList = await addConnections(stranger, 3, () => fest)
})
afterAll(() => t.close())

const get = (path: string, cookie = owner.cookie) => t.request(path, { cookie })

const restPages = (firstPage: string, cookie = owner.cookie) => allPages<Item>(t, firstPage, cookie)

const trpcPages = (input: Record<string, unknown>, cookie = owner.cookie) =>
  allTrpcPages<Item>(t, 'connections.list', input, cookie)

const ids = (items: Item[]) => items.map((item) => item.id)

describe('connection filters', () => {
  it('narrow every page to the matches, in the whole list order, to the last match', async () => {
    const atFest = ownersList.filter((item) => item.eventId === fest)
    const jv = ownersList.filter((item) => item.connectionTypes.includes('JV'))
    const followUps = ownersList.filter((item) => item.followUpOn !== null)
    expect([atFest.length, jv.length, followUps.length]).toEqual([5, 3, 2])

    const festPages = await restPages(`/api/connections?eventId=${fest}&limit=2`)
    expect(festPages.map((page) => page.length)).toEqual([2, 2, 1])
    expect(ids(festPages.flat())).toEqual(ids(atFest))
    expect(ids((await restPages('/api/connections?type=JV&limit=1')).flat())).toEqual(ids(jv))
    expect(ids((await restPages('/api/connections?needsFollowUp=true&limit=1')).flat())).toEqual(
      ids(followUps),
    )

    const jvPages = await trpcPages({ type: 'JV', limit: 2 })
    expect(jvPages.map((page) => page.length)).toEqual([2, 1])
    expect(ids(jvPages.flat())).toEqual(ids(jv))
    const festFollowUps = await trpcPages({ eventId: summit, needsFollowUp: true, limit: 1 })
    expect(ids(festFollowUps.flat())).toEqual(
      ids(followUps.filter((item) => item.eventId === summit)),
    )
  })

  it('answer the whole filtered list without a page, and treat blank filters as none', async () => {
    const whole = await json<Item[]>(await get(`/api/connections?eventId=${summit}&type=SA`))
    expect(ids(whole)).toEqual(ids(ownersList.filter((item) => item.eventId === summit)))
    const blank = await json<Item[]>(await get('/api/connections?eventId=&type=&needsFollowUp='))
    expect(ids(blank)).toEqual(ids(ownersList))
    const nullFilters = await trpcPages({ eventId: null, type: '', needsFollowUp: null })
    expect(ids(nullFilters.flat())).toEqual(ids(ownersList))
  })

  it("show only the caller's own connections at an event, never another user's", async () => {
    const strangersAtFest = await restPages(
      `/api/connections?eventId=${fest}&limit=2`,
      stranger.cookie,
    )
    expect(ids(strangersAtFest.flat())).toEqual(ids(strangersList))
    const ownersAtFest = (await trpcPages({ eventId: fest })).flat()
    expect(ownersAtFest.every((item) => ownersList.some((own) => own.id === item.id))).toBe(true)
    // An event id that names no event narrows to nothing.
    const noEvent = await get('/api/connections?eventId=00000000-0000-4000-8000-000000000000')
    expect(await json(noEvent)).toEqual([])
  })

  it('answer a clear 400 for a filter that is not one', async () => {
    const cases = [
      ['eventId=nope', 'Not a valid id'],
      ['type=XX', 'Connection type must be SA, JV, MA, IC or RF'],
      ['needsFollowUp=maybe', 'needsFollowUp must be true or false'],
    ]
    for (const [query, message] of cases) {
      for (const path of [`/api/connections?${query}`, `/api/connections?limit=5&${query}`]) {
        const response = await get(path)
        expect(response.status).toBe(400)
        expect(await json(response)).toMatchObject({ message })
      }
    }
    const input = encodeURIComponent(JSON.stringify({ json: { type: 'XX' } }))
    const trpc = await get(`/api/trpc/connections.list?input=${input}`)
    expect(trpc.status).toBe(400)
  })
})
