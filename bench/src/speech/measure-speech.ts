import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  errorRatesByCondition,
  hearNotes,
  installedSpeechEngines,
  realTimeFactor,
  recordSpokenNotes,
  SPEECH_CANDIDATES_NOT_MEASURED,
} from '@fiveconnect/server/speech-set'
import type { Figure } from '../report.ts'
import { spreadEvenly } from '../sizes.ts'
import { sampleChildRss } from './child-rss.ts'

const GROUP = 'Speech'
const SERVER_MEMORY_BUDGET = { name: 'server memory budget', value: 200 }

/**
 * Issue 31's offline transcription figures: each engine hears the same notes spoken by espeak-ng
 * (clean and under venue noise; all, or `recordings` of them spread evenly) and is scored by word error rate per condition and per voice,
 * with its real-time factor and the peak RSS of one transcription.
 */
export async function measureSpeech(log: (message: string) => void, recordings: number | 'all') {
  const figures: Figure[] = []
  const notes = SPEECH_CANDIDATES_NOT_MEASURED.map(
    (candidate) => `Speech engine not measured: ${candidate.name}: ${candidate.why}`,
  )
  const engines = await installedSpeechEngines()
  if (!engines) {
    figures.push({
      group: GROUP,
      name: 'all figures',
      unit: '',
      error: 'ffmpeg or pocketsphinx missing',
    })
    return { figures, notes }
  }
  const dir = await mkdtemp(join(tmpdir(), 'fiveconnect-bench-speech-'))
  try {
    log('Speech: recording the spoken notes with espeak-ng and sox')
    const recorded = spreadEvenly(await recordSpokenNotes(dir), recordings)
    notes.push(
      `Speech: ${recorded.length} recordings of the notes, ${recorded.filter((note) => note.condition === 'clean').length} clean`,
    )
    for (const { name, transcriber } of engines) {
      log(`Speech: ${name} hears ${recorded.length} recordings`)
      const rss = sampleChildRss()
      const heard = await hearNotes(transcriber, recorded, 1)
      const peakMb = rss.stop()
      for (const row of errorRatesByCondition(heard)) {
        figures.push({
          group: GROUP,
          name: `${name}: word error rate, ${row.group} (${row.notes} notes, ${row.words} words)`,
          unit: '%',
          value: row.wordErrorRate * 100,
        })
      }
      figures.push(
        {
          group: GROUP,
          name: `${name}: real-time factor`,
          unit: '×',
          value: realTimeFactor(heard),
        },
        {
          group: GROUP,
          name: `${name}: peak RSS of one transcription`,
          unit: 'MB',
          value: peakMb,
          limit: SERVER_MEMORY_BUDGET,
        },
      )
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
  return { figures, notes }
}
