import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { RATE_LIMIT_POLICIES } from '@fiveconnect/api/server'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  createTestApp,
  registerUser,
  TEST_APP_URL,
  type TestApp,
  type TestAppOptions,
} from '../test/test-app.ts'
import { silence } from '../test/files.ts'
import { findProbeTools } from './audio-tools.ts'
import { findOfflineTools } from './transcription/index.ts'
import { createOfflineEngine } from './transcription/offline-engine.ts'
import type { Transcriber } from './transcription/transcriber.ts'

const run = promisify(execFile)
const SETUP_HINT = 'run scripts/setup-test-deps.sh to install ffmpeg, pocketsphinx and espeak-ng'

type Answer = { transcription: string; voiceNoteUrl: string; reason?: string }

async function appWith(
  transcription: Partial<NonNullable<TestAppOptions['transcription']>>,
  config: Omit<TestAppOptions, 'transcription'> = {},
) {
  const probeTools = await findProbeTools()
  return createTestApp({
    transcription: { transcriber: idle, timeoutMs: 10_000, probeTools, ...transcription },
    ...config,
  })
}

const idle: Transcriber = { engine: 'offline', transcribe: () => Promise.resolve('') }

function postAudio(
  t: TestApp,
  cookie: string | undefined,
  bytes: Uint8Array,
  name = 'voice-note.webm',
  path = '/api/transcribe-voice',
  headers: Record<string, string> = {},
) {
  const form = new FormData()
  form.append('audio', new Blob([bytes], { type: 'audio/webm' }), name)
  return t.app.request(`${TEST_APP_URL}${path}`, {
    method: 'POST',
    body: form,
    headers: cookie ? { ...headers, cookie } : headers,
  })
}

/** Speech made with espeak-ng, encoded as a browser would send it: WebM/Opus with no duration. */
async function speech(dir: string, words: string): Promise<Buffer> {
  const wav = join(dir, 'speech.wav')
  const webm = join(dir, 'speech.webm')
  await run('espeak-ng', ['-v', 'en-us+m3', '-s', '140', '-w', wav, words])
  await run('sh', [
    '-c',
    `ffmpeg -nostdin -y -v error -i "${wav}" -c:a libopus -f webm pipe:1 > "${webm}"`,
  ])
  return readFile(webm)
}

describe('POST /api/transcribe-voice with the offline engine', () => {
  let t: TestApp
  beforeAll(async () => {
    const tools = await findOfflineTools()
    if (!tools) throw new Error(`The offline engine is not installed: ${SETUP_HINT}`)
    t = await appWith({ transcriber: createOfflineEngine(tools), timeoutMs: 60_000 })
  })
  afterAll(() => t.close())

  it('transcribes spoken words and keeps the recording as the user’s voice note', async () => {
    const { cookie } = await registerUser(t)
    const recording = await speech(t.dataDir, 'hello world')
    const response = await postAudio(t, cookie, recording)
    expect(response.status).toBe(200)
    const answer = (await response.json()) as Answer
    expect(answer.transcription).toContain('hello world')
    expect(answer.reason).toBeUndefined()
    expect(answer.voiceNoteUrl).toMatch(/^\/objects\/[0-9a-f-]{36}$/)

    const playback = answer.voiceNoteUrl.replace('/objects/', '/api/voice-notes/')
    const whole = await t.request(playback, { cookie })
    expect(whole.headers.get('content-type')).toBe('audio/webm')
    expect(Buffer.from(await whole.arrayBuffer()).equals(recording)).toBe(true)
    const start = await t.request(playback, { cookie, headers: { range: 'bytes=0-1' } })
    expect(start.status).toBe(206)
    expect([...new Uint8Array(await start.arrayBuffer())]).toEqual([0x1a, 0x45])
  })
})

describe('POST /api/transcribe-voice limits and failures', () => {
  let t: TestApp
  let cookie: string
  const slow: Transcriber = { engine: 'assemblyai', transcribe: () => new Promise(() => {}) }
  beforeAll(async () => {
    const retries = { retryLimit: 1, retryDelaySeconds: 1 }
    t = await appWith({ transcriber: slow, timeoutMs: 200, retries })
    cookie = (await registerUser(t)).cookie
  })
  afterAll(() => t.close())

  it('keeps the voice note when every attempt times out, with an empty transcript and a reason', async () => {
    const response = await postAudio(t, cookie, await silence(t.dataDir, 1))
    expect(response.status).toBe(200)
    const answer = (await response.json()) as Answer
    expect(answer.transcription).toBe('')
    expect(answer.reason).toBe(
      'Transcription took longer than 0.2 seconds. The voice note was saved without a transcript.',
    )
    expect((await t.request(answer.voiceNoteUrl, { cookie })).status).toBe(200)
  })

  it('needs a signed-in user', async () => {
    expect((await postAudio(t, undefined, await silence(t.dataDir, 1))).status).toBe(401)
  })

  it('refuses a file that is not audio, whatever its name', async () => {
    const response = await postAudio(t, cookie, Buffer.from('just some text'), 'voice-note.webm')
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      message: 'The recording is not in a supported format (WebM, Ogg, MP4, MP3 or WAV).',
    })
  })

  it('refuses a request without the audio field', async () => {
    const form = new FormData()
    form.append('recording', new Blob([Buffer.from('x')]), 'x.webm')
    const response = await t.app.request(`${TEST_APP_URL}/api/transcribe-voice`, {
      method: 'POST',
      body: form,
      headers: { cookie },
    })
    expect(response.status).toBe(400)
  })

  it('refuses a recording over 25 MB', async () => {
    const tooBig = Buffer.concat([
      Buffer.from([0x1a, 0x45, 0xdf, 0xa3]),
      Buffer.alloc(25 * 1024 * 1024),
    ])
    const response = await postAudio(t, cookie, tooBig)
    expect(response.status).toBe(413)
    expect(await response.json()).toEqual({ message: 'The voice note is larger than 25 MB.' })
  })

  it('refuses a recording longer than 10 minutes', async () => {
    const response = await postAudio(t, cookie, await silence(t.dataDir, 601), 'long.wav')
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      message: 'Voice notes can be at most 10 minutes long.',
    })
  })
})

describe('POST /api/transcribe-voice with no engine set up', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('saves the voice note and says transcription is unavailable', async () => {
    const { cookie } = await registerUser(t)
    const wav = Buffer.concat([Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt '), Buffer.alloc(64)])
    const answer = (await (await postAudio(t, cookie, wav, 'note.wav')).json()) as Answer
    expect(answer.transcription).toBe('')
    expect(answer.reason).toMatch(/^Transcription is not set up on this server/)
    expect((await t.request(answer.voiceNoteUrl, { method: 'HEAD', cookie })).status).toBe(200)
  })
})

/** An offline transcriber that always hears `text` and counts how often it was asked. */
function countingTranscriber(text: string) {
  const counter = {
    calls: 0,
    transcriber: {
      engine: 'offline',
      transcribe: () => {
        counter.calls += 1
        return Promise.resolve(text)
      },
    } satisfies Transcriber,
  }
  return counter
}

/** A transcriber that always fails, counting its attempts. */
function failingTranscriber() {
  const counter = {
    calls: 0,
    transcriber: {
      engine: 'offline',
      transcribe: () => {
        counter.calls += 1
        return Promise.reject(new Error('engine crashed'))
      },
    } satisfies Transcriber,
  }
  return counter
}

async function saveVoiceNote(t: TestApp, cookie: string, headers: Record<string, string> = {}) {
  const response = await postAudio(
    t,
    cookie,
    await silence(t.dataDir, 1),
    'voice-note.webm',
    '/api/voice-notes',
    headers,
  )
  expect(response.status).toBe(201)
  return ((await response.json()) as { voiceNoteUrl: string }).voiceNoteUrl
}

async function addConnection(t: TestApp, cookie: string, body: Record<string, unknown>) {
  const person = (await (
    await t.request('/api/people', { body: { firstName: 'Ada', lastName: 'Byron' }, cookie })
  ).json()) as { id: string }
  const response = await t.request('/api/connections', {
    body: { personId: person.id, ...body },
    cookie,
  })
  expect(response.status).toBe(201)
  return ((await response.json()) as { id: string }).id
}

const transcribeConnection = (t: TestApp, cookie: string, id: string) =>
  t.request(`/api/connections/${id}/transcribe`, { method: 'POST', body: {}, cookie })

/** The connection's transcription answer once its job is done (no longer 202). */
function settledTranscription(t: TestApp, cookie: string, id: string) {
  return vi.waitFor(
    async () => {
      const response = await transcribeConnection(t, cookie, id)
      if (response.status === 202) throw new Error('Still transcribing')
      expect(response.status).toBe(200)
      return (await response.json()) as { transcription: string; reason?: string }
    },
    { timeout: 30_000, interval: 200 },
  )
}

/** What the voiceNoteTranscription query (the one the client polls) answers. */
async function transcriptionOf(t: TestApp, cookie: string, voiceNoteUrl: string) {
  const input = encodeURIComponent(JSON.stringify({ json: { voiceNoteUrl } }))
  const response = await t.request(`/api/trpc/uploads.voiceNoteTranscription?input=${input}`, {
    cookie,
  })
  expect(response.status).toBe(200)
  return ((await response.json()) as { result: { data: { json: unknown } } }).result.data.json
}

async function connectionTranscript(t: TestApp, cookie: string) {
  const [connection] = (await (await t.request('/api/connections', { cookie })).json()) as {
    voiceNoteTranscription: string | null
  }[]
  return connection?.voiceNoteTranscription
}

describe('saving a voice note and transcribing it in the background', () => {
  let t: TestApp
  const counting = countingTranscriber('fintech founder from the keynote')
  beforeAll(async () => {
    t = await appWith({ transcriber: counting.transcriber })
  })
  afterAll(() => t.close())

  it('POST /api/voice-notes answers at once; the transcript lands on the connection once', async () => {
    const { cookie } = await registerUser(t)
    const before = counting.calls
    const voiceNoteUrl = await saveVoiceNote(t, cookie)
    expect(voiceNoteUrl).toMatch(/^\/objects\/[0-9a-f-]{36}$/)
    expect((await t.request(voiceNoteUrl, { method: 'HEAD', cookie })).status).toBe(200)
    const id = await addConnection(t, cookie, { voiceNoteUrl })

    expect(await settledTranscription(t, cookie, id)).toEqual({
      transcription: 'fintech founder from the keynote',
    })
    const retry = await transcribeConnection(t, cookie, id)
    expect(await retry.json()).toEqual({ transcription: 'fintech founder from the keynote' })
    expect(counting.calls).toBe(before + 1)
    expect(await connectionTranscript(t, cookie)).toBe('fintech founder from the keynote')
  })

  it('a connection saved after the transcript landed gets it too', async () => {
    const { cookie } = await registerUser(t)
    const voiceNoteUrl = await saveVoiceNote(t, cookie)
    await vi.waitFor(
      async () =>
        expect(await transcriptionOf(t, cookie, voiceNoteUrl)).toEqual({
          state: 'done',
          transcription: 'fintech founder from the keynote',
        }),
      { timeout: 30_000, interval: 200 },
    )
    await addConnection(t, cookie, { voiceNoteUrl })
    expect(await connectionTranscript(t, cookie)).toBe('fintech founder from the keynote')

    const other = await registerUser(t)
    expect(await transcriptionOf(t, other.cookie, voiceNoteUrl)).toEqual({
      state: 'none',
      transcription: '',
    })
  })

  it('POST /api/voice-notes refuses what is not audio', async () => {
    const { cookie } = await registerUser(t)
    const response = await postAudio(t, cookie, Buffer.from('text'), 'x.webm', '/api/voice-notes')
    expect(response.status).toBe(400)
  })

  it('keeps a transcript the user typed', async () => {
    const { cookie } = await registerUser(t)
    const id = await addConnection(t, cookie, {
      voiceNoteUrl: await saveVoiceNote(t, cookie),
      voiceNoteTranscription: 'My own words',
    })
    expect(await (await transcribeConnection(t, cookie, id)).json()).toEqual({
      transcription: 'My own words',
    })
    expect(await connectionTranscript(t, cookie)).toBe('My own words')
  })

  it('connections.transcribe answers the same with the state, for clients of the procedures', async () => {
    const { cookie } = await registerUser(t)
    const id = await addConnection(t, cookie, { voiceNoteUrl: await saveVoiceNote(t, cookie) })
    const transcribe = async () => {
      const response = await t.request('/api/trpc/connections.transcribe', {
        body: { json: { id } },
        cookie,
      })
      expect(response.status).toBe(200)
      return ((await response.json()) as { result: { data: { json: unknown } } }).result.data.json
    }
    await vi.waitFor(
      async () =>
        expect(await transcribe()).toEqual({
          state: 'done',
          transcription: 'fintech founder from the keynote',
        }),
      { timeout: 30_000, interval: 200 },
    )
  })

  it('answers 400 for a connection without a voice note, 404 for another user’s', async () => {
    const owner = await registerUser(t)
    const withoutVoiceNote = await addConnection(t, owner.cookie, {})
    const noVoiceNote = await transcribeConnection(t, owner.cookie, withoutVoiceNote)
    expect(noVoiceNote.status).toBe(400)
    expect(await noVoiceNote.json()).toEqual({ message: 'This connection has no voice note.' })

    const other = await registerUser(t)
    expect((await transcribeConnection(t, other.cookie, withoutVoiceNote)).status).toBe(404)
    expect((await transcribeConnection(t, owner.cookie, 'not-an-id')).status).toBe(404)
  })
})

describe('a transcription that keeps failing', () => {
  let t: TestApp
  const failing = failingTranscriber()
  beforeAll(async () => {
    const retries = { retryLimit: 2, retryDelaySeconds: 1 }
    t = await appWith({ transcriber: failing.transcriber, retries })
  })
  afterAll(() => t.close())

  it('is retried, then records the reason and keeps the audio', async () => {
    const { cookie } = await registerUser(t)
    const recording = await silence(t.dataDir, 1)
    const saved = await postAudio(t, cookie, recording, 'voice-note.webm', '/api/voice-notes')
    const { voiceNoteUrl } = (await saved.json()) as { voiceNoteUrl: string }
    const id = await addConnection(t, cookie, { voiceNoteUrl })

    expect(await settledTranscription(t, cookie, id)).toEqual({
      transcription: '',
      reason: 'Transcription failed. The voice note was saved without a transcript.',
    })
    expect(failing.calls).toBe(3)
    expect(await connectionTranscript(t, cookie)).toBeNull()
    const audio = await t.request(voiceNoteUrl, { cookie })
    expect(Buffer.from(await audio.arrayBuffer()).equals(recording)).toBe(true)
  })
})

describe('transcription limits', () => {
  const HOUR = 3_600_000
  let t: TestApp
  const counting = countingTranscriber('met at the coffee line')
  beforeAll(async () => {
    t = await appWith(
      { transcriber: counting.transcriber },
      {
        trustProxy: true,
        rateLimits: {
          ...RATE_LIMIT_POLICIES,
          'transcribe:user': { limit: 2, windowMs: HOUR },
          'transcribe:ip': { limit: 3, windowMs: HOUR },
        },
      },
    )
  })
  afterAll(() => t.close())

  const from = (ip: string) => ({ 'x-forwarded-for': ip })
  const LIMITED = { message: 'Too many attempts. Please wait 60 minutes and try again.' }

  async function expectLimited(response: Response) {
    expect(response.status).toBe(429)
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(3000)
    expect(await response.json()).toEqual(LIMITED)
  }

  it('POST /api/transcribe-voice answers 429 with Retry-After past the user’s limit', async () => {
    const { cookie } = await registerUser(t)
    const recording = await silence(t.dataDir, 1)
    const send = () =>
      postAudio(t, cookie, recording, 'voice-note.webm', undefined, from('10.2.0.1'))
    expect((await send()).status).toBe(200)
    expect((await send()).status).toBe(200)
    const before = counting.calls
    await expectLimited(await send())
    expect(counting.calls).toBe(before)
  })

  it('POST /api/transcribe-voice answers 429 past the address’s limit, whoever signs in', async () => {
    const recording = await silence(t.dataDir, 1)
    for (const answer of [200, 200, 200]) {
      const { cookie } = await registerUser(t)
      const send = postAudio(t, cookie, recording, 'voice-note.webm', undefined, from('10.2.0.2'))
      expect((await send).status).toBe(answer)
    }
    const { cookie } = await registerUser(t)
    await expectLimited(
      await postAudio(t, cookie, recording, 'voice-note.webm', undefined, from('10.2.0.2')),
    )
  })

  it('POST /api/voice-notes asks for transcripts within the limit and saves past it; POST /api/connections/{id}/transcribe shares it', async () => {
    const { cookie } = await registerUser(t)
    const recording = await silence(t.dataDir, 1)
    const headers = from('10.2.0.3')
    const ids: string[] = []
    for (let count = 0; count < 3; count++) {
      const saved = await postAudio(
        t,
        cookie,
        recording,
        'voice-note.webm',
        '/api/voice-notes',
        headers,
      )
      expect(saved.status).toBe(201)
      const { voiceNoteUrl } = (await saved.json()) as { voiceNoteUrl: string }
      const person = (await (
        await t.request('/api/people', { body: { firstName: 'Ada', lastName: 'Byron' }, cookie })
      ).json()) as { id: string }
      const connection = await t.request('/api/connections', {
        body: { personId: person.id, voiceNoteUrl },
        cookie,
      })
      ids.push(((await connection.json()) as { id: string }).id)
    }
    const transcribe = (id: string | undefined) =>
      t.request(`/api/connections/${String(id)}/transcribe`, { body: {}, cookie, headers })
    // The first two saves asked for their transcripts; asking again counts nothing.
    expect([200, 202]).toContain((await transcribe(ids[0])).status)
    expect([200, 202]).toContain((await transcribe(ids[1])).status)
    // The third was saved past the user's limit, untranscribed: asking for it now is refused.
    await expectLimited(await transcribe(ids[2]))
  })
})
