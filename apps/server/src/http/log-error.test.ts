import { format } from 'node:util'
import { users, type DbHandle } from '@fiveconnect/db'
import { createTestDb } from '@fiveconnect/db/testing'
import { sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { hashPassword } from '../auth/passwords.ts'
import { createTestApp } from '../test/test-app.ts'
import { logError } from './log-error.ts'

let database: DbHandle
let passwordHash: string
const email = 'ada.lovelace@example.com'

beforeAll(async () => {
  database = await createTestDb()
  passwordHash = await hashPassword('correct horse battery')
})
afterAll(() => database.close())
afterEach(() => {
  vi.restoreAllMocks()
})

/** What logError writes for the error `write` throws. */
async function loggedFor(write: () => Promise<unknown>): Promise<string> {
  const error = await write().then(
    () => expect.unreachable('the write should have failed'),
    (thrown: unknown) => thrown,
  )
  const log = captureErrorLog()
  logError('Request failed', error)
  return log()
}

/** Collects what console.error prints, as it would print it. */
function captureErrorLog(): () => string {
  const lines: string[] = []
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    lines.push(format(...args))
  })
  return () => lines.join('\n')
}

describe('logging an error from a failed insert', () => {
  it('leaves out the query parameters: the email and the Argon2 hash', async () => {
    const logged = await loggedFor(() =>
      database.db
        .insert(users)
        .values({ email, passwordHash, firstName: 'Ada\u0000', lastName: 'Lovelace' }),
    )
    expect(logged).not.toContain(email)
    expect(logged).not.toContain(passwordHash)
    expect(logged).not.toContain('$argon2')
    expect(logged).toMatch(/^Request failed: DrizzleQueryError: Failed query: insert into "users"/)
    expect(logged).toContain('params: [redacted]')
    expect(logged).toMatch(
      /Caused by: \w+ \[code=22021\]: invalid byte sequence for encoding "UTF8"/,
    )
    expect(logged).toMatch(/\n\s+at /)
  })

  it('leaves out the conflicting email that a unique violation quotes', async () => {
    await database.db.insert(users).values({ email, passwordHash, firstName: 'A', lastName: 'L' })
    const logged = await loggedFor(() =>
      database.db.insert(users).values({ email, passwordHash, firstName: 'A', lastName: 'L' }),
    )
    expect(logged).not.toContain(email)
    expect(logged).not.toContain(passwordHash)
    expect(logged).toMatch(/\[code=23505, constraint(_name)?=users_email_unique/)
    expect(logged).toContain('duplicate key value violates unique constraint')
  })
})

describe('logging an error whose message carries secrets', () => {
  it('redacts tokens, cookies, emails and phone numbers and keeps the rest', async () => {
    const logged = await loggedFor(() =>
      Promise.reject(
        new Error(
          'Reset for grace@example.org failed: token=abc123def, cookie: fiveconnect_session=s3cr3t; mobile +44 20 7946 0958 at 2026-11-24T10:00:00Z (ECONNREFUSED 127.0.0.1:5432)',
          { cause: new TypeError('password: "hunter2" was refused') },
        ),
      ),
    )
    for (const secret of ['grace@example.org', 'abc123def', 's3cr3t', '7946 0958', 'hunter2']) {
      expect(logged).not.toContain(secret)
    }
    expect(logged).toContain('Error: Reset for [redacted email] failed: token=[redacted]')
    expect(logged).toContain('at 2026-11-24T10:00:00Z (ECONNREFUSED 127.0.0.1:5432)')
    expect(logged).toContain('Caused by: TypeError: password: [redacted] was refused')
  })
})

describe('a request that fails in the database', () => {
  it('logs its error over REST and tRPC without the email or the password hash', async () => {
    const t = await createTestApp()
    try {
      // A rule the schemas do not know, so the insert fails in the database with a 500.
      await t.db.execute(
        sql`alter table users add constraint no_ghosts check (first_name <> 'Ghost')`,
      )
      const registration = {
        email,
        password: 'correct horse battery',
        confirmPassword: 'correct horse battery',
        firstName: 'Ghost',
        lastName: 'Writer',
      }
      const log = captureErrorLog()
      const rest = await t.request('/api/register', { body: registration })
      const trpc = await t.request('/api/trpc/auth.register', { body: { json: registration } })
      expect([rest.status, trpc.status]).toEqual([500, 500])

      const logged = log()
      expect(logged).not.toContain(email)
      expect(logged).not.toContain('$argon2')
      expect(logged).toMatch(/^POST \/api\/register failed: TRPCError .*: Failed query: insert/)
      expect(logged).toMatch(/^tRPC auth.register failed: TRPCError .*: Failed query: insert/m)
      expect(logged).toContain('Caused by: DrizzleQueryError: Failed query: insert')
      expect(logged).toMatch(/\[code=23514, constraint(_name)?=no_ghosts/)
    } finally {
      await t.close()
    }
  })

  it('logs a failed calendar feed request without the secret in its path', async () => {
    const t = await createTestApp()
    try {
      // The feed's lookup fails in the database with a 500.
      await t.db.execute(sql`alter table users rename column calendar_feed_token_hash to gone`)
      const token = 'A'.repeat(22) + 'b_-'.repeat(7)
      const log = captureErrorLog()
      const rest = await t.request(`/api/calendar/${token}.ics`)
      const input = encodeURIComponent(JSON.stringify({ json: { token } }))
      const trpc = await t.request(`/api/trpc/calendarFeed.ics?input=${input}`)
      expect([rest.status, trpc.status]).toEqual([500, 500])

      const logged = log()
      expect(logged).not.toContain(token)
      expect(logged).toMatch(/^GET \/api\/calendar\/\[redacted\] failed: /)
      expect(logged).toMatch(/^tRPC calendarFeed.ics failed: /m)
    } finally {
      await t.close()
    }
  })

  it('logs a failed unsubscribe request without the secret in its path', async () => {
    const t = await createTestApp()
    try {
      // The link's lookup fails in the database with a 500.
      await t.db.execute(
        sql`alter table reminder_digests rename column unsubscribe_token_hash to gone`,
      )
      const token = 'A'.repeat(22) + 'b_-'.repeat(7)
      const log = captureErrorLog()
      const page = await t.request(`/api/reminders/unsubscribe/${token}`, { method: 'POST' })
      expect(page.status).toBe(500)

      const logged = log()
      expect(logged).not.toContain(token)
      expect(logged).toMatch(/^POST \/api\/reminders\/unsubscribe\/\[redacted\] failed: /)
    } finally {
      await t.close()
    }
  })
})
