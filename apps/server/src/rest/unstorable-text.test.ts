import { connections, events, people, users } from '@fiveconnect/db'
import { UNSTORABLE_TEXT_MESSAGE } from '@fiveconnect/api/server'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toErrorResponse } from '../http/errors.ts'
import { createTestApp, json, registerUser, signInAdmin, type TestApp } from '../test/test-app.ts'

// Postgres cannot store NUL and turns a lone surrogate into U+FFFD; both must be refused as bad
// input naming the field, over REST and over tRPC, before anything is written.
const UNSTORABLE = { nul: 'a\u0000b', 'lone surrogate': 'a\uD800b' }

let t: TestApp
let attendee: Awaited<ReturnType<typeof registerUser>>
let admin: Awaited<ReturnType<typeof signInAdmin>>
let connectionId: string
let personId: string

beforeAll(async () => {
  t = await createTestApp()
  admin = await signInAdmin(t)
  attendee = await registerUser(t)
  personId = (
    await json<{ id: string }>(
      await t.request('/api/people', {
        body: { firstName: 'Grace', lastName: 'Hopper' },
        cookie: attendee.cookie,
      }),
    )
  ).id
  connectionId = (
    await json<{ id: string }>(
      await t.request('/api/connections', {
        body: { personId, notes: 'met at the keynote' },
        cookie: attendee.cookie,
      }),
    )
  ).id
})
afterAll(() => t.close())

type Case = {
  procedure: string
  method: string
  path: () => string
  body: () => Record<string, unknown>
  field: string
  label: string
  as: 'visitor' | 'attendee' | 'admin'
  /** The path's id, which the tRPC input carries in its body. */
  id?: () => string
}

const registration = () => ({
  email: `text-${Date.now()}@example.com`,
  password: 'correct horse',
  confirmPassword: 'correct horse',
  firstName: 'Text',
  lastName: 'Tester',
})
const register = { procedure: 'auth.register', method: 'POST', path: () => '/api/register' }
const login = { procedure: 'auth.login', method: 'POST', path: () => '/api/login' }
const profile = { procedure: 'profile.update', method: 'PUT', path: () => '/api/profile' }
const createConnection = {
  procedure: 'connections.create',
  method: 'POST',
  path: () => '/api/connections',
}
const updateConnection = {
  procedure: 'connections.update',
  method: 'PUT',
  path: () => `/api/connections/${connectionId}`,
  id: () => connectionId,
}
const createEvent = { procedure: 'events.create', method: 'POST', path: () => '/api/events' }
const adminUpdate = {
  procedure: 'admin.updateUser',
  method: 'PUT',
  path: () => `/api/admin/users/${attendee.id}`,
  id: () => attendee.id,
}

const cases: Case[] = [
  ...(
    [
      ['email', 'Email'],
      ['password', 'Password'],
      ['firstName', 'First name'],
      ['lastName', 'Last name'],
      ['mobile', 'Mobile'],
      ['company', 'Company'],
      ['website', 'Website'],
      ['referredBy', 'Referred by'],
    ] as const
  ).map(([field, label]) => ({
    ...register,
    body: registration,
    field,
    label,
    as: 'visitor' as const,
  })),
  {
    ...login,
    body: () => ({ email: attendee.email, password: attendee.password }),
    field: 'password',
    label: 'Password',
    as: 'visitor',
  },
  ...(
    [
      ['firstName', 'First name'],
      ['mobile', 'Mobile'],
      ['linkedin', 'LinkedIn'],
    ] as const
  ).map(([field, label]) => ({
    ...profile,
    body: () => ({ firstName: 'Test', lastName: 'User' }),
    field,
    label,
    as: 'attendee' as const,
  })),
  ...(
    [
      ['notes', 'Notes'],
      ['connectionFocus', 'Connection focus'],
      ['voiceNoteTranscription', 'Transcription'],
    ] as const
  ).map(([field, label]) => ({
    ...createConnection,
    body: () => ({ personId }),
    field,
    label,
    as: 'attendee' as const,
  })),
  ...(
    [
      ['notes', 'Notes'],
      ['email', 'Email'],
      ['company', 'Company'],
    ] as const
  ).map(([field, label]) => ({
    ...updateConnection,
    body: () => ({}),
    field,
    label,
    as: 'attendee' as const,
  })),
  ...(
    [
      ['title', 'Event name'],
      ['description', 'Description'],
      ['location', 'Location'],
    ] as const
  ).map(([field, label]) => ({
    ...createEvent,
    body: () => ({ title: 'Summit', startDateTime: '2030-05-01T09:00:00.000Z' }),
    field,
    label,
    as: 'admin' as const,
  })),
  {
    ...adminUpdate,
    body: () => ({ firstName: 'Test', lastName: 'User', email: attendee.email, role: 'attendee' }),
    field: 'company',
    label: 'Company',
    as: 'admin',
  },
  {
    procedure: 'admin.setUserPassword',
    method: 'PUT',
    path: () => `/api/admin/users/${attendee.id}/password`,
    id: () => attendee.id,
    body: () => ({}),
    field: 'newPassword',
    label: 'Password',
    as: 'admin',
  },
  {
    procedure: 'account.delete',
    method: 'DELETE',
    path: () => '/api/account',
    body: () => ({}),
    field: 'password',
    label: 'Password',
    as: 'attendee',
  },
]

const cookieFor = (as: Case['as']) =>
  as === 'visitor' ? undefined : as === 'admin' ? admin.cookie : attendee.cookie

async function everything() {
  const [allUsers, allConnections, allEvents, allPeople] = await Promise.all([
    t.db.select().from(users),
    t.db.select().from(connections),
    t.db.select().from(events),
    t.db.select().from(people),
  ])
  return { allUsers, allConnections, allEvents, allPeople }
}

/** The message of a tRPC error answer (superjson's wire format). */
async function trpcMessage(response: Response) {
  return (await json<{ error: { json: { message: string } } }>(response)).error.json.message
}

describe.each(Object.entries(UNSTORABLE))('%s in a text field', (_kind, value) => {
  it.each(cases)('$procedure $field answers 400 naming $label', async (testCase) => {
    const before = await everything()
    const body = { ...testCase.body(), [testCase.field]: value }
    const message = `${testCase.label} contains a character that cannot be stored.`

    const rest = await t.request(testCase.path(), {
      method: testCase.method,
      body,
      cookie: cookieFor(testCase.as),
    })
    expect(rest.status).toBe(400)
    expect((await json<{ message: string }>(rest)).message).toBe(message)

    const trpc = await t.request(`/api/trpc/${testCase.procedure}`, {
      method: 'POST',
      body: { json: testCase.id ? { ...body, id: testCase.id() } : body },
      cookie: cookieFor(testCase.as),
    })
    expect(trpc.status).toBe(400)
    expect(await trpcMessage(trpc)).toBe(message)

    expect(await everything()).toEqual(before)
  })
})

// A URL cannot carry a lone surrogate (it arrives as U+FFFD), so the search is tried with NUL.
it('NUL in a search answers 400 naming the search text over REST and tRPC', async () => {
  const message = 'The search text contains a character that cannot be stored.'
  const rest = await t.request(`/api/connections/search?q=${encodeURIComponent(UNSTORABLE.nul)}`, {
    cookie: attendee.cookie,
  })
  expect(rest.status).toBe(400)
  expect((await json<{ message: string }>(rest)).message).toBe(message)
  const input = encodeURIComponent(JSON.stringify({ json: { q: UNSTORABLE.nul } }))
  const trpc = await t.request(`/api/trpc/connections.search?input=${input}`, {
    cookie: attendee.cookie,
  })
  expect(trpc.status).toBe(400)
  expect(await trpcMessage(trpc)).toBe(message)
})

describe('text the database refuses all the same', () => {
  // Every schema refuses such text first; this is the second line, for text that reaches the
  // database by another way.
  it('answers 400 with a readable message, never a 500', async () => {
    const error = await t.db.execute(sql`select ${'abc\u0000'}::text`).catch((e: unknown) => e)
    expect(toErrorResponse(error)).toEqual({
      status: 400,
      body: { message: UNSTORABLE_TEXT_MESSAGE },
    })
  })
})
