import { join } from 'node:path'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import type { Transcripts } from '@fiveconnect/api'
import { storedKey } from '@fiveconnect/api/server'
import {
  findStoredObject,
  findVoiceNoteTranscription,
  finishVoiceNoteTranscription,
  requestVoiceNoteTranscription,
  type Database,
} from '@fiveconnect/db'
import { logError } from '../../logging/logger.ts'
import type { JobOptions, JobQueue } from '../../jobs/job-queue.ts'
import type { ServerStorage } from '../storage/index.ts'
import { NOT_SET_UP_REASON } from './index.ts'
import { transcribeOrThrow, TranscriptionError, type Transcriber } from './transcriber.ts'

export const TRANSCRIPTION_QUEUE = 'transcribe-voice-note'

type TranscriptionJob = { objectId: string }

const GAVE_UP = 'Transcription failed. The voice note was saved without a transcript.'

export type TranscriptionJobDeps = {
  db: Database
  storage: ServerStorage
  transcriber: Transcriber
  /** How long one attempt may take. */
  timeoutMs: number
}

/** Three retries, 10 s, 20 s and 40 s after a failure (about), before the reason is recorded. */
export const TRANSCRIPTION_RETRIES: Pick<JobOptions, 'retryLimit' | 'retryDelaySeconds'> = {
  retryLimit: 3,
  retryDelaySeconds: 10,
}

/** Runs `work` with the recording written to a temporary file, for the command-line tools. */
export async function withRecordingOnDisk<T>(
  bytes: Uint8Array,
  work: (path: string) => Promise<T>,
) {
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
 * Transcribes stored voice notes in the background. A job writes the transcript onto the voice
 * note and every connection that references it; a failed attempt is retried with back-off, and
 * after the last one the reason is recorded instead. The audio is never touched. Running a job
 * again after it finished does nothing.
 */
export async function registerTranscriptionJob(
  queue: JobQueue,
  deps: TranscriptionJobDeps,
  retries = TRANSCRIPTION_RETRIES,
) {
  await queue.register<TranscriptionJob>(
    TRANSCRIPTION_QUEUE,
    // An attempt that outlives its time-out by a minute is taken to have died with its instance.
    { ...retries, expireInSeconds: Math.ceil(deps.timeoutMs / 1000) + 60 },
    async ({ objectId }, attempt) => {
      const current = await findVoiceNoteTranscription(deps.db, { objectId })
      const object = await findStoredObject(deps.db, objectId)
      // Finished already, or the voice note was deleted meanwhile.
      if (current?.state !== 'pending' || !object) return
      try {
        const stream = await deps.storage.read(storedKey(objectId))
        const bytes = new Uint8Array(await new Response(stream).arrayBuffer())
        const contentType = object.contentType ?? 'audio/webm'
        const outcome = await withRecordingOnDisk(bytes, (path) =>
          transcribeOrThrow(deps.transcriber, { path, bytes, contentType }, deps.timeoutMs),
        )
        await finishVoiceNoteTranscription(deps.db, { objectId, state: 'done', ...outcome })
      } catch (error) {
        // With no engine set up, trying again cannot help.
        if (!attempt.isLastAttempt && deps.transcriber.engine !== 'unavailable') throw error
        if (!(error instanceof TranscriptionError)) logError('Transcription job failed', error)
        await finishVoiceNoteTranscription(deps.db, {
          objectId,
          state: 'failed',
          transcription: '',
          reason: error instanceof TranscriptionError ? error.message : GAVE_UP,
        })
      }
    },
  )
}

/**
 * The API's transcript requests. Asking marks a stored voice note pending and adds its job, keyed
 * by the voice note so that asking again never transcribes it twice; without a queue, this server
 * cannot transcribe, and the voice note is recorded as saved without a transcript.
 */
export function createTranscripts(db: Database, queue: JobQueue | undefined): Transcripts {
  return {
    async request(objectId) {
      const { requested, transcription } = await requestVoiceNoteTranscription(db, objectId)
      if (!queue) {
        if (!requested) return transcription
        const reason = `${NOT_SET_UP_REASON} The voice note was saved without a transcript.`
        await finishVoiceNoteTranscription(db, {
          objectId,
          state: 'failed',
          transcription: '',
          reason,
        })
        return { ...transcription, state: 'failed', transcription: '', reason }
      }
      // Also when it was pending already: the job may not have been added if the server stopped between.
      if (transcription.state === 'pending') {
        await queue.enqueue(TRANSCRIPTION_QUEUE, { objectId }, { key: objectId })
      }
      return transcription
    },
  }
}
