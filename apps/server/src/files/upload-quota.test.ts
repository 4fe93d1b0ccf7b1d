import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { storedObjects } from '@fiveconnect/db'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  objectPathFrom,
  putToUploadUrl,
  PNG_BYTES,
  requestUploadUrl,
  uploadAndConfirm,
  silence,
  withoutQuery,
} from '../test/files.ts'
import { createTestApp, json, registerUser, TEST_APP_URL, type TestApp } from '../test/test-app.ts'
import { findProbeTools } from './audio-tools.ts'

const MB = 1024 * 1024
const DAY_SECONDS = 24 * 60 * 60

let t: TestApp
let audioDir: string
let recording: Buffer
beforeAll(async () => {
  audioDir = await mkdtemp(join(tmpdir(), 'fiveconnect-quota-'))
  const [app, audio] = await Promise.all([
    findProbeTools().then((probeTools) =>
      createTestApp({
        uploadQuota: { filesPerDay: 4, bytesPerDay: 12 * MB },
        transcription: {
          transcriber: { engine: 'offline', transcribe: () => Promise.resolve('') },
          timeoutMs: 1_000,
          probeTools,
        },
      }),
    ),
    silence(audioDir, 2),
  ])
  t = app
  recording = audio
})
afterAll(async () => {
  await t.close()
  await rm(audioDir, { recursive: true, force: true })
})

function grant(cookie: string) {
  return t.request('/api/objects/upload', { method: 'POST', cookie })
}

function grantOverTrpc(cookie: string) {
  return t.request('/api/trpc/uploads.createUploadUrl', { method: 'POST', cookie, body: {} })
}

async function objectsOf(userId: string) {
  return t.db.select().from(storedObjects).where(eq(storedObjects.ownerId, userId))
}

function expectRetryAfterAboutADay(response: Response) {
  const seconds = Number(response.headers.get('retry-after'))
  expect(seconds).toBeGreaterThan(DAY_SECONDS - 60)
  expect(seconds).toBeLessThanOrEqual(DAY_SECONDS)
}

describe('the daily upload quota', () => {
  it('refuses the upload after the daily number of files with 429 over REST and tRPC', async () => {
    const user = await registerUser(t)
    for (let upload = 0; upload < 4; upload++) {
      await objectPathFrom(await uploadAndConfirm(t, user.cookie))
    }
    const message = 'You have reached the limit of 4 files a day. Please try again in 24 hours.'

    const rest = await grant(user.cookie)
    expect(rest.status).toBe(429)
    expectRetryAfterAboutADay(rest)
    expect(await json(rest)).toEqual({ message })

    const trpc = await grantOverTrpc(user.cookie)
    expect(trpc.status).toBe(429)
    expectRetryAfterAboutADay(trpc)
    expect((await json<{ error: { json: { message: string } } }>(trpc)).error.json.message).toBe(
      message,
    )

    expect(await objectsOf(user.id)).toHaveLength(4)
    const someoneElse = await registerUser(t)
    expect((await grant(someoneElse.cookie)).status).toBe(200)
  })

  it('counts an unconfirmed upload at 5 MB and a confirmed one at its size', async () => {
    const user = await registerUser(t)
    const first = await requestUploadUrl(t, user.cookie)
    await requestUploadUrl(t, user.cookie)

    const refused = await grant(user.cookie)
    expect(refused.status).toBe(429)
    expect(await json(refused)).toEqual({
      message: 'You have reached the limit of 12 MB a day. Please try again in 24 hours.',
    })

    expect((await putToUploadUrl(t, first, PNG_BYTES)).status).toBe(200)
    const confirmed = await t.request('/api/connection-photos', {
      method: 'PUT',
      cookie: user.cookie,
      body: { photoURL: withoutQuery(first) },
    })
    expect(confirmed.status).toBe(200)
    expect((await grant(user.cookie)).status).toBe(200)
  })

  it('refuses voice notes past the quota on every route that stores bytes, storing nothing', async () => {
    const user = await registerUser(t)
    // Two unconfirmed uploads count at 5 MB each: 10 of the 12 MB.
    await requestUploadUrl(t, user.cookie)
    await requestUploadUrl(t, user.cookie)
    const before = await objectsOf(user.id)

    const big = Buffer.concat([recording, Buffer.alloc(3 * MB - recording.byteLength)])
    for (const path of ['/api/voice-notes', '/api/transcribe-voice']) {
      const form = new FormData()
      form.append('audio', new Blob([big], { type: 'audio/wav' }), 'voice-note.wav')
      const response = await t.app.request(`${TEST_APP_URL}${path}`, {
        method: 'POST',
        body: form,
        headers: { cookie: user.cookie },
      })
      expect(response.status, path).toBe(429)
      expectRetryAfterAboutADay(response)
      expect(await json(response)).toEqual({
        message: 'You have reached the limit of 12 MB a day. Please try again in 24 hours.',
      })
    }
    expect(await objectsOf(user.id)).toEqual(before)

    // A short recording still fits in what is left.
    const form = new FormData()
    form.append('audio', new Blob([recording], { type: 'audio/wav' }), 'voice-note.wav')
    const saved = await t.app.request(`${TEST_APP_URL}/api/voice-notes`, {
      method: 'POST',
      body: form,
      headers: { cookie: user.cookie },
    })
    expect(saved.status).toBe(201)
  })
})
