import { setTimeout as sleep } from 'node:timers/promises'
import {
  MAX_AUDIO_BYTES,
  MAX_AUDIO_SECONDS,
  objectIdFromUrl,
  RateLimitedError,
  sniffAudioType,
  storeObject,
  type StoreVoiceNoteOutput,
  type TranscribeConnectionOutput,
  type TranscribeVoiceOutput,
} from '@fiveconnect/api'
import { connectionIdInput } from '@fiveconnect/api/schemas'
import {
  copyFinishedTranscript,
  findStoredObject,
  findVoiceNoteTranscription,
  finishVoiceNoteTranscription,
  getConnection,
  requestVoiceNoteTranscription,
  type Database,
  type VoiceNoteTranscription,
} from '@fiveconnect/db'
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { AppEnv } from '../http/app-env.ts'
import { probeDurationSeconds } from './audio-tools.ts'
import type { JobQueue } from '../jobs/job-queue.ts'
import type { ServerStorage } from './storage/index.ts'
import { NOT_SET_UP_REASON } from './transcription/index.ts'
import { requestTranscription, withRecordingOnDisk } from './transcription/transcription-job.ts'

export const TRANSCRIBE_PATH = '/api/transcribe-voice'
export const VOICE_NOTES_PATH = '/api/voice-notes'
export const CONNECTION_TRANSCRIBE_PATH = '/api/connections/:id/transcribe'
const TOO_LARGE = 'The voice note is larger than 25 MB.'
// Room for the multipart boundaries and headers around the file.
const MULTIPART_OVERHEAD_BYTES = 64 * 1024

export type TranscribeDeps = {
  db: Database
  storage: ServerStorage
  /** Where transcription jobs go; without it, voice notes are saved untranscribed. */
  queue?: JobQueue
  /** How long POST /api/transcribe-voice waits for its transcript (beside the job's pick-up). */
  timeoutMs: number
  /** ffprobe and ffmpeg, to check a recording's length; left out when not installed. */
  probeTools?: { ffprobe: string; ffmpeg: string }
}

type Recording = { bytes: Uint8Array; contentType: string }

/**
 * The uploaded recording (multipart field `audio`) once it passes every check, or the answer that
 * refuses it: too large, not audio, or longer than the limit.
 */
async function readRecording(
  c: Context<AppEnv>,
  deps: TranscribeDeps,
): Promise<Recording | Response> {
  const form = await c.req.parseBody().catch(() => undefined)
  const audio = form?.audio
  if (!(audio instanceof File)) {
    return c.json({ message: 'Attach the recording as the form field "audio".' }, 400)
  }
  if (audio.size > MAX_AUDIO_BYTES) return c.json({ message: TOO_LARGE }, 413)
  const bytes = new Uint8Array(await audio.arrayBuffer())
  const contentType = sniffAudioType(bytes)
  if (!contentType) {
    return c.json(
      { message: 'The recording is not in a supported format (WebM, Ogg, MP4, MP3 or WAV).' },
      400,
    )
  }
  const { probeTools } = deps
  const seconds =
    probeTools &&
    (await withRecordingOnDisk(bytes, (path) => probeDurationSeconds(probeTools, path)))
  if (seconds && seconds > MAX_AUDIO_SECONDS) {
    return c.json({ message: 'Voice notes can be at most 10 minutes long.' }, 400)
  }
  return { bytes, contentType }
}

/** The signed-in user's uploaded recording, checked and stored as their voice note. */
async function saveVoiceNote(
  c: Context<AppEnv>,
  deps: TranscribeDeps,
): Promise<{ userId: string; objectId: string; voiceNoteUrl: string } | Response> {
  const user = c.get('api').user
  if (!user) return c.json({ message: 'Unauthorized' }, 401)
  const recording = await readRecording(c, deps)
  if (recording instanceof Response) return recording
  const stored = await storeObject(deps, { ownerId: user.id, kind: 'voice_note', ...recording })
  return { userId: user.id, objectId: stored.id, voiceNoteUrl: stored.objectPath }
}

/** How long a new job may wait for a worker to take it; workers look every 2 s. */
const PICK_UP_MS = 5_000
const STILL_TRANSCRIBING =
  'The transcript is not ready yet: it is added to the voice note when it is.'

/** Asks for a voice note's transcript, or records that this server cannot make one. */
async function askForTranscript(
  deps: TranscribeDeps,
  objectId: string,
): Promise<VoiceNoteTranscription> {
  if (deps.queue) return requestTranscription({ db: deps.db, queue: deps.queue }, objectId)
  const { requested, transcription } = await requestVoiceNoteTranscription(deps.db, objectId)
  if (!requested) return transcription
  const reason = `${NOT_SET_UP_REASON} The voice note was saved without a transcript.`
  await finishVoiceNoteTranscription(deps.db, {
    objectId,
    state: 'failed',
    transcription: '',
    reason,
  })
  return { ...transcription, state: 'failed', transcription: '', reason }
}

/** The voice note's transcription once its job is done, or as it stands after `waitMs`. */
async function awaitTranscript(db: Database, objectId: string, waitMs: number) {
  const deadline = Date.now() + waitMs
  for (;;) {
    const current = await findVoiceNoteTranscription(db, { objectId })
    if (!current || current.state !== 'pending' || Date.now() >= deadline) return current
    await sleep(200)
  }
}

/** The answer's fields for a transcription: the transcript, or why there is none (yet). */
function outcomeOf(transcription: VoiceNoteTranscription | undefined) {
  if (transcription?.state === 'done' && transcription.transcription) {
    return { transcription: transcription.transcription }
  }
  const reason = transcription?.state === 'pending' ? STILL_TRANSCRIBING : transcription?.reason
  return { transcription: '', ...(reason && { reason }) }
}

/**
 * Counts one transcription against the signed-in user's and their address's limits, and refuses
 * it with a 429 once over either: transcription is the costly part (an engine's CPU or a paid API).
 */
async function countTranscription(c: Context<AppEnv>, userId: string) {
  const { rateLimit, clientIp } = c.get('api')
  await rateLimit('transcribe:user', userId)
  await rateLimit('transcribe:ip', clientIp)
}

/** The transcription limits, before the upload is read; signed-out requests go on to their 401. */
const transcriptionLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = c.get('api').user
  if (user) await countTranscription(c, user.id)
  await next()
}

const uploadLimit = bodyLimit({
  maxSize: MAX_AUDIO_BYTES + MULTIPART_OVERHEAD_BYTES,
  onError: (c) => c.json({ message: TOO_LARGE }, 413),
})

/**
 * The voice-note calls. Once saved, a voice note is never lost; its transcript is made by a
 * background job (one per voice note) and lands on the voice note and its connections.
 * - POST /api/transcribe-voice (multipart `audio`): saves the recording, asks for its transcript
 *   and waits for it up to the transcription time-out; past that it answers an empty transcription
 *   with a reason, and the transcript still lands when the job is done.
 * - POST /api/voice-notes (multipart `audio`): saves it and asks for its transcript, answering at
 *   once; the client follows the transcript with the voiceNoteTranscription query.
 * - POST /api/connections/{id}/transcribe: asks for the transcript of a connection's saved voice
 *   note and answers at once where it stands (202 while it is being made); repeating it is harmless.
 * Asking for a transcription counts against the transcribe:user and transcribe:ip limits. Saving
 * alone does not: past the limits POST /api/voice-notes still saves (the offline outbox can always
 * store a recording), and the transcript is asked for later through the connection.
 */
export function voiceNoteRoutes(deps: TranscribeDeps) {
  return new Hono<AppEnv>()
    .post(TRANSCRIBE_PATH, transcriptionLimit, uploadLimit, async (c) => {
      const saved = await saveVoiceNote(c, deps)
      if (saved instanceof Response) return saved
      const { objectId, voiceNoteUrl } = saved
      const asked = await askForTranscript(deps, objectId)
      const current =
        asked.state === 'pending'
          ? await awaitTranscript(deps.db, objectId, deps.timeoutMs + PICK_UP_MS)
          : asked
      const answer: TranscribeVoiceOutput = { ...outcomeOf(current), voiceNoteUrl }
      return c.json(answer)
    })
    .post(VOICE_NOTES_PATH, uploadLimit, async (c) => {
      const saved = await saveVoiceNote(c, deps)
      if (saved instanceof Response) return saved
      const isWithinLimits = await countTranscription(c, saved.userId).then(
        () => true,
        (error: unknown) => {
          if (error instanceof RateLimitedError) return false
          throw error
        },
      )
      if (isWithinLimits) await askForTranscript(deps, saved.objectId)
      const answer: StoreVoiceNoteOutput = { voiceNoteUrl: saved.voiceNoteUrl }
      return c.json(answer, 201)
    })
    .post(CONNECTION_TRANSCRIBE_PATH, async (c) => {
      const user = c.get('api').user
      if (!user) return c.json({ message: 'Unauthorized' }, 401)
      const connectionId = c.req.param('id')
      const connection = connectionIdInput.safeParse({ id: connectionId }).success
        ? await getConnection(deps.db, { id: connectionId, authorId: user.id })
        : undefined
      if (!connection) return c.json({ message: 'Connection not found.' }, 404)
      const { voiceNoteUrl, voiceNoteTranscription } = connection
      if (voiceNoteTranscription) {
        return c.json({
          transcription: voiceNoteTranscription,
        } satisfies TranscribeConnectionOutput)
      }
      const objectId = voiceNoteUrl ? objectIdFromUrl(voiceNoteUrl) : undefined
      const object = objectId ? await findStoredObject(deps.db, objectId) : undefined
      if (!objectId || object?.kind !== 'voice_note') {
        return c.json({ message: 'This connection has no voice note.' }, 400)
      }
      let current = await findVoiceNoteTranscription(deps.db, { objectId })
      if (!current) {
        await countTranscription(c, user.id)
        current = await askForTranscript(deps, objectId)
      }
      if (current.state === 'pending') {
        return c.json(outcomeOf(current) satisfies TranscribeConnectionOutput, 202)
      }
      // The transcript may have landed before the connection was saved.
      await copyFinishedTranscript(deps.db, connection.id)
      const saved = await getConnection(deps.db, { id: connection.id, authorId: user.id })
      return c.json({
        ...outcomeOf(current),
        ...(saved?.voiceNoteTranscription && { transcription: saved.voiceNoteTranscription }),
      } satisfies TranscribeConnectionOutput)
    })
}
