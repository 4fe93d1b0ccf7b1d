import { sessions } from '@fiveconnect/db'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SESSION_COOKIE_NAME } from '../auth/lucia.ts'
import { createTestApp, registerUser, type TestApp } from '../test/test-app.ts'

const DAY = 24 * 60 * 60 * 1000
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const sessionIdOf = (cookie: string) => cookie.slice(`${SESSION_COOKIE_NAME}=`.length)
const signedInAs = async (cookie: string) =>
  (await t.request('/api/auth/user', { cookie })).status === 200

describe('session lifetimes', () => {
  it('use a session id of at least 128 random bits (26 base32 characters)', async () => {
    const { cookie } = await registerUser(t)
    expect(sessionIdOf(cookie)).toMatch(/^[a-z0-9]{26,}$/)
  })

  it('end a session that has not been used for 14 days', async () => {
    const { cookie } = await registerUser(t)
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, sessionIdOf(cookie)))
    expect(await signedInAs(cookie)).toBe(false)
  })

  it('end a session 90 days after sign-in, however often it is used', async () => {
    const { cookie } = await registerUser(t)
    await t.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 91 * DAY), expiresAt: new Date(Date.now() + DAY) })
      .where(eq(sessions.id, sessionIdOf(cookie)))
    expect(await signedInAs(cookie)).toBe(false)
    const [left] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sessionIdOf(cookie)))
    expect(left).toBeUndefined()
  })

  it('keep a session in use alive', async () => {
    const { cookie } = await registerUser(t)
    await t.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 60 * DAY) })
      .where(eq(sessions.id, sessionIdOf(cookie)))
    expect(await signedInAs(cookie)).toBe(true)
  })
})

describe('signing in', () => {
  it('over an ended session leaves the browser with the new session', async () => {
    const { email, password } = await registerUser(t)
    const response = await t.request('/api/login', {
      body: { email, password },
      cookie: `${SESSION_COOKIE_NAME}=${'a'.repeat(26)}`,
    })
    expect(response.status).toBe(200)
    // The browser keeps the last of the session cookies an answer sets.
    const last = response.headers
      .getSetCookie()
      .filter((cookie) => cookie.startsWith(`${SESSION_COOKIE_NAME}=`))
      .at(-1)
    expect(await signedInAs(last?.split(';')[0] ?? '')).toBe(true)
  })
})
