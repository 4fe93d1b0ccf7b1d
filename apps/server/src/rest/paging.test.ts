import { connections } from '@fiveconnect/db'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { allPages as allPagesOf, nextLink } from '../test/pages.ts'
import { createTestApp, json, registerUser, signInAdmin, type TestApp } from '../test/test-app.ts'

type Item = { id: string; person?: { lastName: string } }

let t: TestApp
let owner: Awaited<ReturnType<typeof registerUser>>
let ownersList: Item[]
beforeAll(async () => {
  t = await createTestApp()
  owner = await registerUser(t)
  for (let i = 0; i < 5; i++) {
    const person = await json<{ id: string }>(
      await t.request('/api/people', {
        body: { firstName: 'Paged', lastName: `Person ${i}` },
        cookie: owner.cookie,
      }),
    )
    await t.request('/api/connections', {
      body: { personId: person.id, eventId: null },
      cookie: owner.cookie,
    })
  }
  // All at one instant: only the id keeps their order, page after page.
  await t.db
    .update(connections)
    .set({ createdAt: new Date('2026-04-01T12:00:00.000Z') })
    .where(eq(connections.authorId, owner.id))
  ownersList = await json<Item[]>(await t.request('/api/connections', { cookie: owner.cookie }))
})
afterAll(() => t.close())

const get = (path: string, cookie: string) => t.request(path, { cookie })

const allPages = (firstPage: string, cookie: string) => allPagesOf<Item>(t, firstPage, cookie)

describe('paged REST lists', () => {
  it('answer the whole list as the SPEC documents it when no page is asked for', async () => {
    const response = await get('/api/connections', owner.cookie)
    expect(response.headers.get('Link')).toBeNull()
    expect(ownersList).toHaveLength(5)
  })

  it('answer the first page, the next from its Link, and no Link on the last, in the whole list order', async () => {
    const first = await get('/api/connections?limit=2', owner.cookie)
    const firstItems = await json<Item[]>(first)
    expect(firstItems.map((item) => item.id)).toEqual(ownersList.slice(0, 2).map((i) => i.id))
    const cursor = first.headers.get('X-Next-Cursor')
    expect(nextLink(first)).toBe(`/api/connections?limit=2&cursor=${cursor}`)

    const pages = await allPages('/api/connections?limit=2', owner.cookie)
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1])
    expect(pages.flat()).toEqual(ownersList)
  })

  it('answer an exact last page without a next page', async () => {
    const response = await get('/api/connections?limit=5', owner.cookie)
    expect(await json<Item[]>(response)).toHaveLength(5)
    expect(response.headers.get('Link')).toBeNull()
    expect(response.headers.get('X-Next-Cursor')).toBeNull()
  })

  it('answer a clear 400 for a cursor that is not one of theirs to give, or a limit out of bounds', async () => {
    const forged = Buffer.from('{"key":"2026-02-30T00:00:00.000000Z","id":"x"}').toString(
      'base64url',
    )
    for (const query of ['cursor=nonsense', `cursor=${forged}`, 'cursor=%00%01']) {
      const response = await get(`/api/connections?${query}`, owner.cookie)
      expect(response.status).toBe(400)
      expect(await json(response)).toMatchObject({
        message: 'The cursor is not valid: start again from the first page.',
      })
    }
    for (const limit of ['0', '101', '2.5', 'ten']) {
      const response = await get(`/api/users/events?limit=${limit}`, owner.cookie)
      expect(response.status).toBe(400)
      expect(await json(response)).toMatchObject({
        message: 'The limit must be a whole number from 1 to 100',
      })
    }
    expect((await get('/api/events?limit=100', owner.cookie)).status).toBe(200)
  })

  it("show another user nothing of the owner's list through the owner's cursor", async () => {
    const stranger = await registerUser(t)
    const ownersFirst = await get('/api/connections?limit=1', owner.cookie)
    const cursor = ownersFirst.headers.get('X-Next-Cursor') ?? ''
    const response = await get(`/api/connections?limit=30&cursor=${cursor}`, stranger.cookie)
    expect(response.status).toBe(200)
    expect(await json(response)).toEqual([])
    const search = await get(`/api/connections/search?q=paged&limit=1`, stranger.cookie)
    expect(await json(search)).toEqual([])
  })

  it('page the events, the joined events and memory search in their whole lists order', async () => {
    const admin = await signInAdmin(t)
    for (let i = 0; i < 3; i++) {
      const event = await json<{ id: string }>(
        await t.request('/api/events', {
          body: { title: `Paged event ${i}`, startDateTime: '2031-01-01T10:00:00.000Z' },
          cookie: admin.cookie,
        }),
      )
      await t.request(`/api/events/${event.id}/attend`, { body: {}, cookie: owner.cookie })
    }
    const allEvents = await json<Item[]>(await get('/api/events', owner.cookie))
    expect((await allPages('/api/events?limit=2', owner.cookie)).flat()).toEqual(allEvents)

    const joined = await json<Item[]>(await get('/api/users/events', owner.cookie))
    expect(joined).toHaveLength(3)
    const joinedPages = await allPages('/api/users/events?limit=2', owner.cookie)
    expect(joinedPages.map((page) => page.length)).toEqual([2, 1])
    expect(joinedPages.flat()).toEqual(joined)

    const found = await json<Item[]>(await get('/api/connections/search?q=paged', owner.cookie))
    expect(found).toHaveLength(5)
    const foundPages = await allPages('/api/connections/search?q=paged&limit=2', owner.cookie)
    expect(foundPages.flat()).toEqual(found)
  })

  it('page the admin users list', async () => {
    const admin = await signInAdmin(t)
    const everyone = await json<Item[]>(await get('/api/admin/users', admin.cookie))
    const pages = await allPages('/api/admin/users?limit=2', admin.cookie)
    expect(pages.flat()).toEqual(everyone)
    expect(pages.length).toBe(Math.ceil(everyone.length / 2))
  })

  it('page the audit log, newest first, the latest 100 when no page is asked for', async () => {
    const admin = await signInAdmin(t)
    const target = await registerUser(t)
    for (let i = 0; i < 3; i++) {
      await t.request(`/api/admin/users/${target.id}/${i % 2 ? 'reactivate' : 'deactivate'}`, {
        method: 'PUT',
        body: {},
        cookie: admin.cookie,
      })
    }
    const latest = await json<Item[]>(await get('/api/admin/audit', admin.cookie))
    expect(latest.length).toBeGreaterThanOrEqual(3)
    const pages = await allPages('/api/admin/audit?limit=2', admin.cookie)
    expect(pages.flat()).toEqual(latest)
    expect((await get('/api/admin/audit?cursor=nonsense', admin.cookie)).status).toBe(400)
    expect((await get('/api/admin/audit?limit=2', owner.cookie)).status).toBe(403)
  })
})
