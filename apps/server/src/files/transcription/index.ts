import type { Env } from '../../env.ts'
import { findExecutable } from '../audio-tools.ts'
import { createOfflineEngine } from './offline-engine.ts'
import { unavailableTranscriber, type Transcriber } from './transcriber.ts'

export const NOT_SET_UP_REASON =
  'Transcription is not set up on this server (no AssemblyAI key and no offline engine installed).'

/** Finds ffmpeg and PocketSphinx on PATH; undefined unless both are there. */
export async function findOfflineTools() {
  const [ffmpeg, pocketsphinx] = await Promise.all([
    findExecutable('ffmpeg'),
    findExecutable('pocketsphinx_continuous'),
  ])
  return ffmpeg && pocketsphinx ? { ffmpeg, pocketsphinx } : undefined
}

/**
 * The one place the engine is chosen: TRANSCRIPTION_ENGINE names one, or 'auto' takes AssemblyAI
 * when ASSEMBLYAI_API_KEY is set, else the offline engine when installed, else none.
 */
export async function createTranscriber(env: Env): Promise<Transcriber> {
  const choice = env.TRANSCRIPTION_ENGINE
  if (choice === 'none')
    return unavailableTranscriber('Transcription is turned off on this server.')
  if (env.ASSEMBLYAI_API_KEY && (choice === 'assemblyai' || choice === 'auto')) {
    // Loaded only here, as every optional client is (docs/benchmarks.md): 2 MB of heap otherwise.
    const { createAssemblyAiEngine } = await import('./assemblyai-engine.ts')
    return createAssemblyAiEngine({
      apiKey: env.ASSEMBLYAI_API_KEY,
      baseUrl: env.ASSEMBLYAI_BASE_URL,
    })
  }
  const tools = await findOfflineTools()
  if (tools) return createOfflineEngine(tools)
  if (choice === 'offline') {
    return unavailableTranscriber(
      'The offline transcription engine is not installed (it needs ffmpeg and pocketsphinx).',
    )
  }
  return unavailableTranscriber(NOT_SET_UP_REASON)
}
