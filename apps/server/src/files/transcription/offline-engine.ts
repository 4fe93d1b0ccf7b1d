import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { MAX_AUDIO_SECONDS } from '@fiveconnect/api/server'
import type { Transcriber } from './transcriber.ts'

const run = promisify(execFile)

export type OfflineTools = { ffmpeg: string; pocketsphinx: string }

/**
 * Offline speech-to-text with CMU PocketSphinx (Debian's pocketsphinx 0.8 and its en-us model):
 * ffmpeg turns any recording into the 16 kHz mono WAV it reads, with a little silence around the
 * speech, which helps it find the first and last words.
 */
export function createOfflineEngine(tools: OfflineTools): Transcriber {
  return {
    engine: 'offline',
    async transcribe(audio, signal) {
      const dir = await mkdtemp(join(tmpdir(), 'fiveconnect-stt-'))
      try {
        const wav = join(dir, 'speech.wav')
        await run(
          tools.ffmpeg,
          ['-nostdin', '-v', 'error', '-i', audio.path, '-t', String(MAX_AUDIO_SECONDS)]
            .concat(['-af', 'adelay=500:all=1,apad=pad_dur=0.5', '-ac', '1', '-ar', '16000'])
            .concat(['-f', 'wav', wav]),
          { signal },
        )
        const { stdout } = await run(tools.pocketsphinx, ['-infile', wav, '-logfn', '/dev/null'], {
          signal,
          maxBuffer: 10 * 1024 * 1024,
        })
        return stdout
      } finally {
        await rm(dir, { recursive: true, force: true })
      }
    },
  }
}
