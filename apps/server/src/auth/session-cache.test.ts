import { users, type DbHandle } from '@fiveconnect/db'
import { createTestDb } from '@fiveconnect/db/testing'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, json, registerUser, signInAdmin, type TestApp } from '../test/test-app.ts'

// Two instances of the app on one database, as behind a load balancer: each remembers the
// sessions it checked, and must refuse one the other ended on its very next request.

let database: DbHandle
let a: TestApp
let b: TestApp
beforeAll(async () => {
  database = await createTestDb()
  const shared = { ...database, close: () => Promise.resolve() }
  ;[a, b] = await Promise.all([
    createTestApp({ database: shared }),
    createTestApp({ database: shared }),
  ])
})
afterAll(async () => {
  await Promise.all([a.close(), b.close()])
  await database.close()
})

const me = (app: TestApp, cookie: string) => app.request('/api/auth/user', { cookie })

describe('sessions across instances', () => {
  it('refuses on one instance a session signed out on the other, at once', async () => {
    const user = await registerUser(a)
    // Both instances have now checked, and remembered, the session.
    expect((await me(a, user.cookie)).status).toBe(200)
    expect((await me(b, user.cookie)).status).toBe(200)
    expect((await me(b, user.cookie)).status).toBe(200)

    expect((await a.request('/api/logout', { method: 'POST', cookie: user.cookie })).status).toBe(
      200,
    )
    expect((await me(b, user.cookie)).status).toBe(401)
    expect((await me(a, user.cookie)).status).toBe(401)
  })

  it('refuses on one instance the other sessions of a password changed on the other', async () => {
    const user = await registerUser(a)
    expect((await me(b, user.cookie)).status).toBe(200)
    const changed = await a.request('/api/trpc/auth.changePassword', {
      cookie: user.cookie,
      body: {
        json: {
          currentPassword: user.password,
          password: 'quiet-meadow-42',
          confirmPassword: 'quiet-meadow-42',
        },
      },
    })
    expect(changed.status).toBe(200)
    expect((await me(b, user.cookie)).status).toBe(401)
  })

  it('refuses on one instance a user deactivated on the other, at once', async () => {
    const user = await registerUser(a)
    const admin = await signInAdmin(a)
    expect((await me(b, user.cookie)).status).toBe(200)
    const deactivated = await a.request(`/api/admin/users/${user.id}/deactivate`, {
      method: 'PUT',
      cookie: admin.cookie,
    })
    expect(deactivated.status).toBe(200)
    expect((await me(b, user.cookie)).status).toBe(401)
  })

  it('forgets a session whose user changed by any path, once the database has told it', async () => {
    const user = await registerUser(a)
    expect(await json(await me(a, user.cookie))).toMatchObject({ firstName: 'Test' })
    const renamed = await b.request('/api/profile', {
      method: 'PUT',
      cookie: user.cookie,
      body: { firstName: 'Renamed', lastName: 'Person' },
    })
    expect(renamed.status).toBe(200)
    await a.sessionEvents.settled()
    expect(await json(await me(a, user.cookie))).toMatchObject({ firstName: 'Renamed' })

    await database.db.update(users).set({ isActive: false }).where(eq(users.id, user.id))
    await b.sessionEvents.settled()
    expect((await me(b, user.cookie)).status).toBe(401)
  })
})
