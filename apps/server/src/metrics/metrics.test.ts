import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { createTestDb } from '@fiveconnect/db/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { transcribeWithin, TranscriptionError } from '../files/transcription/transcriber.ts'
import { createTestApp, registerUser, TEST_APP_URL, type TestApp } from '../test/test-app.ts'
import { captureLogs } from '../test/logs.ts'
import { registerDatabasePoolMetrics, registerJobQueueMetrics } from './metrics.ts'

const TOKEN = 'metrics-token-of-at-least-32-characters'

let t: TestApp
let closed: TestApp
beforeAll(async () => {
  t = await createTestApp({ metricsToken: TOKEN })
  closed = await createTestApp()
})
afterAll(async () => {
  await t.close()
  await closed.close()
})

async function scrape() {
  const response = await t.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })
  expect(response.status).toBe(200)
  return response.text()
}

/** One second of silence, encoded as a browser records it (WebM/Opus). */
async function silentWebm(): Promise<Buffer> {
  const { stdout } = await promisify(execFile)(
    'ffmpeg',
    ['-nostdin', '-v', 'error', '-f', 'lavfi', '-i', 'anullsrc=r=8000:cl=mono', '-t', '1'].concat([
      '-c:a',
      'libopus',
      '-f',
      'webm',
      'pipe:1',
    ]),
    { encoding: 'buffer' },
  )
  return stdout
}

/** The value of one sample, by its exact name and labels, or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

describe('GET /metrics', () => {
  it('is not there unless METRICS_TOKEN is set', async () => {
    const response = await closed.request('/metrics')
    expect(response.status).toBe(404)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    const withAToken = await closed.request('/metrics', {
      headers: { authorization: `Bearer ${TOKEN}` },
    })
    expect(withAToken.status).toBe(404)
  })

  it('answers 401 without the token or with a wrong one', async () => {
    for (const authorization of [
      undefined,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(1)}`,
      TOKEN,
    ]) {
      const response = await t.request('/metrics', {
        headers: authorization ? { authorization } : {},
      })
      expect(response.status, authorization).toBe(401)
      expect(response.headers.get('WWW-Authenticate')).toBe('Bearer')
      expect(await response.text()).not.toContain('http_request_duration_seconds')
    }
  })

  it('serves the request histogram by route pattern, method and status, uncached', async () => {
    const before = sample(
      await scrape(),
      'http_request_duration_seconds_count{route="/api/connections/:id",method="DELETE",status="401"}',
    )
    await t.request('/api/connections/00000000-0000-4000-8000-000000000000', { method: 'DELETE' })
    const response = await t.request('/metrics', {
      headers: { authorization: `Bearer ${TOKEN}` },
    })
    expect(response.headers.get('Content-Type')).toMatch(/^text\/plain; version=0\.0\.4/)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    const text = await response.text()
    expect(
      sample(
        text,
        'http_request_duration_seconds_count{route="/api/connections/:id",method="DELETE",status="401"}',
      ),
    ).toBe((before ?? 0) + 1)
    expect(text).not.toContain('00000000-0000-4000-8000-000000000000')
    // Node's own process metrics come along.
    expect(text).toContain('process_cpu_user_seconds_total')
    expect(text).toContain('nodejs_eventloop_lag_seconds')
  })

  it('is served outside /api: no session, no Origin check, and a POST is not it', async () => {
    const response = await t.request('/metrics', {
      headers: { authorization: `Bearer ${TOKEN}`, origin: 'https://elsewhere.example' },
    })
    expect(response.status).toBe(200)
    expect(response.headers.getSetCookie()).toEqual([])
    expect((await t.request('/api/metrics')).status).toBe(404)
  })

  it('counts transcriptions by engine and outcome', async () => {
    const audio = { path: '/dev/null', bytes: new Uint8Array(), contentType: 'audio/webm' }
    const series = (outcome: string) =>
      `fiveconnect_transcriptions_total{engine="offline",outcome="${outcome}"}`
    const outcomes = ['transcribed', 'empty', 'failed', 'timed_out']
    const before = await scrape()

    const heard = (text: string) => ({
      engine: 'offline' as const,
      transcribe: () => Promise.resolve(text),
    })
    await transcribeWithin(heard('met at the keynote'), audio, 5000)
    await transcribeWithin(heard('  '), audio, 5000)
    await transcribeWithin(
      { engine: 'offline', transcribe: () => Promise.reject(new TranscriptionError('No tools.')) },
      audio,
      5000,
    )
    await transcribeWithin(
      {
        engine: 'offline',
        transcribe: (_audio, signal) =>
          new Promise((_resolve, reject) =>
            signal.addEventListener('abort', () => reject(new Error('stopped'))),
          ),
      },
      audio,
      50,
    )
    const after = await scrape()
    for (const outcome of outcomes) {
      expect(sample(after, series(outcome)), outcome).toBe(
        (sample(before, series(outcome)) ?? 0) + 1,
      )
    }
  })

  it('counts a transcription made through the API', async () => {
    const transcribing = await createTestApp({
      metricsToken: TOKEN,
      transcription: {
        transcriber: { engine: 'assemblyai', transcribe: () => Promise.resolve('hello there') },
        timeoutMs: 5000,
      },
    })
    try {
      const series = 'fiveconnect_transcriptions_total{engine="assemblyai",outcome="transcribed"}'
      const before = sample(await scrape(), series) ?? 0
      const user = await registerUser(transcribing)
      const form = new FormData()
      form.append('audio', new Blob([await silentWebm()], { type: 'audio/webm' }), 'note.webm')
      const response = await transcribing.app.request(`${TEST_APP_URL}/api/transcribe-voice`, {
        method: 'POST',
        body: form,
        headers: { cookie: user.cookie },
      })
      expect(response.status).toBe(200)
      expect(await response.json()).toMatchObject({ transcription: 'hello there' })
      expect(sample(await scrape(), series)).toBe(before + 1)
    } finally {
      await transcribing.close()
    }
  })

  it("reports the database pool and the job queue's depth and failures", async () => {
    const database = await createTestDb()
    try {
      registerDatabasePoolMetrics(database)
      registerJobQueueMetrics(() => Promise.resolve({ queued: 4, active: 1, failed: 2 }))
      const text = await scrape()
      expect(sample(text, `fiveconnect_db_pool_max_connections{driver="${database.driver}"}`)).toBe(
        database.driver === 'pglite' ? 1 : 5,
      )
      expect(sample(text, 'fiveconnect_job_queue_jobs{state="queued"}')).toBe(4)
      expect(sample(text, 'fiveconnect_job_queue_jobs{state="active"}')).toBe(1)
      expect(sample(text, 'fiveconnect_job_queue_jobs{state="failed"}')).toBe(2)

      // A queue that cannot answer leaves its gauge empty and the scrape still succeeds.
      const logs = captureLogs()
      registerJobQueueMetrics(() => Promise.reject(new Error('queue down')))
      const degraded = await scrape()
      expect(degraded).not.toContain('fiveconnect_job_queue_jobs{')
      expect(logs.entries().map((entry) => entry.msg)).toContain(
        'Reading the job queue for metrics failed',
      )
    } finally {
      await database.close()
    }
  })
})
