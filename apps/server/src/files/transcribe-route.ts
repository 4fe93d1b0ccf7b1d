import { join } from 'node:path'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import {
  MAX_AUDIO_BYTES,
  MAX_AUDIO_SECONDS,
  sniffAudioType,
  storeObject,
  type TranscribeVoiceOutput,
} from '@fiveconnect/api'
import type { Database } from '@fiveconnect/db'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { AppEnv } from '../http/app-env.ts'
import { probeDurationSeconds } from './audio-tools.ts'
import type { ServerStorage } from './storage/index.ts'
import { transcribeWithin, type Transcriber } from './transcription/transcriber.ts'

export const TRANSCRIBE_PATH = '/api/transcribe-voice'
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

/**
 * POST /api/transcribe-voice (multipart, field `audio`): checks the recording, saves it as the
 * user's voice note, then transcribes it. Once saved, a voice note is never lost: a failed or slow
 * transcription answers an empty transcription with a reason.
 */
export function transcribeRoutes(deps: TranscribeDeps) {
  return new Hono<AppEnv>().post(
    TRANSCRIBE_PATH,
    bodyLimit({
      maxSize: MAX_AUDIO_BYTES + MULTIPART_OVERHEAD_BYTES,
      onError: (c) => c.json({ message: TOO_LARGE }, 413),
    }),
    async (c) => {
      const user = c.get('api').user
      if (!user) return c.json({ message: 'Unauthorized' }, 401)
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

      const dir = await mkdtemp(join(tmpdir(), 'fiveconnect-voice-'))
      try {
        const path = join(dir, 'voice-note')
        await writeFile(path, bytes)
        const seconds = deps.probeTools && (await probeDurationSeconds(deps.probeTools, path))
        if (seconds && seconds > MAX_AUDIO_SECONDS) {
          return c.json({ message: 'Voice notes can be at most 10 minutes long.' }, 400)
        }
        const stored = await storeObject(deps, {
          ownerId: user.id,
          kind: 'voice_note',
          bytes,
          contentType,
        })
        const outcome = await transcribeWithin(
          deps.transcriber,
          { path, bytes, contentType },
          deps.timeoutMs,
        )
        const answer: TranscribeVoiceOutput = { ...outcome, voiceNoteUrl: stored.objectPath }
        return c.json(answer)
      } finally {
        await rm(dir, { recursive: true, force: true })
      }
    },
  )
}
