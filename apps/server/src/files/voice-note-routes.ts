import {
  countTranscription,
  MAX_AUDIO_BYTES,
  MAX_AUDIO_SECONDS,
  saveVoiceNote,
  sniffAudioType,
  transcribeVoiceNote,
  type Recording,
} from '@fiveconnect/api/server'
import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'
import type { AppEnv } from '../http/app-env.ts'
import { signedIn } from '../http/signed-in.ts'
import type { Serve } from '../routes/route.ts'
import { probeDurationSeconds } from './audio-tools.ts'
import { withRecordingOnDisk } from './transcription/transcription-job.ts'

const TOO_LARGE = `The voice note is larger than ${MAX_AUDIO_BYTES / 1024 / 1024} MB.`
// Room for the multipart boundaries and headers around the file.
const MULTIPART_OVERHEAD_BYTES = 64 * 1024
/** How long a new job may wait for a worker to take it; workers look every 2 s. */
const PICK_UP_MS = 5_000

export type VoiceNoteRouteDeps = {
  /** How long POST /api/transcribe-voice waits for its transcript (beside the job's pick-up). */
  timeoutMs: number
  /** ffprobe and ffmpeg, to check a recording's length; left out when not installed. */
  probeTools?: { ffprobe: string; ffmpeg: string }
}

/**
 * The uploaded recording (multipart field `audio`) once it passes every check; a 413 or 400 when
 * it is too large, not audio, or longer than the limit.
 */
async function readRecording(c: Context<AppEnv>, deps: VoiceNoteRouteDeps): Promise<Recording> {
  const form = await c.req.parseBody().catch(() => undefined)
  const audio = form?.audio
  if (!(audio instanceof File)) {
    throw new HTTPException(400, { message: 'Attach the recording as the form field "audio".' })
  }
  if (audio.size > MAX_AUDIO_BYTES) throw new HTTPException(413, { message: TOO_LARGE })
  const bytes = new Uint8Array(await audio.arrayBuffer())
  const contentType = sniffAudioType(bytes)
  if (!contentType) {
    throw new HTTPException(400, {
      message: 'The recording is not in a supported format (WebM, Ogg, MP4, MP3 or WAV).',
    })
  }
  const { probeTools } = deps
  const seconds =
    probeTools &&
    (await withRecordingOnDisk(bytes, (path) => probeDurationSeconds(probeTools, path)))
  if (seconds && seconds > MAX_AUDIO_SECONDS) {
    throw new HTTPException(400, { message: 'Voice notes can be at most 10 minutes long.' })
  }
  return { bytes, contentType }
}

/** The sign-in check and the transcription limits, before the upload is read. */
const transcriptionLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  const ctx = signedIn(c)
  await countTranscription(ctx, ctx.user.id)
  await next()
}

const uploadLimit = bodyLimit({
  maxSize: MAX_AUDIO_BYTES + MULTIPART_OVERHEAD_BYTES,
  onError: (c) => c.json({ message: TOO_LARGE }, 413),
})

// The voice-note uploads: the bytes are checked here, the rest is the voice-note services'. Once
// saved, a voice note is never lost; its transcript is made by a background job. A connection's
// saved voice note is transcribed through connections.transcribe.

/**
 * POST /api/transcribe-voice (multipart `audio`): saves the recording and answers its transcript,
 * waiting up to the transcription time-out (transcribeVoiceNote).
 */
export const transcribeVoice: Serve = ({ voiceNotes }) => [
  transcriptionLimit,
  uploadLimit,
  async (c) => {
    const ctx = signedIn(c)
    const recording = await readRecording(c, voiceNotes)
    const waitMs = voiceNotes.timeoutMs + PICK_UP_MS
    return c.json(await transcribeVoiceNote(ctx, { ownerId: ctx.user.id, recording, waitMs }))
  },
]

/**
 * POST /api/voice-notes (multipart `audio`): saves it and answers at once (saveVoiceNote); the
 * client follows the transcript with the voiceNoteTranscription query.
 */
export const storeVoiceNote: Serve = ({ voiceNotes }) => [
  uploadLimit,
  async (c) => {
    const ctx = signedIn(c)
    const recording = await readRecording(c, voiceNotes)
    return c.json(await saveVoiceNote(ctx, { ownerId: ctx.user.id, recording }), 201)
  },
]
