import { join } from 'node:path'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import {
  MAX_AUDIO_BYTES,
  MAX_AUDIO_SECONDS,
  objectIdFromUrl,
  sniffAudioType,
  storedKey,
  storeObject,
  type StoreVoiceNoteOutput,
  type TranscribeConnectionOutput,
  type TranscribeVoiceOutput,
} from '@fiveconnect/api'
import { connectionIdInput } from '@fiveconnect/api/schemas'
import {
  findStoredObject,
  getConnection,
  saveVoiceNoteTranscription,
  type Database,
} from '@fiveconnect/db'
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { AppEnv } from '../http/app-env.ts'
import { probeDurationSeconds } from './audio-tools.ts'
import type { ServerStorage } from './storage/index.ts'
import { transcribeWithin, type Transcriber } from './transcription/transcriber.ts'

export const TRANSCRIBE_PATH = '/api/transcribe-voice'
export const VOICE_NOTES_PATH = '/api/voice-notes'
export const CONNECTION_TRANSCRIBE_PATH = '/api/connections/:id/transcribe'
const TOO_LARGE = 'The voice note is larger than 25 MB.'
// Room for the multipart boundaries and headers around the file.
const MULTIPART_OVERHEAD_BYTES = 64 * 1024

export type TranscribeDeps = {
  db: Database
  storage: ServerStorage
  transcriber: Transcriber
  timeoutMs: number
  /** ffprobe and ffmpeg, to check a recording's length; left out when not installed. */
  probeTools?: { ffprobe: string; ffmpeg: string }
}

type Recording = { bytes: Uint8Array; contentType: string }

/** Runs `work` with the recording written to a temporary file, for the command-line tools. */
async function withRecordingOnDisk<T>(bytes: Uint8Array, work: (path: string) => Promise<T>) {
  const dir = await mkdtemp(join(tmpdir(), 'fiveconnect-voice-'))
  try {
    const path = join(dir, 'voice-note')
    await writeFile(path, bytes)
    return await work(path)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

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
): Promise<{ recording: Recording; voiceNoteUrl: string } | Response> {
  const user = c.get('api').user
  if (!user) return c.json({ message: 'Unauthorized' }, 401)
  const recording = await readRecording(c, deps)
  if (recording instanceof Response) return recording
  const stored = await storeObject(deps, { ownerId: user.id, kind: 'voice_note', ...recording })
  return { recording, voiceNoteUrl: stored.objectPath }
}

function transcribe(deps: TranscribeDeps, { bytes, contentType }: Recording) {
  return withRecordingOnDisk(bytes, (path) =>
    transcribeWithin(deps.transcriber, { path, bytes, contentType }, deps.timeoutMs),
  )
}

async function readStoredBytes(storage: ServerStorage, id: string): Promise<Uint8Array> {
  const stream = await storage.read(storedKey(id))
  return new Uint8Array(await new Response(stream).arrayBuffer())
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
 * The voice-note calls. Once saved, a voice note is never lost: a failed or slow transcription
 * answers an empty transcription with a reason.
 * - POST /api/transcribe-voice (multipart `audio`): saves the recording and transcribes it.
 * - POST /api/voice-notes (multipart `audio`): saves it only (the offline outbox transcribes after
 *   the connection is saved, so a slow transcription never holds up the save).
 * - POST /api/connections/{id}/transcribe: transcribes a connection's saved voice note onto it;
 *   repeating it is harmless.
 * Each transcription counts against the transcribe:user and transcribe:ip limits; saving alone
 * does not, so the offline outbox can always store a recording.
 */
export function voiceNoteRoutes(deps: TranscribeDeps) {
  return new Hono<AppEnv>()
    .post(TRANSCRIBE_PATH, transcriptionLimit, uploadLimit, async (c) => {
      const saved = await saveVoiceNote(c, deps)
      if (saved instanceof Response) return saved
      const outcome = await transcribe(deps, saved.recording)
      const answer: TranscribeVoiceOutput = { ...outcome, voiceNoteUrl: saved.voiceNoteUrl }
      return c.json(answer)
    })
    .post(VOICE_NOTES_PATH, uploadLimit, async (c) => {
      const saved = await saveVoiceNote(c, deps)
      if (saved instanceof Response) return saved
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
      if (!voiceNoteUrl || !objectId || !object) {
        return c.json({ message: 'This connection has no voice note.' }, 400)
      }
      await countTranscription(c, user.id)
      const outcome = await transcribe(deps, {
        bytes: await readStoredBytes(deps.storage, objectId),
        contentType: object.contentType ?? 'audio/webm',
      })
      if (!outcome.transcription) return c.json(outcome satisfies TranscribeConnectionOutput)
      const isSaved = await saveVoiceNoteTranscription(deps.db, {
        id: connection.id,
        authorId: user.id,
        voiceNoteUrl,
        transcription: outcome.transcription,
      })
      if (isSaved) return c.json(outcome satisfies TranscribeConnectionOutput)
      // The author typed a transcript (or changed the voice note) while this one was made: theirs stays.
      const current = await getConnection(deps.db, { id: connection.id, authorId: user.id })
      return c.json({
        transcription: current?.voiceNoteTranscription ?? '',
      } satisfies TranscribeConnectionOutput)
    })
}
