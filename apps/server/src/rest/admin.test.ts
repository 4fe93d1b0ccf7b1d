import { connections } from '@fiveconnect/db'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, json, registerUser, signInAdmin, type TestApp } from '../test/test-app.ts'

type User = { id: string; email: string; role: string; isActive: boolean }

let t: TestApp
let admin: Awaited<ReturnType<typeof signInAdmin>>
beforeAll(async () => {
  t = await createTestApp()
  admin = await signInAdmin(t, 'first-admin@example.com')
})
afterAll(() => t.close())

const asAdmin = (path: string, init: { method?: string; body?: unknown } = {}) =>
  t.request(path, { ...init, cookie: admin.cookie })

const userDetails = (user: { email: string }, change: Record<string, unknown> = {}) => ({
  firstName: 'Test',
  lastName: 'User',
  email: user.email,
  mobile: null,
  company: null,
  linkedin: null,
  website: null,
  role: 'attendee',
  ...change,
})

describe('admin routes', () => {
  it.each([
    ['GET', '/api/admin/stats'],
    ['GET', '/api/admin/users'],
    ['GET', '/api/admin/audit'],
    ['PUT', '/api/admin/users/00000000-0000-4000-8000-000000000000'],
    ['PUT', '/api/admin/users/00000000-0000-4000-8000-000000000000/password'],
    ['PUT', '/api/admin/users/00000000-0000-4000-8000-000000000000/deactivate'],
    ['PUT', '/api/admin/users/00000000-0000-4000-8000-000000000000/reactivate'],
  ])('%s %s answers 401 signed out and 403 to an attendee', async (method, path) => {
    const attendee = await registerUser(t)
    const body = method === 'PUT' ? {} : undefined
    expect((await t.request(path, { method, body })).status).toBe(401)
    const forbidden = await t.request(path, { method, body, cookie: attendee.cookie })
    expect(forbidden.status).toBe(403)
    expect((await json(forbidden)).message).toBe('Admin access required.')
  })
})

describe('admin stats', () => {
  it('count users, events, connections, this month’s connections and each type', async () => {
    const before = await json<{ totalUsers: number; totalConnections: number }>(
      await asAdmin('/api/admin/stats'),
    )
    const user = await registerUser(t)
    const person = await json<{ id: string }>(
      await t.request('/api/people', {
        body: { firstName: 'A', lastName: 'B' },
        cookie: user.cookie,
      }),
    )
    const created: { id: string }[] = []
    for (const connectionTypes of [['SA', 'JV'], ['SA'], []]) {
      const response = await t.request('/api/connections', {
        body: { personId: person.id, connectionTypes },
        cookie: user.cookie,
      })
      created.push(await json<{ id: string }>(response))
    }
    // 40 days back is always in an earlier calendar month.
    await t.db
      .update(connections)
      .set({ createdAt: new Date(Date.now() - 40 * 24 * 60 * 60 * 1000) })
      .where(eq(connections.id, created[2]?.id ?? ''))
    const stats = await json<{
      totalUsers: number
      totalConnections: number
      connectionsThisMonth: number
      totalEvents: number
      connectionTypes: Record<string, number>
    }>(await asAdmin('/api/admin/stats'))
    expect(stats.totalUsers).toBe(before.totalUsers + 1)
    expect(stats.totalConnections).toBe(before.totalConnections + 3)
    expect(stats.connectionsThisMonth).toBe(stats.totalConnections - 1)
    expect(stats.totalEvents).toBeGreaterThanOrEqual(1)
    expect(stats.connectionTypes).toEqual({ SA: 2, JV: 1, MA: 0, IC: 0, RF: 0 })
  })
})

describe('managing users', () => {
  it('lists users without secrets and without the system account', async () => {
    const user = await registerUser(t)
    const users = await json<(User & Record<string, unknown>)[]>(await asAdmin('/api/admin/users'))
    expect(users.map((item) => item.email)).toContain(user.email)
    expect(users.map((item) => item.email)).not.toContain('system@fiveconnect.invalid')
    for (const item of users) {
      expect(item).not.toHaveProperty('passwordHash')
      expect(item).not.toHaveProperty('resetTokenHash')
    }
  })

  it('updates details and role, and records the role change in the audit log', async () => {
    const user = await registerUser(t)
    const response = await asAdmin(`/api/admin/users/${user.id}`, {
      method: 'PUT',
      body: userDetails(user, { company: 'Acme', role: 'admin' }),
    })
    expect(response.status).toBe(200)
    expect(await json(response)).toMatchObject({ company: 'Acme', role: 'admin' })

    const audit = await json<{ action: string; actorEmail: string; targetLabel: string }[]>(
      await asAdmin('/api/admin/audit'),
    )
    expect(audit.slice(0, 2)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'user.role_changed',
          actorEmail: 'first-admin@example.com',
          targetLabel: user.email,
        }),
        expect.objectContaining({ action: 'user.updated' }),
      ]),
    )
  })

  it('moves the registered-user mark of people to the user’s new email', async () => {
    const user = await registerUser(t)
    const addPerson = async (email: string) =>
      json<{ id: string; hasUserProfile: boolean }>(
        await asAdmin('/api/people', { body: { firstName: 'Met', lastName: 'Before', email } }),
      )
    const underOldEmail = await addPerson(user.email)
    const underNewEmail = await addPerson(`renamed-${user.email}`)
    expect([underOldEmail.hasUserProfile, underNewEmail.hasUserProfile]).toEqual([true, false])

    const response = await asAdmin(`/api/admin/users/${user.id}`, {
      method: 'PUT',
      body: userDetails(user, { email: `renamed-${user.email}` }),
    })
    expect(response.status).toBe(200)
    const again = await Promise.all([addPerson(user.email), addPerson(`renamed-${user.email}`)])
    expect(again.map((person) => [person.id, person.hasUserProfile])).toEqual([
      [underOldEmail.id, false],
      [underNewEmail.id, true],
    ])
  })

  it('answers an email already taken with a 409', async () => {
    const [user, other] = [await registerUser(t), await registerUser(t)]
    const response = await asAdmin(`/api/admin/users/${user.id}`, {
      method: 'PUT',
      body: userDetails(user, { email: other.email }),
    })
    expect(response.status).toBe(409)
    expect((await json(response)).message).toBe('An account with this email already exists.')
  })

  it.each([
    [{ firstName: '' }, 'First name is required'],
    [{ lastName: '' }, 'Last name is required'],
    [{ email: 'nope' }, 'Valid email is required'],
    [{ role: 'owner' }, 'Role must be attendee or admin'],
  ])('refuses %j with a 400 that says why', async (change, message) => {
    const user = await registerUser(t)
    const response = await asAdmin(`/api/admin/users/${user.id}`, {
      method: 'PUT',
      body: userDetails(user, change),
    })
    expect(response.status).toBe(400)
    expect((await json(response)).message).toBe(message)
  })

  it('never leaves the app without an active admin', async () => {
    const solo = await createTestApp()
    const onlyAdmin = await signInAdmin(solo, 'only-admin@example.com')
    const response = await solo.request(`/api/admin/users/${onlyAdmin.id}`, {
      method: 'PUT',
      body: userDetails(onlyAdmin, { role: 'attendee' }),
      cookie: onlyAdmin.cookie,
    })
    expect(response.status).toBe(400)
    expect((await json(response)).message).toBe('There must always be at least one active admin.')
    await solo.close()
  })

  it('sets a password, which signs the user out everywhere', async () => {
    const user = await registerUser(t)
    const response = await asAdmin(`/api/admin/users/${user.id}/password`, {
      method: 'PUT',
      body: { newPassword: 'fresh-password-9' },
    })
    expect(response.status).toBe(200)
    expect((await t.request('/api/auth/user', { cookie: user.cookie })).status).toBe(401)
    const login = await t.request('/api/login', {
      body: { email: user.email, password: 'fresh-password-9' },
    })
    expect(login.status).toBe(200)
  })

  it.each([
    ['12345', 'Password must be at least 6 characters'],
    [
      'password',
      'This password is one of the most common and easy to guess. Please choose another.',
    ],
  ])('refuses the password %s', async (newPassword, message) => {
    const user = await registerUser(t)
    const response = await asAdmin(`/api/admin/users/${user.id}/password`, {
      method: 'PUT',
      body: { newPassword },
    })
    expect(response.status).toBe(400)
    expect((await json(response)).message).toBe(message)
  })

  it('deactivates a user, ending their sessions at once, and reactivates them', async () => {
    const user = await registerUser(t)
    const deactivated = await asAdmin(`/api/admin/users/${user.id}/deactivate`, {
      method: 'PUT',
      body: {},
    })
    expect(deactivated.status).toBe(200)
    expect(await json(deactivated)).toMatchObject({ isActive: false })
    expect((await t.request('/api/connections', { cookie: user.cookie })).status).toBe(401)
    const login = await t.request('/api/login', {
      body: { email: user.email, password: user.password },
    })
    expect(login.status).toBe(403)

    const reactivated = await asAdmin(`/api/admin/users/${user.id}/reactivate`, {
      method: 'PUT',
      body: {},
    })
    expect(await json(reactivated)).toMatchObject({ isActive: true })
    const again = await t.request('/api/login', {
      body: { email: user.email, password: user.password },
    })
    expect(again.status).toBe(200)

    const actions = (await json<{ action: string }[]>(await asAdmin('/api/admin/audit'))).map(
      (event) => event.action,
    )
    expect(actions.slice(0, 2)).toEqual(['user.reactivated', 'user.deactivated'])
  })

  it('refuses to deactivate an admin', async () => {
    const other = await signInAdmin(t, 'second-admin@example.com')
    const response = await asAdmin(`/api/admin/users/${other.id}/deactivate`, {
      method: 'PUT',
      body: {},
    })
    expect(response.status).toBe(400)
    expect((await json(response)).message).toBe('Admins cannot be deactivated.')
  })

  it('answers 404 for an unknown user', async () => {
    const response = await asAdmin(
      '/api/admin/users/00000000-0000-4000-8000-000000000000/deactivate',
      {
        method: 'PUT',
        body: {},
      },
    )
    expect(response.status).toBe(404)
  })
})
