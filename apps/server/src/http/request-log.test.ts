import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { logger, logError } from '../logging/logger.ts'
import { captureLogs, type LogEntry } from '../test/logs.ts'
import { createTestApp, registerUser, type TestApp } from '../test/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

function requestLines(entries: LogEntry[]) {
  return entries.filter((entry) => 'route' in entry)
}

describe('the request log', () => {
  it('writes one JSON line per request: id, method, route pattern, status and duration', async () => {
    const user = await registerUser(t)
    const logs = captureLogs()
    const id = '00000000-0000-4000-8000-000000000000'
    const response = await t.request(`/api/connections/${id}`, {
      method: 'DELETE',
      cookie: user.cookie,
    })
    expect(response.status).toBe(404)

    const reqId = response.headers.get('X-Request-Id')
    expect(reqId).toMatch(UUID)
    const lines = requestLines(logs.entries())
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({
      level: 30,
      reqId,
      method: 'DELETE',
      route: '/api/connections/:id',
      status: 404,
      msg: 'DELETE /api/connections/:id 404',
    })
    expect(lines[0]?.durationMs).toEqual(expect.any(Number))
    expect(logs.text()).not.toContain(id)
  })

  it('names the pattern of tRPC, unknown API paths and the metrics route', async () => {
    const logs = captureLogs()
    const responses = [
      await t.request('/api/trpc/auth.me'),
      await t.request('/api/no-such-thing/123'),
      await t.request('/metrics'),
    ]
    const lines = requestLines(logs.entries())
    expect(lines.map((entry) => entry.route)).toEqual(['/api/trpc/*', '/api/*', '/metrics'])
    // tRPC answers with a Response of its own: the id header is still on it.
    expect(responses.map((response) => response.headers.get('X-Request-Id'))).toEqual(
      lines.map((entry) => entry.reqId),
    )
  })

  it('gives every request its own id, and keeps a safe one a proxy sent', async () => {
    const first = await t.request('/api/health')
    const second = await t.request('/api/health')
    expect(first.headers.get('X-Request-Id')).not.toBe(second.headers.get('X-Request-Id'))

    const logs = captureLogs()
    const kept = await t.request('/api/health', { headers: { 'X-Request-Id': 'lb-7f3a9c.01' } })
    expect(kept.headers.get('X-Request-Id')).toBe('lb-7f3a9c.01')
    for (const unsafe of ['two words', 'x'.repeat(65), '{"level":60}']) {
      const replaced = await t.request('/api/health', { headers: { 'X-Request-Id': unsafe } })
      expect(replaced.headers.get('X-Request-Id')).toMatch(UUID)
    }
    expect(requestLines(logs.entries()).map((entry) => entry.reqId)[0]).toBe('lb-7f3a9c.01')
    expect(logs.text()).not.toContain('two words')
  })

  it("puts the request's id on the error it logs", async () => {
    const failing = await createTestApp()
    try {
      await failing.db.execute(sql`alter table users rename column email to gone`)
      const logs = captureLogs()
      const response = await failing.request('/api/login', {
        body: { email: 'ada@example.com', password: 'whatever-1' },
      })
      expect(response.status).toBe(500)
      const reqId = response.headers.get('X-Request-Id')
      const [error] = logs.entries().filter((entry) => entry.level === 50)
      expect(error).toMatchObject({ reqId, msg: 'POST /api/login failed' })
      expect(requestLines(logs.entries())[0]).toMatchObject({ reqId, status: 500 })
    } finally {
      await failing.close()
    }
  })
})

describe('the redaction list', () => {
  // Each a value that must never reach the log, whichever way it comes in.
  const secrets = {
    password: 'Tr0ub4dor-3-horse!',
    passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo',
    resetToken: 'rst_9fK2mQ7xLp4WzA1bC3dE5f',
    feedToken: 'AAAAAAAAAAAAAAAAAAAAAAb_-b_-b_-b_-b_-b_-b_-',
    sessionCookie: 'sess0a1b2c3d4e5f6g7h8i9j0k',
    uploadSignature: 'sig7Hq2Lm9Xw4Pz1Ry6Tv3Ns8',
    bearer: 'bearer-9s8d7f6g5h4j3k2l1q0w9e8r',
    email: 'grace.hopper@example.org',
    mobile: '+44 7700 900123',
    firstName: 'Grace',
    lastName: 'Hopperington',
  }

  it('keeps passwords, hashes, tokens, cookies, signatures and contact details out', async () => {
    const failing = await createTestApp()
    try {
      // Every request below fails in the database, so each logs an error as well as its line.
      await failing.db.execute(sql`alter table users rename column email to gone`)
      await failing.db.execute(
        sql`alter table users rename column calendar_feed_token_hash to gone_too`,
      )
      const logs = captureLogs()
      const headers = {
        cookie: `fiveconnect_session=${secrets.sessionCookie}`,
        authorization: `Bearer ${secrets.bearer}`,
      }
      await failing.request('/api/register', {
        headers,
        body: {
          email: secrets.email,
          password: secrets.password,
          confirmPassword: secrets.password,
          firstName: secrets.firstName,
          lastName: secrets.lastName,
          mobile: secrets.mobile,
        },
      })
      await failing.request(`/api/calendar/${secrets.feedToken}.ics`, { headers })
      await failing.request(
        `/api/auth/reset-password?token=${secrets.resetToken}&email=${secrets.email}`,
        { headers, body: { token: secrets.resetToken, password: secrets.password } },
      )
      await failing.request(
        `/api/objects/local-upload/x?signature=${secrets.uploadSignature}&expires=1`,
        { method: 'PUT', headers, body: secrets.mobile },
      )
      // An error that carries each secret in its message, its fields and its cause.
      logError(
        `Import for ${secrets.email} failed`,
        Object.assign(
          new Error(
            `password=${secrets.password} token=${secrets.resetToken} cookie: fiveconnect_session=${secrets.sessionCookie}; signature=${secrets.uploadSignature}; Authorization: Bearer ${secrets.bearer}; ${secrets.passwordHash} ${secrets.email} ${secrets.mobile} /api/calendar/${secrets.feedToken}.ics`,
            { cause: new Error(`no user with ${secrets.email}`) },
          ),
          { params: Object.values(secrets), detail: `Key (email)=(${secrets.email})` },
        ),
      )
      // And fields named for what they hold.
      logger.info({ user: { ...secrets, name: `${secrets.firstName} ${secrets.lastName}` } }, 'x')

      // Without the request ids: a random UUID can hold any four digits ('67700add').
      const text = logs.text().replaceAll(/"reqId":"[\w-]+"/g, '"reqId":""')
      expect(logs.entries().filter((entry) => entry.level === 50).length).toBeGreaterThanOrEqual(3)
      for (const [what, secret] of Object.entries(secrets)) {
        expect(text, what).not.toContain(secret)
      }
      expect(text).not.toContain('7700')
    } finally {
      await failing.close()
    }
  })
})
