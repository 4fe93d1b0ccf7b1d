import { events } from '@fiveconnect/db'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, json, registerUser, signInAdmin, type TestApp } from '../test/test-app.ts'

// Every REST route that reads a body, signed in as an admin so that the body is what is judged.
let t: TestApp
let cookie: string
let ids: { connection: string; event: string; user: string }
beforeAll(async () => {
  t = await createTestApp()
  cookie = (await signInAdmin(t)).cookie
  const user = await registerUser(t)
  const person = await json<{ id: string }>(
    await t.request('/api/people', { body: { firstName: 'A', lastName: 'B' }, cookie }),
  )
  const connection = await json<{ id: string }>(
    await t.request('/api/connections', { body: { personId: person.id }, cookie }),
  )
  const [event] = await t.db.select().from(events)
  ids = { connection: connection.id, event: event?.id ?? '', user: user.id }
})
afterAll(() => t.close())

type Route = {
  method: string
  path: () => string
  /** The message for an empty object (a missing required field); none when all are optional. */
  missing?: string
  wrongTypes: Record<string, unknown>
  wrongTypesMessage: string
}

const routes: Route[] = [
  {
    method: 'POST',
    path: () => '/api/register',
    missing: 'Invalid email address',
    wrongTypes: { email: 42 },
    wrongTypesMessage: 'Invalid email address',
  },
  {
    method: 'POST',
    path: () => '/api/login',
    missing: 'Invalid email address',
    wrongTypes: { email: 'a@b.co', password: 7 },
    wrongTypesMessage: 'Password is required',
  },
  {
    method: 'POST',
    path: () => '/api/auth/forgot-password',
    missing: 'Invalid email address',
    wrongTypes: { email: ['a@b.co'] },
    wrongTypesMessage: 'Invalid email address',
  },
  {
    method: 'POST',
    path: () => '/api/auth/reset-password',
    missing: 'This password reset link is invalid or has expired.',
    wrongTypes: { token: 1, password: 'long enough' },
    wrongTypesMessage: 'This password reset link is invalid or has expired.',
  },
  {
    method: 'POST',
    path: () => '/api/connections',
    missing: 'Not a valid id',
    wrongTypes: { personId: '00000000-0000-4000-8000-000000000000', connectionTypes: 'SA' },
    wrongTypesMessage: 'Connection types must be a list',
  },
  {
    method: 'PUT',
    path: () => `/api/connections/${ids.connection}`,
    wrongTypes: { photos: '/objects/a.png' },
    wrongTypesMessage: 'Photos must be a list of stored files',
  },
  {
    method: 'POST',
    path: () => '/api/people',
    missing: 'First name is required',
    wrongTypes: { firstName: 'Ada', lastName: 1 },
    wrongTypesMessage: 'Last name is required',
  },
  {
    method: 'POST',
    path: () => '/api/events',
    missing: 'Event name is required',
    wrongTypes: { title: 'Summit', startDateTime: true },
    wrongTypesMessage: 'Start date and time is required',
  },
  {
    method: 'PUT',
    path: () => `/api/events/${ids.event}`,
    missing: 'Event name is required',
    wrongTypes: { title: ['Summit'], startDateTime: '2030-01-01T10:00' },
    wrongTypesMessage: 'Event name is required',
  },
  {
    method: 'PUT',
    path: () => '/api/profile',
    missing: 'First name is required',
    wrongTypes: { firstName: 'Ada', lastName: 'L', company: 5 },
    wrongTypesMessage: 'Must be text',
  },
  {
    method: 'PUT',
    path: () => `/api/admin/users/${ids.user}`,
    missing: 'First name is required',
    wrongTypes: { firstName: 'Ada', lastName: 'L', email: 'a@b.co', role: 'owner' },
    wrongTypesMessage: 'Role must be attendee or admin',
  },
  {
    method: 'PUT',
    path: () => `/api/admin/users/${ids.user}/password`,
    missing: 'Password must be at least 6 characters',
    wrongTypes: { newPassword: 12345678 },
    wrongTypesMessage: 'Password must be at least 6 characters',
  },
]

const send = (route: Route, body: unknown) =>
  t.request(route.path(), { method: route.method, body, cookie })

describe.each(routes)('$method $path', (route) => {
  it('answers broken JSON with a 400', async () => {
    const response = await send(route, '{"firstName": ')
    expect(response.status).toBe(400)
    expect(await json(response)).toEqual({ message: 'The request body is not valid JSON.' })
  })

  it.each([[[]], ['text'], [42], [null]])('answers the JSON %j with a 400', async (body) => {
    const response = await send(route, JSON.stringify(body))
    expect(response.status).toBe(400)
    expect(await json(response)).toEqual({ message: 'The request body must be a JSON object.' })
  })

  const missing = route.missing
  if (missing) {
    it('answers missing fields with a 400 that names the first', async () => {
      const response = await send(route, {})
      expect(response.status).toBe(400)
      expect((await json(response)).message).toBe(missing)
    })
  }

  it('answers wrong types with a 400 that says why', async () => {
    const response = await send(route, route.wrongTypes)
    expect(response.status).toBe(400)
    expect((await json(response)).message).toBe(route.wrongTypesMessage)
  })

  it('answers a body over 1 MiB with a 413', async () => {
    const response = await send(route, { notes: 'x'.repeat(1_100_000) })
    expect(response.status).toBe(413)
  })
})
