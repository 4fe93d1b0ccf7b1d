import superjson from 'superjson'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, json, registerUser, signInAdmin, type TestApp } from '../test/test-app.ts'

type Event = {
  id: string
  title: string
  startDateTime: string
  endDateTime: string | null
  isJoined: boolean
  connectionCount: number
}

let t: TestApp
let admin: Awaited<ReturnType<typeof signInAdmin>>
beforeAll(async () => {
  t = await createTestApp()
  admin = await signInAdmin(t)
})
afterAll(() => t.close())

const eventBody = {
  title: 'Founders Breakfast',
  description: 'Coffee and intros',
  location: 'Lisbon',
  logoUrl: null,
  startDateTime: '2030-05-01T08:00:00.000Z',
  endDateTime: '2030-05-01T10:00:00.000Z',
}

async function createEvent(body: Record<string, unknown> = {}) {
  const response = await t.request('/api/events', {
    body: { ...eventBody, ...body },
    cookie: admin.cookie,
  })
  expect(response.status).toBe(201)
  return json<Event>(response)
}

describe('events', () => {
  it('list every event with the joined flag and the user’s connection count', async () => {
    const event = await createEvent()
    const user = await registerUser(t)
    await t.request(`/api/events/${event.id}/attend`, { body: {}, cookie: user.cookie })
    const person = await json<{ id: string }>(
      await t.request('/api/people', {
        body: { firstName: 'A', lastName: 'B' },
        cookie: user.cookie,
      }),
    )
    for (let index = 0; index < 2; index++) {
      await t.request('/api/connections', {
        body: { personId: person.id, eventId: event.id },
        cookie: user.cookie,
      })
    }

    const list = await json<Event[]>(await t.request('/api/events', { cookie: user.cookie }))
    expect(list.find((item) => item.id === event.id)).toMatchObject({
      title: 'Founders Breakfast',
      isJoined: true,
      connectionCount: 2,
    })
    expect(list.find((item) => item.title === 'Ideas Fest')).toMatchObject({
      isJoined: false,
      connectionCount: 0,
    })
    const others = await json<Event[]>(await t.request('/api/events', { cookie: admin.cookie }))
    expect(others.find((item) => item.id === event.id)).toMatchObject({
      isJoined: false,
      connectionCount: 0,
    })
  })

  it('are joined once and left once, with a clear 409 otherwise', async () => {
    const event = await createEvent()
    const user = await registerUser(t)
    const attend = (method: string) =>
      t.request(`/api/events/${event.id}/attend`, { method, body: {}, cookie: user.cookie })

    expect((await attend('POST')).status).toBe(200)
    const twice = await attend('POST')
    expect(twice.status).toBe(409)
    expect((await json(twice)).message).toBe('You have already joined this event.')
    const joined = await json<Event[]>(
      await t.request('/api/users/events', { cookie: user.cookie }),
    )
    expect(joined.map((item) => item.id)).toEqual([event.id])

    expect((await attend('DELETE')).status).toBe(200)
    const again = await attend('DELETE')
    expect(again.status).toBe(409)
    expect((await json(again)).message).toBe('You have not joined this event.')
    expect(await json(await t.request('/api/users/events', { cookie: user.cookie }))).toEqual([])
  })

  it('answer 404 for an unknown event', async () => {
    const user = await registerUser(t)
    const response = await t.request('/api/events/00000000-0000-4000-8000-000000000000/attend', {
      body: {},
      cookie: user.cookie,
    })
    expect(response.status).toBe(404)
    expect((await json(response)).message).toBe('Event not found.')
  })

  it('are listed only to someone signed in', async () => {
    const response = await t.request('/api/events')
    expect(response.status).toBe(401)
    expect(await json(response)).toEqual({ message: 'Unauthorized' })
  })

  it('are created, updated and deleted by admins only', async () => {
    const user = await registerUser(t)
    const forbidden = await t.request('/api/events', { body: eventBody, cookie: user.cookie })
    expect(forbidden.status).toBe(403)
    expect((await json(forbidden)).message).toBe('Admin access required.')
    expect((await t.request('/api/events', { body: eventBody })).status).toBe(401)

    const event = await createEvent()
    const updated = await t.request(`/api/events/${event.id}`, {
      method: 'PUT',
      body: { ...eventBody, title: 'Founders Lunch', endDateTime: '' },
      cookie: admin.cookie,
    })
    expect(updated.status).toBe(200)
    expect(await json(updated)).toMatchObject({ title: 'Founders Lunch', endDateTime: null })
    const notAllowed = await t.request(`/api/events/${event.id}`, {
      method: 'DELETE',
      cookie: user.cookie,
    })
    expect(notAllowed.status).toBe(403)

    const deleted = await t.request(`/api/events/${event.id}`, {
      method: 'DELETE',
      cookie: admin.cookie,
    })
    expect(deleted.status).toBe(200)
    const list = await json<Event[]>(await t.request('/api/events', { cookie: user.cookie }))
    expect(list.some((item) => item.id === event.id)).toBe(false)
  })

  it('keep the connections made at a deleted event, as personal connections', async () => {
    const event = await createEvent()
    const user = await registerUser(t)
    const person = await json<{ id: string }>(
      await t.request('/api/people', {
        body: { firstName: 'C', lastName: 'D' },
        cookie: user.cookie,
      }),
    )
    await t.request('/api/connections', {
      body: { personId: person.id, eventId: event.id },
      cookie: user.cookie,
    })
    await t.request(`/api/events/${event.id}`, { method: 'DELETE', cookie: admin.cookie })
    const [connection] = await json<{ event: unknown }[]>(
      await t.request('/api/connections', { cookie: user.cookie }),
    )
    expect(connection?.event).toBeNull()
  })

  it.each([
    [{ title: '' }, 'Event name is required'],
    [{ title: undefined }, 'Event name is required'],
    [{ startDateTime: '' }, 'Start date and time is required'],
    [{ startDateTime: 'next tuesday' }, 'Start date and time is required'],
    [{ endDateTime: '2030-04-30T08:00:00.000Z' }, 'The end must not be before the start'],
    [{ logoUrl: 'javascript:alert(1)' }, 'Must be a stored file path'],
  ])('refuse %j with a 400 that says why', async (change, message) => {
    const response = await t.request('/api/events', {
      body: { ...eventBody, ...change },
      cookie: admin.cookie,
    })
    expect(response.status).toBe(400)
    expect((await json(response)).message).toBe(message)
  })

  it('take a blank logo as no logo, over REST and tRPC alike', async () => {
    const event = await createEvent({ logoUrl: '' })
    expect(event).toMatchObject({ logoUrl: null })
    const update = await t.request('/api/trpc/events.update', {
      body: superjson.serialize({ ...eventBody, id: event.id, logoUrl: '' }),
      cookie: admin.cookie,
    })
    expect(update.status).toBe(200)
  })

  it('accept the form’s 16-character local date-time', async () => {
    const event = await createEvent({ startDateTime: '2030-06-01T18:30', endDateTime: '' })
    expect(new Date(event.startDateTime).getMinutes()).toBe(30)
    expect(event.endDateTime).toBeNull()
  })
})
