import { connections, eventAttendees, events, people, users } from '@fiveconnect/db'
import { eq } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createTestApp,
  json,
  registerUser,
  sessionCookieFrom,
  signInAdmin,
  type TestApp,
} from './test/test-app.ts'

// Random bodies at every state-changing call, over REST and over tRPC: never a 5xx, and nothing
// changes that the caller does not own. Each of the 19 routes runs signed in as an attendee (and
// signed out); the admin's routes run again signed in as an admin, where validation is reached.
const RUNS_PER_ROUTE = 270
const ADMIN_RUNS_PER_ROUTE = 150

let t: TestApp
let attacker: Awaited<ReturnType<typeof registerUser>>
let admin: Awaited<ReturnType<typeof signInAdmin>>
let victimConnectionId: string
let victimId: string
let victimPersonId: string
let eventId: string

beforeAll(async () => {
  t = await createTestApp()
  admin = await signInAdmin(t)
  attacker = await registerUser(t)
  const victim = await registerUser(t)
  victimId = victim.id
  const person = await json<{ id: string }>(
    await t.request('/api/people', {
      body: { firstName: 'Victim', lastName: 'Contact', email: 'contact@victim.example' },
      cookie: victim.cookie,
    }),
  )
  victimPersonId = person.id
  const [event] = await t.db.select().from(events)
  eventId = event?.id ?? ''
  const connection = await json<{ id: string }>(
    await t.request('/api/connections', {
      body: { personId: person.id, eventId, connectionTypes: ['SA'], notes: 'private' },
      cookie: victim.cookie,
    }),
  )
  victimConnectionId = connection.id
})
afterAll(() => t.close())

/** What the attacker must not be able to change. */
async function othersData() {
  const [allUsers, allConnections, allEvents, allPeople, attendance] = await Promise.all([
    t.db.select().from(users),
    t.db.select().from(connections),
    t.db.select().from(events),
    t.db.select().from(people),
    t.db.select().from(eventAttendees),
  ])
  return {
    users: allUsers.filter((user) => user.id !== attacker.id),
    connections: allConnections.filter((connection) => connection.authorId !== attacker.id),
    events: allEvents,
    victimPeople: allPeople.filter((person) => person.ownerId === victimId),
    othersAttendance: attendance.filter((row) => row.userId !== attacker.id),
  }
}

const id = () =>
  fc.oneof(
    fc.constant(victimConnectionId),
    fc.constant(victimPersonId),
    fc.constant(victimId),
    fc.constant(eventId),
    fc.uuid(),
    fc.string({ maxLength: 40 }),
  )

const fieldValue = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 10 }), { maxLength: 6 }),
  fc.constantFrom('SA', 'JV', '/objects/x', 'a@b.co', '2030-01-01T10:00', ''),
  fc.uuid(),
  fc.object({ maxDepth: 2 }),
)
const fieldNames = [
  'id',
  'email',
  'password',
  'confirmPassword',
  'firstName',
  'lastName',
  'personId',
  'eventId',
  'connectionTypes',
  'notes',
  'photos',
  'voiceNoteUrl',
  'title',
  'startDateTime',
  'endDateTime',
  'role',
  'newPassword',
  'token',
  'q',
]
/** Bodies that pass validation often, so the rules behind it (ownership, conflicts) are reached. */
const plausibleBody = () =>
  fc.record(
    {
      personId: fc.constantFrom(victimPersonId, victimConnectionId),
      eventId: fc.constantFrom(eventId, null),
      connectionTypes: fc.subarray(['SA', 'JV', 'MA', 'IC', 'RF']),
      connectionFocus: fc.string({ maxLength: 40 }),
      notes: fc.string({ maxLength: 40 }),
      email: fc.oneof(fc.emailAddress(), fc.constant('contact@victim.example')),
      mobile: fc.string({ maxLength: 20 }),
      company: fc.string({ maxLength: 20 }),
      firstName: fc.string({ minLength: 1, maxLength: 20 }),
      lastName: fc.string({ minLength: 1, maxLength: 20 }),
      title: fc.string({ minLength: 1, maxLength: 40 }),
      startDateTime: fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((date) => date.toISOString()),
      role: fc.constantFrom('attendee', 'admin'),
      newPassword: fc.string({ minLength: 6, maxLength: 30 }),
    },
    { requiredKeys: [] },
  )

const body = () =>
  fc.oneof(
    plausibleBody(),
    fc.dictionary(fc.constantFrom(...fieldNames), fieldValue, { maxKeys: 8 }),
    fc.anything({ maxDepth: 3 }),
    fc.string({ maxLength: 200 }),
  )

type Route = { method: string; path: (id: string) => string; procedure: string }
const routes: Route[] = [
  { method: 'POST', path: () => '/api/register', procedure: 'auth.register' },
  { method: 'POST', path: () => '/api/login', procedure: 'auth.login' },
  { method: 'POST', path: () => '/api/logout', procedure: 'auth.logout' },
  { method: 'POST', path: () => '/api/auth/forgot-password', procedure: 'auth.forgotPassword' },
  { method: 'POST', path: () => '/api/auth/reset-password', procedure: 'auth.resetPassword' },
  { method: 'POST', path: () => '/api/connections', procedure: 'connections.create' },
  { method: 'PUT', path: (id) => `/api/connections/${id}`, procedure: 'connections.update' },
  { method: 'DELETE', path: (id) => `/api/connections/${id}`, procedure: 'connections.delete' },
  { method: 'POST', path: () => '/api/people', procedure: 'people.create' },
  { method: 'POST', path: (id) => `/api/events/${id}/attend`, procedure: 'events.join' },
  { method: 'DELETE', path: (id) => `/api/events/${id}/attend`, procedure: 'events.leave' },
  { method: 'POST', path: () => '/api/events', procedure: 'events.create' },
  { method: 'PUT', path: (id) => `/api/events/${id}`, procedure: 'events.update' },
  { method: 'DELETE', path: (id) => `/api/events/${id}`, procedure: 'events.delete' },
  { method: 'PUT', path: () => '/api/profile', procedure: 'profile.update' },
  { method: 'PUT', path: (id) => `/api/admin/users/${id}`, procedure: 'admin.updateUser' },
  {
    method: 'PUT',
    path: (id) => `/api/admin/users/${id}/password`,
    procedure: 'admin.setUserPassword',
  },
  {
    method: 'PUT',
    path: (id) => `/api/admin/users/${id}/deactivate`,
    procedure: 'admin.deactivateUser',
  },
  {
    method: 'PUT',
    path: (id) => `/api/admin/users/${id}/reactivate`,
    procedure: 'admin.reactivateUser',
  },
]

/** A fresh session, so that an earlier route (logout, a password change) cannot leave us signed out. */
async function signIn(credentials: { email: string; password: string }) {
  const response = await t.request('/api/login', { body: credentials })
  expect(response.status).toBe(200)
  return sessionCookieFrom(response)
}

function fuzz(route: Route, cookie: string | undefined, pathId: string, payload: unknown) {
  return Promise.all([
    t.request(encodeURI(route.path(pathId)), {
      method: route.method,
      body: typeof payload === 'string' ? payload : (JSON.stringify(payload) ?? ''),
      cookie,
    }),
    t.request(`/api/trpc/${route.procedure}`, {
      method: 'POST',
      // The wire format superjson reads, written by hand so hostile keys reach the server.
      body: JSON.stringify({ json: payload }) ?? '',
      cookie,
    }),
  ])
}

describe('random input at every state-changing call', () => {
  let before: Awaited<ReturnType<typeof othersData>>
  beforeAll(async () => {
    before = await othersData()
  })

  it.each(routes)(
    '$method $procedure never answers 5xx',
    async (route) => {
      const cookie = await signIn(attacker)
      await fc.assert(
        fc.asyncProperty(id(), body(), fc.boolean(), async (pathId, payload, signedIn) => {
          const answers = await fuzz(route, signedIn ? cookie : undefined, pathId, payload)
          for (const answer of answers) expect(answer.status).toBeLessThan(500)
        }),
        { numRuns: RUNS_PER_ROUTE },
      )
    },
    120_000,
  )

  it('changed nothing the caller does not own', async () => {
    expect(await othersData()).toEqual(before)
  })
})

describe('random input at the admin’s calls, signed in as an admin', () => {
  const eventAdministration = ['events.create', 'events.update', 'events.delete']
  const adminRoutes = routes.filter(
    (route) =>
      route.procedure.startsWith('admin.') || eventAdministration.includes(route.procedure),
  )

  it.each(adminRoutes)(
    '$method $procedure never answers 5xx',
    async (route) => {
      const cookie = await signIn(admin)
      await fc.assert(
        fc.asyncProperty(id(), body(), async (pathId, payload) => {
          const answers = await fuzz(route, cookie, pathId, payload)
          for (const answer of answers) expect(answer.status).toBeLessThan(500)
        }),
        { numRuns: ADMIN_RUNS_PER_ROUTE },
      )
    },
    120_000,
  )

  it('left an active admin and every connection with its author and person', async () => {
    const admins = await t.db.select().from(users).where(eq(users.role, 'admin'))
    expect(admins.some((user) => user.isActive)).toBe(true)
    const [victimConnection] = await t.db
      .select()
      .from(connections)
      .where(eq(connections.id, victimConnectionId))
    expect(victimConnection).toMatchObject({ authorId: victimId, notes: 'private' })
  })
})
