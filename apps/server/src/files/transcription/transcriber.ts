import { logError } from '../../logging/logger.ts'
import { countTranscription } from '../../metrics/metrics.ts'

/** A recording on disk (for command-line tools) and in memory (for upload APIs). */
export type AudioFile = { path: string; bytes: Uint8Array; contentType: string }

/** One speech-to-text engine. `transcribe` stops its work when `signal` aborts. */
export type Transcriber = {
  engine: 'assemblyai' | 'offline' | 'unavailable'
  transcribe: (audio: AudioFile, signal: AbortSignal) => Promise<string>
}

/** A failure whose message a person can read as it is (it becomes the answer's `reason`). */
export class TranscriptionError extends Error {
  override name = 'TranscriptionError'
}

export type TranscriptionOutcome = { transcription: string; reason?: string }

const SAVED_ANYWAY = 'The voice note was saved without a transcript.'

/**
 * Transcribes within a time limit. A failure or a time-out throws a TranscriptionError whose
 * message is the reason to show, since the voice note itself is already saved.
 */
export async function transcribeOrThrow(
  transcriber: Transcriber,
  audio: AudioFile,
  timeoutMs: number,
): Promise<TranscriptionOutcome> {
  const controller = new AbortController()
  let timer: NodeJS.Timeout | undefined
  let expired = false
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      expired = true
      controller.abort()
      reject(new TranscriptionError(`Transcription took longer than ${timeoutMs / 1000} seconds.`))
    }, timeoutMs)
  })
  try {
    const text = (await Promise.race([transcriber.transcribe(audio, controller.signal), timedOut]))
      .replace(/\s+/g, ' ')
      .trim()
    countTranscription(transcriber.engine, text ? 'transcribed' : 'empty')
    return text
      ? { transcription: text }
      : { transcription: '', reason: 'No speech was recognised.' }
  } catch (error) {
    countTranscription(transcriber.engine, expired ? 'timed_out' : 'failed')
    if (error instanceof TranscriptionError) {
      throw new TranscriptionError(`${error.message} ${SAVED_ANYWAY}`)
    }
    logError('Transcription failed', error)
    throw new TranscriptionError(`Transcription failed. ${SAVED_ANYWAY}`)
  } finally {
    clearTimeout(timer)
    controller.abort()
  }
}

/** Like transcribeOrThrow, but never throws: a failure is an empty transcription with a reason. */
export async function transcribeWithin(
  transcriber: Transcriber,
  audio: AudioFile,
  timeoutMs: number,
): Promise<TranscriptionOutcome> {
  try {
    return await transcribeOrThrow(transcriber, audio, timeoutMs)
  } catch (error) {
    return { transcription: '', reason: (error as TranscriptionError).message }
  }
}

/** When no engine is set up: every voice note is kept, untranscribed, with this reason. */
export function unavailableTranscriber(reason: string): Transcriber {
  return {
    engine: 'unavailable',
    transcribe: () => Promise.reject(new TranscriptionError(reason)),
  }
}
