import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import {
  BABBLE_SENTENCES,
  planRecordings,
  SPOKEN_NOTES,
  VOICES,
  type Condition,
  type Voice,
} from './spoken-notes.ts'

const run = promisify(execFile)

export const RECORDING_TOOLS = ['espeak-ng', 'sox', 'soxi'] as const

export type RecordedNote = {
  /** What was said. */
  truth: string
  voice: string
  condition: string
  /** 16 kHz mono WAV: the speech, with the noise mixed in when the condition has one. */
  path: string
  /** The speech alone, the same WAV before any noise. */
  speechPath: string
  seconds: number
}

async function speak(voice: Voice, text: string, path: string) {
  const raw = `${path}.espeak.wav`
  await run('espeak-ng', [
    '-v',
    voice.espeakVoice,
    '-s',
    String(voice.wordsPerMinute),
    '-w',
    raw,
    text,
  ])
  await run('sox', [raw, '-r', '16000', '-c', '1', '-b', '16', path])
}

async function secondsOf(path: string) {
  return Number((await run('soxi', ['-D', path])).stdout)
}

/** The root-mean-square amplitude of a recording, as sox's `stat` reports it. */
export async function rmsOf(path: string) {
  const { stderr } = await run('sox', [path, '-n', 'stat'])
  const match = /RMS\s+amplitude:\s+([\d.]+)/.exec(stderr)
  if (!match?.[1]) throw new Error(`sox reported no RMS amplitude for ${path}`)
  return Number(match[1])
}

/** Other voices talking over each other, made once and repeated under each note. */
async function recordBabble(dir: string) {
  const voices = [...VOICES].reverse()
  const parts = await Promise.all(
    BABBLE_SENTENCES.map(async (sentence, index) => {
      const path = join(dir, `babble-${index}.wav`)
      await speak(voices[index % voices.length] as Voice, sentence, path)
      return path
    }),
  )
  const babble = join(dir, 'babble.wav')
  await run('sox', ['-m', ...parts, babble])
  return babble
}

async function noiseFor(
  condition: Exclude<Condition, { name: 'clean' }>,
  seconds: number,
  path: string,
  babble: string,
) {
  if (condition.noise === 'babble') {
    const repeats = Math.ceil(seconds / (await secondsOf(babble)))
    await run('sox', [babble, path, 'repeat', String(repeats), 'trim', '0', String(seconds)])
  } else {
    await run(
      'sox',
      ['-n', '-r', '16000', '-c', '1', '-b', '16', path, 'synth', String(seconds)].concat([
        condition.noise,
      ]),
    )
  }
}

/**
 * Mixes noise under speech so that the speech is `snrDb` louder (by RMS over the whole note). Both
 * are halved, which keeps the ratio and leaves room below full scale.
 */
async function mixAtSnr(speech: string, noise: string, snrDb: number, path: string) {
  const factor = (await rmsOf(speech)) / ((await rmsOf(noise)) * 10 ** (snrDb / 20))
  await run('sox', ['-m', '-v', '0.5', speech, '-v', (factor / 2).toFixed(6), noise, path])
}

/**
 * Says every planned note with espeak-ng into `dir`, mixing in the planned noise with sox. The
 * recordings are made afresh by each run, so they follow the notes and voices above.
 */
export async function recordSpokenNotes(dir: string): Promise<RecordedNote[]> {
  const babble = await recordBabble(dir)
  const recorded: RecordedNote[] = []
  for (const [index, planned] of planRecordings().entries()) {
    const truth = SPOKEN_NOTES[planned.noteIndex] ?? ''
    const clean = join(dir, `note-${index}-clean.wav`)
    await speak(planned.voice, truth, clean)
    const seconds = await secondsOf(clean)
    let path = clean
    if ('noise' in planned.condition) {
      const noise = join(dir, `note-${index}-noise.wav`)
      await noiseFor(planned.condition, seconds, noise, babble)
      path = join(dir, `note-${index}-noisy.wav`)
      await mixAtSnr(clean, noise, planned.condition.snrDb, path)
    }
    recorded.push({
      truth,
      voice: planned.voice.name,
      condition: planned.condition.name,
      path,
      speechPath: clean,
      seconds,
    })
  }
  return recorded
}
