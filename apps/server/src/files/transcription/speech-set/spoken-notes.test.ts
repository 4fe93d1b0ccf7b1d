import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { transcriptSuggestions } from '@fiveconnect/api/transcript-suggestions'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findExecutable } from '../../audio-tools.ts'
import { installedSpeechEngines } from './engines.ts'
import { recordSpokenNotes, RECORDING_TOOLS, rmsOf, type RecordedNote } from './record-notes.ts'
import { errorRatesByCondition, hearNotes, type HeardNote } from './score-engine.ts'
import { CONDITIONS, VOICES } from './spoken-notes.ts'

const run = promisify(execFile)
const SETUP_HINT =
  'run scripts/setup-test-deps.sh to install espeak-ng, sox, ffmpeg and pocketsphinx'
// Any fixed moment: the suggestions of a transcript are compared with those of its truth.
const CONTEXT = { recordedAt: new Date('2026-05-13T10:00:00Z'), timeZone: 'Europe/London' }

const suggestionsOf = (text: string) =>
  transcriptSuggestions(text, CONTEXT).map(
    (suggestion) => `${suggestion.field}=${suggestion.value}`,
  )

let dir: string
let recorded: RecordedNote[]

beforeAll(async () => {
  for (const tool of RECORDING_TOOLS) {
    if (!(await findExecutable(tool))) throw new Error(`${tool} is not installed: ${SETUP_HINT}`)
  }
  dir = await mkdtemp(join(tmpdir(), 'fiveconnect-spoken-notes-'))
  recorded = await recordSpokenNotes(dir)
}, 300_000)
afterAll(() => rm(dir, { recursive: true, force: true }))

describe('the spoken notes (issue 31)', () => {
  it('are at least 20 notes in at least 3 voices, each voice clean and in every noise', () => {
    expect(new Set(recorded.map((note) => note.truth)).size).toBeGreaterThanOrEqual(20)
    expect(VOICES.length).toBeGreaterThanOrEqual(3)
    for (const voice of VOICES) {
      for (const condition of CONDITIONS) {
        const heardIn = recorded.filter(
          (note) => note.voice === voice.name && note.condition === condition.name,
        )
        expect(heardIn.length, `${voice.name} in ${condition.name}`).toBeGreaterThan(0)
      }
    }
    for (const note of recorded) expect(note.seconds).toBeGreaterThan(1.5)
  })

  it('carry the venue noise at the signal-to-noise ratio each condition names', async () => {
    for (const condition of CONDITIONS) {
      if (!('snrDb' in condition)) continue
      const note = recorded.find((each) => each.condition === condition.name) as RecordedNote
      // The mix holds half the speech; what is left after taking that away is the noise.
      const noise = join(dir, 'noise-left.wav')
      await run('sox', ['-m', note.path, '-v', '-0.5', note.speechPath, noise])
      const speech = join(dir, 'speech-half.wav')
      await run('sox', ['-v', '0.5', note.speechPath, speech])
      const snr = 20 * Math.log10((await rmsOf(speech)) / (await rmsOf(noise)))
      expect(snr, condition.name).toBeGreaterThan(condition.snrDb - 1)
      expect(snr, condition.name).toBeLessThan(condition.snrDb + 1)
    }
  })
})

describe('the offline engine hearing the spoken notes', () => {
  let heard: HeardNote[]
  beforeAll(async () => {
    const [engine] = (await installedSpeechEngines()) ?? []
    if (!engine) throw new Error(`The offline engine is not installed: ${SETUP_HINT}`)
    heard = await hearNotes(engine.transcriber, recorded)
    const rows = errorRatesByCondition(heard)
    console.info(
      `${engine.name}, word error rate:\n${rows
        .map(
          (row) => `  ${row.group}: ${(row.wordErrorRate * 100).toFixed(1)}% of ${row.words} words`,
        )
        .join('\n')}`,
    )
  }, 1_800_000)

  it('hears something in every clean note, and is scored in every condition and voice', () => {
    for (const note of heard.filter((each) => each.condition === 'clean')) {
      expect(note.transcript.trim(), note.truth).not.toBe('')
    }
    const groups = errorRatesByCondition(heard).map((row) => row.group)
    for (const condition of CONDITIONS) expect(groups).toContain(`condition: ${condition.name}`)
    for (const voice of VOICES) expect(groups).toContain(`voice: ${voice.name}`)
  })

  it('reports how many notes its transcripts give a right suggestion for, and how many a wrong one', () => {
    const clean = heard.filter((note) => note.condition === 'clean')
    let right = 0
    let wrong = 0
    for (const note of clean) {
      const truth = new Set(suggestionsOf(note.truth))
      const fromTranscript = suggestionsOf(note.transcript)
      if (fromTranscript.some((suggestion) => truth.has(suggestion))) right += 1
      if (fromTranscript.some((suggestion) => !truth.has(suggestion))) wrong += 1
    }
    const suggesting = clean.filter((note) => suggestionsOf(note.truth).length > 0).length
    console.info(
      `Clean notes: ${right} of ${suggesting} that suggest something got a right suggestion, ${wrong} a wrong one`,
    )
    // The truths themselves must suggest something, or this count would say nothing.
    expect(suggesting).toBeGreaterThanOrEqual(clean.length / 2)
  })
})
