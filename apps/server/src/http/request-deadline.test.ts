import { createServer, type Socket } from 'node:net'
import { createDb } from '@fiveconnect/db'
import { Hono } from 'hono'
import { afterAll, describe, expect, it } from 'vitest'
import { createApp } from '../app.ts'
import { createOutboxMailer } from '../mail/outbox-mailer.ts'
import { createTestStorage, TEST_APP_URL } from '../test/test-app.ts'
import { requestDeadline } from './request-deadline.ts'

const OUTAGE = { message: 'FiveConnect is briefly unavailable. Please try again in a moment.' }

describe('the request deadline', () => {
  const appWithDeadline = (milliseconds: number) =>
    new Hono()
      .use(requestDeadline(milliseconds))
      .get('/quick', (c) => c.json({ ok: true }))
      .get('/stuck', () => new Promise<Response>(() => {}))

  it('answers 503 with a message to retry when the work is not done in time', async () => {
    const response = await appWithDeadline(100).request('/stuck')
    expect(response.status).toBe(503)
    expect(response.headers.get('retry-after')).toBe('5')
    expect(await response.json()).toEqual(OUTAGE)
  })

  it('leaves a request that finishes in time alone', async () => {
    const response = await appWithDeadline(10_000).request('/quick')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ ok: true })
  })
})

describe('a database that accepts connections but never answers', () => {
  const sockets = new Set<Socket>()
  const blackHole = createServer((socket) => sockets.add(socket))
  afterAll(async () => {
    for (const socket of sockets) socket.destroy()
    await new Promise((resolve) => blackHole.close(resolve))
  })

  it('gets a 503 to retry, not a hung request', async () => {
    await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve))
    const address = blackHole.address()
    if (!address || typeof address === 'string') throw new Error('no port')
    const handle = createDb({ url: `postgres://nobody@127.0.0.1:${address.port}/none` })
    const app = createApp({
      db: handle.db,
      mailer: createOutboxMailer('/dev/null/outbox', () => {}),
      storage: createTestStorage('/dev/null/objects'),
      config: { appUrl: TEST_APP_URL, secureCookies: false, requestDeadlineMs: 300 },
    })
    const response = await app.request(`${TEST_APP_URL}/api/auth/user`, {
      headers: { cookie: 'fiveconnect_session=abc' },
    })
    expect(response.status).toBe(503)
    expect(await response.json()).toEqual(OUTAGE)
    void handle.close()
  })
})
