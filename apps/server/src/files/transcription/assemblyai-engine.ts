import { setTimeout as sleep } from 'node:timers/promises'
import { AssemblyAI } from 'assemblyai'
import { TranscriptionError, type Transcriber } from './transcriber.ts'

export type AssemblyAiOptions = {
  apiKey: string
  /** Another address for AssemblyAI's API (a proxy, or a test's fake); its own by default. */
  baseUrl?: string
  pollingIntervalMs?: number
}

/**
 * AssemblyAI's hosted speech-to-text: upload the audio, create a transcript, poll until it is
 * completed or has failed. Polling stops as soon as the signal aborts.
 */
export function createAssemblyAiEngine(options: AssemblyAiOptions): Transcriber {
  const client = new AssemblyAI({ apiKey: options.apiKey, baseUrl: options.baseUrl })
  const pollingIntervalMs = options.pollingIntervalMs ?? 3000

  return {
    engine: 'assemblyai',
    async transcribe(audio, signal) {
      let transcript = await client.transcripts.submit({ audio: Buffer.from(audio.bytes) })
      while (transcript.status !== 'completed' && transcript.status !== 'error') {
        await sleep(pollingIntervalMs, undefined, { signal })
        transcript = await client.transcripts.get(transcript.id)
      }
      if (transcript.status === 'error') {
        throw new TranscriptionError(
          `AssemblyAI could not transcribe the recording: ${transcript.error ?? 'unknown error'}.`,
        )
      }
      return transcript.text ?? ''
    },
  }
}
