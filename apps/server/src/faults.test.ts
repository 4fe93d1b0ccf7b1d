import { createDb, type DbHandle } from '@fiveconnect/db'
import { createTestDb } from '@fiveconnect/db/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from './app.ts'
import { createOutboxMailer } from './mail/outbox-mailer.ts'
import { startTcpProxy } from './test/tcp-proxy.ts'
import { createTestStorage, sessionCookieFrom, TEST_APP_URL } from './test/test-app.ts'

// Outages and several instances need a real Postgres server: CI sets TEST_DATABASE_URL.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL)

describe.runIf(onPostgres)('on a real Postgres server', () => {
  let database: DbHandle & { url?: string }
  const handles: DbHandle[] = []
  const cleanups: (() => Promise<void>)[] = []

  beforeAll(async () => {
    database = await createTestDb()
  })
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup()
    for (const handle of handles) await handle.close()
    await database.close()
  })

  function instance(url: string) {
    const handle = createDb({ url, maxConnections: 3 })
    handles.push(handle)
    const app = createApp({
      db: handle.db,
      mailer: createOutboxMailer('/dev/null/outbox', () => {}),
      storage: createTestStorage('/dev/null/objects'),
      config: { appUrl: TEST_APP_URL, secureCookies: false },
    })
    return (path: string, init: { body?: unknown; cookie?: string } = {}) =>
      app.request(`${TEST_APP_URL}${path}`, {
        method: init.body ? 'POST' : 'GET',
        headers: {
          'content-type': 'application/json',
          ...(init.cookie ? { cookie: init.cookie } : {}),
        },
        body: init.body ? JSON.stringify(init.body) : undefined,
      })
  }

  const account = (email: string) => ({
    email,
    password: 'sunlit-harbor-7',
    confirmPassword: 'sunlit-harbor-7',
    firstName: 'Grace',
    lastName: 'Hopper',
  })

  it('answers 503 with a message while the database is away, then carries on', async () => {
    const databaseUrl = new URL(database.url ?? '')
    const proxy = await startTcpProxy({
      host: databaseUrl.hostname,
      port: Number(databaseUrl.port || 5432),
    })
    cleanups.push(proxy.close)
    databaseUrl.host = `127.0.0.1:${proxy.port}`
    const request = instance(databaseUrl.toString())

    const registered = await request('/api/register', { body: account('outage@example.com') })
    expect(registered.status).toBe(201)
    const cookie = sessionCookieFrom(registered)

    await proxy.cut()
    const started = Date.now()
    const during = await request('/api/auth/user', { cookie })
    expect(during.status).toBe(503)
    expect(during.headers.get('retry-after')).toBe('5')
    expect(await during.json()).toEqual({
      message: 'FiveConnect is briefly unavailable. Please try again in a moment.',
    })
    expect(Date.now() - started).toBeLessThan(10_000)
    expect((await request('/api/health')).status).toBe(503)

    await proxy.restore()
    const after = await request('/api/auth/user', { cookie })
    expect(after.status).toBe(200)
    expect(await after.json()).toMatchObject({ email: 'outage@example.com' })
  }, 30_000)

  it('lets two instances share sessions: sign in on one, read on the other', async () => {
    const url = database.url ?? ''
    const [first, second] = [instance(url), instance(url)]
    const registered = await first('/api/register', { body: account('two@example.com') })
    const cookie = sessionCookieFrom(registered)
    const me = await second('/api/auth/user', { cookie })
    expect(me.status).toBe(200)
    expect(await second('/api/logout', { body: {}, cookie })).toHaveProperty('status', 200)
    expect((await first('/api/auth/user', { cookie })).status).toBe(401)
  })

  it('lets two instances share abuse limits', async () => {
    const url = database.url ?? ''
    const [first, second] = [instance(url), instance(url)]
    const guess = (request: typeof first) =>
      request('/api/login', { body: { email: 'victim@example.com', password: 'wrong guess' } })
    const statuses: number[] = []
    for (let attempt = 0; attempt < 12; attempt++) {
      statuses.push((await guess(attempt % 2 ? first : second)).status)
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401))
    expect(statuses.slice(10)).toEqual([429, 429])
  })
})
