import { RATE_LIMIT_POLICIES } from '@fiveconnect/api/server'
import { rateLimitBuckets, type DbHandle } from '@fiveconnect/db'
import { createTestDb } from '@fiveconnect/db/testing'
import { like } from 'drizzle-orm'
import superjson from 'superjson'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, registerUser, type TestApp } from '../test/test-app.ts'

const MINUTE = 60_000
const limits = {
  trustProxy: true,
  rateLimits: {
    ...RATE_LIMIT_POLICIES,
    'login:account-ip': { limit: 3, windowMs: 15 * MINUTE },
    'register:ip': { limit: 2, windowMs: 60 * MINUTE },
    'forgot-password:account-ip': { limit: 2, windowMs: 60 * MINUTE },
  },
}
let database: DbHandle
let t: TestApp
/** A second instance of the app on the same database, as behind a load balancer. */
let other: TestApp
beforeAll(async () => {
  database = await createTestDb()
  const shared = { ...database, close: () => Promise.resolve() }
  ;[t, other] = await Promise.all([
    createTestApp({ ...limits, database: shared }),
    createTestApp({ ...limits, database: shared }),
  ])
})
afterAll(async () => {
  await Promise.all([t.close(), other.close()])
  await database.close()
})

const from = (ip: string) => ({ 'x-forwarded-for': ip })

describe('abuse limits', () => {
  it('stops password guessing with a 429 and Retry-After, without locking out the real user', async () => {
    const user = await registerUser(t, {}, from('10.0.0.1'))
    const guess = () =>
      t.request('/api/login', {
        body: { email: user.email, password: 'wrong guess' },
        headers: from('203.0.113.9'),
      })
    for (let attempt = 0; attempt < 3; attempt++) expect((await guess()).status).toBe(401)

    const limited = await guess()
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(800)
    expect(await limited.json()).toEqual({
      message: 'Too many attempts. Please wait 15 minutes and try again.',
    })

    const realUser = await t.request('/api/login', {
      body: { email: user.email, password: user.password },
      headers: from('10.0.0.1'),
    })
    expect(realUser.status).toBe(200)
  })

  it('refuses a burst past the limit without a write per request, and on every instance', async () => {
    const user = await registerUser(t, {}, from('10.0.0.3'))
    const guess = (app: TestApp) =>
      app.request('/api/login', {
        body: { email: user.email, password: 'wrong guess' },
        headers: from('192.0.2.44'),
      })
    for (let attempt = 0; attempt < 3; attempt++) expect((await guess(t)).status).toBe(401)
    // The other instance counts in the same database, so the fourth guess is refused there.
    expect((await guess(other)).status).toBe(429)
    expect((await guess(t)).status).toBe(429)

    const hitsNow = () =>
      database.db
        .select({ key: rateLimitBuckets.key, hits: rateLimitBuckets.hits })
        .from(rateLimitBuckets)
        .where(like(rateLimitBuckets.key, 'login:%192.0.2.44'))
        .orderBy(rateLimitBuckets.key)
    const before = await hitsNow()
    const burst = await Promise.all(Array.from({ length: 30 }, (_, i) => guess(i % 2 ? t : other)))
    expect(burst.map((response) => response.status)).toEqual(Array(30).fill(429))
    expect(await burst[0]?.json()).toEqual({
      message: 'Too many attempts. Please wait 15 minutes and try again.',
    })
    // Both instances refused the burst from memory: not one more hit counted, per address or account.
    expect(await hitsNow()).toEqual(before)
  })

  it('applies the same limit to the tRPC call', async () => {
    const user = await registerUser(t, {}, from('10.0.0.2'))
    const guess = () =>
      t.request('/api/trpc/auth.login', {
        body: superjson.serialize({ email: user.email, password: 'wrong guess' }),
        headers: from('198.51.100.7'),
      })
    for (let attempt = 0; attempt < 3; attempt++) expect((await guess()).status).toBe(401)
    const limited = await guess()
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/)
  })

  it('limits registrations per address', async () => {
    await registerUser(t, {}, from('192.0.2.50'))
    await registerUser(t, {}, from('192.0.2.50'))
    await expect(registerUser(t, {}, from('192.0.2.50'))).rejects.toThrow(/Too many attempts/)
    const elsewhere = await registerUser(t, {}, from('192.0.2.51'))
    expect(elsewhere.cookie).toMatch(/^fiveconnect_session=/)
  })

  it('limits reset requests the same way for known and unknown addresses', async () => {
    const user = await registerUser(t, {}, from('10.0.0.3'))
    const statuses = async (email: string) => {
      const answers: number[] = []
      for (let attempt = 0; attempt < 3; attempt++) {
        const response = await t.request('/api/auth/forgot-password', {
          body: { email },
          headers: from('192.0.2.99'),
        })
        answers.push(response.status)
      }
      return answers
    }
    expect(await statuses(user.email)).toEqual([200, 200, 429])
    expect(await statuses('nobody@example.com')).toEqual([200, 200, 429])
    await vi.waitFor(async () => {
      const mails = (await t.readOutbox()).filter((mail) => mail.to === user.email)
      expect(mails).toHaveLength(2)
    })
  })
})
