import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { allPages, allTrpcPages } from '../test/pages.ts'
import { createTestApp, json, registerUser, signInAdmin, type TestApp } from '../test/test-app.ts'

// The events list's search and filter (docs/api-details.md, Event filters): applied by the server
// before it pages, so a match on any page is found, page by page, with the cursor each page gave.

type Item = {
  id: string
  title: string
  description: string | null
  location: string | null
  startDateTime: string
  isJoined: boolean
  connectionCount: number
}
type User = Awaited<ReturnType<typeof registerUser>>

const DAY = 24 * 60 * 60 * 1000
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString()

const EVENTS = [
  { title: 'Quasar Night', startDateTime: daysFromNow(10) },
  { title: 'Founders', description: 'All about QUASARS', startDateTime: daysFromNow(-5) },
  { title: 'Meetup', location: 'quasar hall', startDateTime: daysFromNow(3) },
  { title: 'Breakfast', startDateTime: daysFromNow(-1) },
  { title: '100% Quasar', startDateTime: daysFromNow(20) },
  { title: 'Snake_case Summit', startDateTime: daysFromNow(-30) },
  { title: 'Lunch', location: 'Leeds', startDateTime: daysFromNow(1) },
  ...Array.from({ length: 8 }, (_, i) => ({
    title: `Filler ${i}0`,
    startDateTime: daysFromNow(i % 2 === 0 ? 40 + i : -40 - i),
  })),
]

let t: TestApp
let owner: User
let stranger: User
let ownersList: Item[]
let strangersList: Item[]

const byTitle = (title: string) => ownersList.find((event) => event.title === title)?.id ?? ''

beforeAll(async () => {
  t = await createTestApp()
  const admin = await signInAdmin(t)
  for (const event of EVENTS) {
    await t.request('/api/events', { body: event, cookie: admin.cookie })
  }
  owner = await registerUser(t)
  stranger = await registerUser(t)
  ownersList = await json<Item[]>(await t.request('/api/events', { cookie: owner.cookie }))
  for (const title of ['Quasar Night', 'Founders', 'Breakfast']) {
    await t.request(`/api/events/${byTitle(title)}/attend`, { body: {}, cookie: owner.cookie })
  }
  await t.request(`/api/events/${byTitle('Lunch')}/attend`, { body: {}, cookie: stranger.cookie })
  const person = await json<{ id: string }>(
    await t.request('/api/people', {
      body: { firstName: 'Met', lastName: 'There' },
      cookie: owner.cookie,
    }),
  )
  await t.request('/api/connections', {
    body: { personId: person.id, eventId: byTitle('Founders') },
    cookie: owner.cookie,
  })
  ownersList = await json<Item[]>(await t.request('/api/events', { cookie: owner.cookie }))
  strangersList = await json<Item[]>(await t.request('/api/events', { cookie: stranger.cookie }))
})
afterAll(() => t.close())

const get = (path: string, cookie = owner.cookie) => t.request(path, { cookie })

const trpcPages = (input: Record<string, unknown>, cookie = owner.cookie) =>
  allTrpcPages<Item>(t, 'events.list', input, cookie)

const titles = (items: Item[]) => items.map((item) => item.title)

/** The Events screen's rules (SPEC section 2), as the client applied them to what it had loaded. */
const matching = (list: Item[], search: string) =>
  list.filter((event) =>
    [event.title, event.description, event.location].some((field) =>
      field?.toLowerCase().includes(search.toLowerCase()),
    ),
  )
const upcoming = (list: Item[]) =>
  list.filter((event) => new Date(event.startDateTime).getTime() > Date.now())
const attended = (list: Item[]) => list.filter((event) => event.isJoined)

describe('event filters', () => {
  it('find matches on every page, in the whole list order, as the screen matched them', async () => {
    const quasar = matching(ownersList, 'quasar')
    expect(titles(quasar).sort()).toEqual(['100% Quasar', 'Founders', 'Meetup', 'Quasar Night'])
    const searchPages = await allPages<Item>(t, '/api/events?search=QuAsAr&limit=2', owner.cookie)
    expect(searchPages.map((page) => page.length)).toEqual([2, 2])
    expect(searchPages.flat()).toEqual(quasar)

    const cases: [string, Record<string, unknown>, Item[]][] = [
      ['filter=upcoming', { filter: 'upcoming' }, upcoming(ownersList)],
      ['filter=attended', { filter: 'attended' }, attended(ownersList)],
      ['filter=all', { filter: 'all' }, ownersList],
      ['search=quasar&filter=upcoming', { search: 'quasar', filter: 'upcoming' }, upcoming(quasar)],
      ['search=quasar&filter=attended', { search: 'quasar', filter: 'attended' }, attended(quasar)],
      ['search=%20leeds%20', { search: ' leeds ' }, matching(ownersList, 'leeds')],
    ]
    for (const [query, input, expected] of cases) {
      expect(expected.length).toBeGreaterThan(0)
      const restPages = await allPages<Item>(t, `/api/events?${query}&limit=2`, owner.cookie)
      expect(restPages.flat(), query).toEqual(expected)
      expect((await trpcPages({ ...input, limit: 2 })).flat(), query).toEqual(expected)
      expect(await json(await get(`/api/events?${query}`)), query).toEqual(expected)
    }
    expect(titles(attended(ownersList)).sort()).toEqual(['Breakfast', 'Founders', 'Quasar Night'])
    expect(ownersList.find((event) => event.title === 'Founders')?.connectionCount).toBe(1)
  })

  it('match % and _ in the search text as themselves', async () => {
    const percent = await json<Item[]>(await get(`/api/events?search=${encodeURIComponent('0%')}`))
    expect(titles(percent)).toEqual(['100% Quasar'])
    expect(titles((await trpcPages({ search: '_' })).flat())).toEqual(['Snake_case Summit'])
    // Unescaped, a pattern ending in the escape character is an error in Postgres.
    expect(await json(await get(`/api/events?search=${encodeURIComponent('\\')}`))).toEqual([])
  })

  it('treat blank or null as no filter', async () => {
    expect(await json(await get('/api/events?search=&filter='))).toEqual(ownersList)
    expect(await json(await get('/api/events?search=%20%20&limit=100'))).toEqual(ownersList)
    expect((await trpcPages({ search: null, filter: '' })).flat()).toEqual(ownersList)
    expect((await trpcPages({ search: '', filter: null, limit: 3 })).flat()).toEqual(ownersList)
  })

  it("show each user only their own attendance and counts, never another user's", async () => {
    expect(
      titles(
        (await allPages<Item>(t, '/api/events?filter=attended&limit=1', stranger.cookie)).flat(),
      ),
    ).toEqual(['Lunch'])
    const strangersSearch = (await trpcPages({ search: 'founders' }, stranger.cookie)).flat()
    expect(strangersSearch).toEqual(matching(strangersList, 'founders'))
    expect(strangersSearch[0]).toMatchObject({ isJoined: false, connectionCount: 0 })
    expect(await json(await get('/api/events?search=lunch&filter=attended'))).toEqual([])
  })

  it('answer a clear 400 for a filter or search that is not one', async () => {
    const cases = [
      ['filter=past', 'Filter must be all, upcoming or attended'],
      [`search=${'x'.repeat(201)}`, 'The search text is too long'],
    ]
    for (const [query, message] of cases) {
      for (const path of [`/api/events?${query}`, `/api/events?limit=5&${query}`]) {
        const response = await get(path)
        expect(response.status).toBe(400)
        expect(await json(response)).toMatchObject({ message })
      }
    }
    for (const input of [{ filter: 'past' }, { search: 42 }]) {
      const query = encodeURIComponent(JSON.stringify({ json: input }))
      const response = await get(`/api/trpc/events.list?input=${query}`)
      expect(response.status).toBe(400)
    }
  })
})
