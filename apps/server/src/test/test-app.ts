import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { upsertAdmin, type DbHandle } from '@fiveconnect/db'
import { createTestDb } from '@fiveconnect/db/testing'
import { vi } from 'vitest'
import { listenForSessionEvents } from '../auth/session-cache.ts'
import { createApp, type AppDeps } from '../app.ts'
import { hashPassword } from '../auth/passwords.ts'
import { createLocalStorage } from '../files/storage/local-storage.ts'
import { registerTranscriptionJob } from '../files/transcription/transcription-job.ts'
import type { Transcriber } from '../files/transcription/transcriber.ts'
import { startJobQueue, type JobOptions } from '../jobs/job-queue.ts'
import { createOutboxMailer, readOutbox } from '../mail/outbox-mailer.ts'
import { buildOpenApiDocument } from '../openapi/document.ts'
import { documentValidator, expectResponseInDocument } from './openapi-validation.ts'

export const TEST_APP_URL = 'http://localhost:3000'

export type TestApp = Awaited<ReturnType<typeof createTestApp>>

/** Local object storage in `root`, with upload URLs on the test app's origin. */
export function createTestStorage(root: string) {
  return createLocalStorage({
    root,
    publicUrl: TEST_APP_URL,
    secret: 'test-upload-signing-secret-of-32-characters',
    ttlSeconds: 900,
  })
}

export type TestAppOptions = Partial<AppDeps['config']> & {
  /** Defaults to local files in the test's temporary folder. */
  storage?: (dataDir: string) => AppDeps['storage']
  /** Transcription jobs on a job queue of the test's database; none when left out. */
  transcription?: {
    transcriber: Transcriber
    timeoutMs: number
    probeTools?: { ffprobe: string; ffmpeg: string }
    retries?: Pick<JobOptions, 'retryLimit' | 'retryDelaySeconds'>
  }
  /** Defaults to the outbox in the test's temporary folder. */
  mailer?: AppDeps['mailer']
  /** Defaults to a fresh test database; closed with the app either way. */
  database?: DbHandle
  /** The REST routes to serve, and so to check answers against; the whole table by default. */
  routes?: AppDeps['routes']
}

/**
 * The whole HTTP app on a fresh database, with the outbox mailer and local object storage in a
 * temporary folder.
 */
export async function createTestApp({
  storage,
  transcription,
  mailer,
  database: givenDatabase,
  routes,
  ...config
}: TestAppOptions = {}) {
  const database: DbHandle = givenDatabase ?? (await createTestDb())
  const dataDir = await mkdtemp(join(tmpdir(), 'fiveconnect-test-'))
  const outbox = join(dataDir, 'outbox')
  const objectStorage = storage?.(dataDir) ?? createTestStorage(join(dataDir, 'objects'))
  const queue = transcription && (await startJobQueue(database, { pollingIntervalSeconds: 0.5 }))
  if (queue && transcription) {
    const { transcriber, timeoutMs, retries } = transcription
    await registerTranscriptionJob(
      queue,
      { db: database.db, storage: objectStorage, transcriber, timeoutMs },
      retries,
    )
  }
  const sessionEvents = await listenForSessionEvents(database)
  const app = createApp({
    db: database.db,
    sessionEvents,
    mailer: mailer ?? createOutboxMailer(outbox, () => {}),
    storage: objectStorage,
    transcription: transcription && {
      queue,
      timeoutMs: transcription.timeoutMs,
      probeTools: transcription.probeTools,
    },
    config: { appUrl: TEST_APP_URL, secureCookies: false, rateLimits: 'off', ...config },
    routes,
  })
  const expectInDocument = routes
    ? documentValidator(buildOpenApiDocument(routes))
    : expectResponseInDocument

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
    const method = init.method ?? (body ? 'POST' : 'GET')
    const url = `${TEST_APP_URL}${path}`
    const response = await app.request(url, { method, headers, body })
    await expectInDocument(method, url, response)
    return response
  }

  return {
    app,
    db: database.db,
    storage: objectStorage,
    dataDir,
    request,
    readOutbox: () => readOutbox(outbox),
    /** The newest mail to `to`, once it is in the outbox: mail goes out after the answer. */
    lastMailTo: (to: string) =>
      vi.waitFor(async () => {
        const mail = (await readOutbox(outbox)).findLast((entry) => entry.to === to)
        if (!mail) throw new Error(`No mail to ${to} in the outbox`)
        return mail
      }),
    queue,
    sessionEvents,
    async close() {
      await queue?.stop(1000)
      await sessionEvents.stop()
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
export async function registerUser(
  testApp: TestApp,
  overrides: Record<string, string> = {},
  headers: Record<string, string> = {},
) {
  userCounter += 1
  const credentials = {
    email: `user${userCounter}-${Date.now()}@example.com`,
    password: 'correct horse',
    confirmPassword: 'correct horse',
    firstName: 'Test',
    lastName: `User ${userCounter}`,
    ...overrides,
  }
  const response = await testApp.request('/api/register', { body: credentials, headers })
  if (response.status !== 201) throw new Error(`Registration failed: ${await response.text()}`)
  const user = (await response.json()) as { id: string; email: string }
  return { ...credentials, id: user.id, cookie: sessionCookieFrom(response) }
}

/** Creates (or promotes) an admin and signs it in. */
export async function signInAdmin(testApp: TestApp, email = `admin-${Date.now()}@example.com`) {
  const password = 'admin-password-1'
  const admin = await upsertAdmin(testApp.db, {
    email,
    passwordHash: await hashPassword(password),
    firstName: 'Ada',
    lastName: 'Admin',
  })
  const response = await testApp.request('/api/login', { body: { email, password } })
  if (response.status !== 200) throw new Error(`Admin sign-in failed: ${await response.text()}`)
  return { ...admin, password, cookie: sessionCookieFrom(response) }
}

/** The parsed JSON body of a response, for assertions. */
export async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T
}
