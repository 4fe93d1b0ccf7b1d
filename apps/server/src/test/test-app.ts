import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { DbHandle } from '@fiveconnect/db'
import { createTestDb } from '@fiveconnect/db/testing'
import { createApp, type AppDeps } from '../app.ts'
import { createOutboxMailer, readOutbox } from '../mail/outbox-mailer.ts'

export const TEST_APP_URL = 'http://localhost:3000'

export type TestApp = Awaited<ReturnType<typeof createTestApp>>

/** The whole HTTP app on a fresh database, with the outbox mailer in a temporary folder. */
export async function createTestApp(config: Partial<AppDeps['config']> = {}) {
  const database: DbHandle = await createTestDb()
  const dataDir = await mkdtemp(join(tmpdir(), 'fiveconnect-test-'))
  const outbox = join(dataDir, 'outbox')
  const app = createApp({
    db: database.db,
    mailer: createOutboxMailer(outbox, () => {}),
    config: { appUrl: TEST_APP_URL, secureCookies: false, ...config },
  })

  async function request(
    path: string,
    init: {
      method?: string
      body?: unknown
      cookie?: string
      headers?: Record<string, string>
    } = {},
  ) {
    const headers: Record<string, string> = { ...init.headers }
    if (init.cookie) headers.cookie = init.cookie
    let body: string | undefined
    if (init.body !== undefined) {
      headers['content-type'] ??= 'application/json'
      body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body)
    }
    return app.request(`${TEST_APP_URL}${path}`, {
      method: init.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
    })
  }

  return {
    app,
    db: database.db,
    request,
    readOutbox: () => readOutbox(outbox),
    async close() {
      await database.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/** The `name=value` part of the session cookie a response set, ready for a Cookie header. */
export function sessionCookieFrom(response: Response): string {
  const cookie = response.headers
    .getSetCookie()
    .find((value) => value.startsWith('fiveconnect_session='))
  if (!cookie) throw new Error('The response set no session cookie')
  return cookie.split(';')[0] ?? ''
}

let userCounter = 0

/** Registers a new attendee through the API and returns its credentials and session cookie. */
export async function registerUser(testApp: TestApp, overrides: Record<string, string> = {}) {
  userCounter += 1
  const credentials = {
    email: `user${userCounter}-${Date.now()}@example.com`,
    password: 'correct horse',
    confirmPassword: 'correct horse',
    firstName: 'Test',
    lastName: `User ${userCounter}`,
    ...overrides,
  }
  const response = await testApp.request('/api/register', { body: credentials })
  if (response.status !== 201) throw new Error(`Registration failed: ${await response.text()}`)
  const user = (await response.json()) as { id: string; email: string }
  return { ...credentials, id: user.id, cookie: sessionCookieFrom(response) }
}
