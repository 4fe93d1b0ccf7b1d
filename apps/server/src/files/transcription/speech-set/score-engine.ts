import { readFile } from 'node:fs/promises'
import type { Transcriber } from '../transcriber.ts'
import type { RecordedNote } from './record-notes.ts'
import { wordErrorRate, wordErrors, type WordErrors } from './word-error-rate.ts'

export type HeardNote = RecordedNote & {
  transcript: string
  errors: WordErrors
  busySeconds: number
}

/** Transcribes every note with `transcriber`, a few at a time, and scores each transcript. */
export async function hearNotes(
  transcriber: Transcriber,
  notes: readonly RecordedNote[],
  concurrency = 2,
): Promise<HeardNote[]> {
  const heard: HeardNote[] = []
  let next = 0
  const worker = async () => {
    for (let index = next++; index < notes.length; index = next++) {
      const note = notes[index] as RecordedNote
      const audio = { path: note.path, bytes: await readFile(note.path), contentType: 'audio/wav' }
      const started = performance.now()
      const transcript = await transcriber.transcribe(audio, new AbortController().signal)
      const busySeconds = (performance.now() - started) / 1000
      heard[index] = {
        ...note,
        transcript,
        errors: wordErrors(note.truth, transcript),
        busySeconds,
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  return heard
}

export type ErrorRateRow = { group: string; notes: number; words: number; wordErrorRate: number }

/** The word error rate of all notes, then by condition and by voice, then noisy notes together. */
export function errorRatesByCondition(heard: readonly HeardNote[]): ErrorRateRow[] {
  const row = (group: string, notes: readonly HeardNote[]): ErrorRateRow => ({
    group,
    notes: notes.length,
    words: notes.reduce((sum, note) => sum + note.errors.words, 0),
    wordErrorRate: wordErrorRate(notes.map((note) => note.errors)),
  })
  const groups = (key: 'condition' | 'voice') =>
    [...new Set(heard.map((note) => note[key]))].map((value) =>
      row(
        `${key}: ${value}`,
        heard.filter((note) => note[key] === value),
      ),
    )
  return [
    row('all notes', heard),
    ...groups('condition'),
    row(
      'condition: any noise',
      heard.filter((note) => note.condition !== 'clean'),
    ),
    ...groups('voice'),
  ]
}

/** Seconds spent transcribing per second of speech, over all notes (below 1 is faster than speech). */
export function realTimeFactor(heard: readonly HeardNote[]): number {
  const busy = heard.reduce((sum, note) => sum + note.busySeconds, 0)
  return busy / heard.reduce((sum, note) => sum + note.seconds, 0)
}
