import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { captureLogs } from '../../test/logs.ts'
import { createAssemblyAiEngine } from './assemblyai-engine.ts'
import { transcribeWithin, type AudioFile } from './transcriber.ts'

// AssemblyAI's REST API as documented: POST /v2/upload (raw bytes) -> { upload_url };
// POST /v2/transcript { audio_url } -> a queued transcript; GET /v2/transcript/{id} until its status
// is "completed" (with text) or "error" (with error). Every call carries the key as Authorization.
const API = 'https://api.assemblyai.com'
const KEY = 'test-assemblyai-key'
const UPLOAD_URL = 'https://cdn.assemblyai.com/upload/abc123'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const audio: AudioFile = {
  path: '/not/read/by/this/engine.webm',
  bytes: new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3]),
  contentType: 'audio/webm',
}
const engine = createAssemblyAiEngine({ apiKey: KEY, pollingIntervalMs: 10 })

type Seen = { uploads: Uint8Array[]; created: unknown[]; polls: number; auth: (string | null)[] }

/** The three endpoints; the transcript answers `statuses` in turn, then the last one for ever. */
function assemblyAi(statuses: Record<string, unknown>[]) {
  const seen: Seen = { uploads: [], created: [], polls: 0, auth: [] }
  server.use(
    http.post(`${API}/v2/upload`, async ({ request }) => {
      seen.auth.push(request.headers.get('authorization'))
      expect(request.headers.get('content-type')).toBe('application/octet-stream')
      seen.uploads.push(new Uint8Array(await request.arrayBuffer()))
      return HttpResponse.json({ upload_url: UPLOAD_URL })
    }),
    http.post(`${API}/v2/transcript`, async ({ request }) => {
      seen.auth.push(request.headers.get('authorization'))
      seen.created.push(await request.json())
      return HttpResponse.json({ id: 'tr_1', status: 'queued', audio_url: UPLOAD_URL })
    }),
    http.get(`${API}/v2/transcript/tr_1`, ({ request }) => {
      seen.auth.push(request.headers.get('authorization'))
      const status = statuses[Math.min(seen.polls, statuses.length - 1)] ?? {}
      seen.polls += 1
      return HttpResponse.json({ id: 'tr_1', audio_url: UPLOAD_URL, ...status })
    }),
  )
  return seen
}

describe('the AssemblyAI engine', () => {
  it('uploads the audio, creates a transcript for it and polls until it is completed', async () => {
    const seen = assemblyAi([
      { status: 'processing', text: null },
      { status: 'completed', text: 'Met Ada at the coffee stand.' },
    ])
    const outcome = await transcribeWithin(engine, audio, 5000)
    expect(outcome).toEqual({ transcription: 'Met Ada at the coffee stand.' })
    expect(seen.uploads).toEqual([audio.bytes])
    expect(seen.created).toEqual([{ audio_url: UPLOAD_URL }])
    expect(seen.polls).toBe(2)
    expect(new Set(seen.auth)).toEqual(new Set([KEY]))
  })

  it('answers an empty transcription with the service’s reason when the transcript fails', async () => {
    assemblyAi([{ status: 'error', error: 'Audio file is too short', text: null }])
    expect(await transcribeWithin(engine, audio, 5000)).toEqual({
      transcription: '',
      reason:
        'AssemblyAI could not transcribe the recording: Audio file is too short. The voice note was saved without a transcript.',
    })
  })

  it('gives up when the transcript is not ready in time, and stops polling', async () => {
    const seen = assemblyAi([{ status: 'processing', text: null }])
    expect(await transcribeWithin(engine, audio, 300)).toEqual({
      transcription: '',
      reason:
        'Transcription took longer than 0.3 seconds. The voice note was saved without a transcript.',
    })
    const pollsAtTimeout = seen.polls
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(seen.polls).toBe(pollsAtTimeout)
  })

  it('talks to another address when given one', async () => {
    const elsewhere = 'http://assemblyai.internal:8080'
    server.use(
      http.post(`${elsewhere}/v2/upload`, () => HttpResponse.json({ upload_url: UPLOAD_URL })),
      http.post(`${elsewhere}/v2/transcript`, () =>
        HttpResponse.json({ id: 'tr_2', status: 'queued', audio_url: UPLOAD_URL }),
      ),
      http.get(`${elsewhere}/v2/transcript/tr_2`, () =>
        HttpResponse.json({ id: 'tr_2', status: 'completed', text: 'Through the proxy.' }),
      ),
    )
    const proxied = createAssemblyAiEngine({
      apiKey: KEY,
      baseUrl: elsewhere,
      pollingIntervalMs: 10,
    })
    expect(await transcribeWithin(proxied, audio, 5000)).toEqual({
      transcription: 'Through the proxy.',
    })
  })

  it('answers a refused API key as a failed transcription, not an error', async () => {
    server.use(
      http.post(`${API}/v2/upload`, () =>
        HttpResponse.json(
          { error: 'Authentication error, API token missing/invalid' },
          { status: 401 },
        ),
      ),
    )
    const logs = captureLogs()
    expect(await transcribeWithin(engine, audio, 5000)).toEqual({
      transcription: '',
      reason: 'Transcription failed. The voice note was saved without a transcript.',
    })
    const [error] = logs.entries().filter((entry) => entry.level === 50)
    expect(error?.msg).toBe('Transcription failed')
    expect(JSON.stringify(error?.err)).toMatch(/Authentication error/)
  })
})
