import { users, type DbHandle } from '@fiveconnect/db'
import { createTestDb } from '@fiveconnect/db/testing'
import { sql } from 'drizzle-orm'
import { spawn } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashPassword } from '../auth/passwords.ts'
import { captureLogs, type LogEntry } from '../test/logs.ts'
import { createTestApp } from '../test/test-app.ts'
import { logError, readableLogs, redactText } from './logger.ts'

let database: DbHandle
let passwordHash: string
const email = 'ada.lovelace@example.com'

beforeAll(async () => {
  database = await createTestDb()
  passwordHash = await hashPassword('correct horse battery')
})
afterAll(() => database.close())

type LoggedError = {
  type: string
  message: string
  code?: string
  constraint?: string
  constraint_name?: string
  stack: string
  cause?: LoggedError
}

/** What logError writes for the error `write` throws: the raw line, and its error. */
async function loggedFor(write: () => Promise<unknown>) {
  const error = await write().then(
    () => expect.unreachable('the write should have failed'),
    (thrown: unknown) => thrown,
  )
  const logs = captureLogs()
  logError('Request failed', error)
  const [entry] = logs.entries()
  expect(entry?.msg).toBe('Request failed')
  expect(entry?.level).toBe(50)
  return { text: logs.text(), err: entry?.err as LoggedError }
}

describe('logging an error from a failed insert', () => {
  it('leaves out the query parameters: the email and the Argon2 hash', async () => {
    const { text, err } = await loggedFor(() =>
      database.db
        .insert(users)
        .values({ email, passwordHash, firstName: 'Ada\u0000', lastName: 'Lovelace' }),
    )
    expect(text).not.toContain(email)
    expect(text).not.toContain(passwordHash)
    expect(text).not.toContain('$argon2')
    expect(err.type).toBe('DrizzleQueryError')
    expect(err.message).toMatch(/^Failed query: insert into "users"/)
    expect(err.message).toContain('params: [redacted]')
    expect(err.cause).toMatchObject({
      code: '22021',
      message: expect.stringContaining('invalid byte sequence for encoding "UTF8"') as string,
    })
    expect(err.stack).toMatch(/^\s+at /)
  })

  it('leaves out the conflicting email that a unique violation quotes', async () => {
    await database.db.insert(users).values({ email, passwordHash, firstName: 'A', lastName: 'L' })
    const { text, err } = await loggedFor(() =>
      database.db.insert(users).values({ email, passwordHash, firstName: 'A', lastName: 'L' }),
    )
    expect(text).not.toContain(email)
    expect(text).not.toContain(passwordHash)
    expect(err.cause?.code).toBe('23505')
    expect(err.cause?.constraint ?? err.cause?.constraint_name).toBe('users_email_unique')
    expect(err.cause?.message).toContain('duplicate key value violates unique constraint')
  })
})

describe('logging an error whose message carries secrets', () => {
  it('redacts tokens, cookies, emails and phone numbers and keeps the rest', async () => {
    const { text, err } = await loggedFor(() =>
      Promise.reject(
        new Error(
          'Reset for grace@example.org failed: token=abc123def, cookie: fiveconnect_session=s3cr3t; mobile +44 20 7946 0958 at 2026-11-24T10:00:00Z (ECONNREFUSED 127.0.0.1:5432)',
          { cause: new TypeError('password: "hunter2" was refused') },
        ),
      ),
    )
    for (const secret of ['grace@example.org', 'abc123def', 's3cr3t', '7946 0958', 'hunter2']) {
      expect(text).not.toContain(secret)
    }
    expect(err.type).toBe('Error')
    expect(err.message).toContain('Reset for [redacted email] failed: token=[redacted]')
    expect(err.message).toContain('at 2026-11-24T10:00:00Z (ECONNREFUSED 127.0.0.1:5432)')
    expect(err.cause).toMatchObject({
      type: 'TypeError',
      message: 'password: [redacted] was refused',
    })
  })

  it('redacts each kind of secret when it is the only one in the text', () => {
    const redacted: [string, string][] = [
      ['insert failed\nparams: ann@example.org,1', 'insert failed\nparams: [redacted]'],
      ['GET /api/calendar/k3y.ics', 'GET /api/calendar/[redacted]'],
      ['GET /api/reminders/unsubscribe/k3y', 'GET /api/reminders/unsubscribe/[redacted]'],
      ['hash $argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA', 'hash [redacted hash]'],
      ['Authorization: Bearer abc.def', 'Authorization: [redacted] [redacted]'],
      ['sent with bearer abc.def', 'sent with bearer [redacted]'],
      ['apiKey=xyz', 'apiKey=[redacted]'],
      ['to ann@example.org', 'to [redacted email]'],
      ['call +44 20 7946 0958', 'call [redacted number]'],
    ]
    for (const [text, expected] of redacted) expect(redactText(text)).toBe(expected)
    expect(redactText('GET /api/connections 200')).toBe('GET /api/connections 200')
  })
})

/** The error lines logged, by message. */
function errorsIn(entries: LogEntry[]) {
  return new Map(
    entries
      .filter((entry) => entry.level === 50)
      .map((entry) => [entry.msg, entry.err as LoggedError]),
  )
}

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
      const logs = captureLogs()
      const rest = await t.request('/api/register', { body: registration })
      const trpc = await t.request('/api/trpc/auth.register', { body: { json: registration } })
      expect([rest.status, trpc.status]).toEqual([500, 500])

      expect(logs.text()).not.toContain(email)
      expect(logs.text()).not.toContain('$argon2')
      const errors = errorsIn(logs.entries())
      for (const context of ['POST /api/register failed', 'tRPC auth.register failed']) {
        const err = errors.get(context)
        expect(err?.type).toBe('TRPCError')
        expect(err?.message).toMatch(/^Failed query: insert/)
        expect(err?.cause?.type).toBe('DrizzleQueryError')
        expect(err?.cause?.cause?.code).toBe('23514')
        expect(err?.cause?.cause?.constraint ?? err?.cause?.cause?.constraint_name).toBe(
          'no_ghosts',
        )
      }
      // Each error line under the id its request was answered with.
      const idOf = (context: string) =>
        logs.entries().find((entry) => entry.level === 50 && entry.msg === context)?.reqId
      expect([idOf('POST /api/register failed'), idOf('tRPC auth.register failed')]).toEqual([
        rest.headers.get('X-Request-Id'),
        trpc.headers.get('X-Request-Id'),
      ])
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
      const logs = captureLogs()
      const rest = await t.request(`/api/calendar/${token}.ics`)
      const input = encodeURIComponent(JSON.stringify({ json: { token } }))
      const trpc = await t.request(`/api/trpc/calendarFeed.ics?input=${input}`)
      expect([rest.status, trpc.status]).toEqual([500, 500])

      expect(logs.text()).not.toContain(token)
      const errors = errorsIn(logs.entries())
      expect(errors.has('GET /api/calendar/[redacted] failed')).toBe(true)
      expect(errors.has('tRPC calendarFeed.ics failed')).toBe(true)
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
      const logs = captureLogs()
      const page = await t.request(`/api/reminders/unsubscribe/${token}`, { method: 'POST' })
      expect(page.status).toBe(500)

      expect(logs.text()).not.toContain(token)
      expect(
        errorsIn(logs.entries()).has('POST /api/reminders/unsubscribe/[redacted] failed'),
      ).toBe(true)
    } finally {
      await t.close()
    }
  })
})

describe('the log format', () => {
  it('is readable lines at a terminal and JSON anywhere else, unless one is asked for', () => {
    expect(readableLogs('auto', { isTTY: true })).toBe(true)
    expect(readableLogs('auto', {})).toBe(false)
    expect(readableLogs('json', { isTTY: true })).toBe(false)
    expect(readableLogs('pretty', {})).toBe(true)
  })
})

describe('a quiet server', () => {
  it('writes its lines to stdout while it runs on, not only when it exits', async () => {
    const logger = new URL('./logger.ts', import.meta.url).href
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '--eval',
        `const { logger } = await import(${JSON.stringify(logger)})
        logger.info('one quiet line')
        setTimeout(() => {}, 120_000)`,
      ],
      // Stopped after 30 s: pino flushes at exit, so the line would come then.
      { stdio: ['ignore', 'pipe', 'inherit'], timeout: 30_000 },
    )
    try {
      const line = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => resolve(chunk.toString()))
        child.on('exit', () => reject(new Error('No line was written while the process ran')))
      })
      expect(JSON.parse(line)).toMatchObject({ level: 30, msg: 'one quiet line' })
    } finally {
      child.kill()
    }
  }, 60_000)
})
