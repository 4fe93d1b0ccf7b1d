import { describe, expect, test } from 'vitest'
import { transcriptSuggestions } from './transcript-suggestions.ts'
import {
  PHRASINGS,
  RECORDINGS,
  type Phrasing,
  type PhrasingClass,
  type Recording,
} from './transcript-suggestions.phrasings.ts'

/** Each phrasing at its recording, or at every recording when it names no day. */
const readings = PHRASINGS.flatMap((phrasing) =>
  (phrasing.recording ? [phrasing.recording] : (Object.keys(RECORDINGS) as Recording[])).map(
    (recording) => {
      const suggested = Object.fromEntries(
        transcriptSuggestions(phrasing.text, {
          ...RECORDINGS[recording],
          defaultCountry: phrasing.country,
        }).map(({ field, value }) => [field, value]),
      )
      return { phrasing, recording, suggested }
    },
  ),
)
const isRight = ({ phrasing, suggested }: { phrasing: Phrasing; suggested: object }) =>
  JSON.stringify(Object.entries(suggested).sort()) ===
  JSON.stringify(Object.entries(phrasing.expected).sort())

describe('voice phrasings as people say them, read at recordings in four time zones', () => {
  test('the set covers every class with at least 60 phrasings', () => {
    expect(PHRASINGS.length).toBeGreaterThanOrEqual(60)
    expect(new Set(PHRASINGS.map((phrasing) => phrasing.class)).size).toBe(11)
    expect(new Set(readings.map((reading) => reading.recording)).size).toBe(4)
  })

  test('at least 95% are read exactly, reported by class', () => {
    const byClass = new Map<PhrasingClass, { right: number; total: number }>()
    for (const reading of readings) {
      const tally = byClass.get(reading.phrasing.class) ?? { right: 0, total: 0 }
      byClass.set(reading.phrasing.class, {
        right: tally.right + (isRight(reading) ? 1 : 0),
        total: tally.total + 1,
      })
    }
    const right = readings.filter(isRight).length
    const report = [...byClass].map(
      ([name, { right, total }]) =>
        `${name}: ${right}/${total} (${Math.round((100 * right) / total)}%)`,
    )
    const misses = readings
      .filter((reading) => !isRight(reading))
      .map(
        ({ phrasing, recording, suggested }) =>
          `${JSON.stringify(phrasing.text)} at ${recording}: got ${JSON.stringify(suggested)}, expected ${JSON.stringify(phrasing.expected)}`,
      )
    console.info(
      [
        `${right}/${readings.length} readings right (${((100 * right) / readings.length).toFixed(1)}%)`,
        ...report,
        ...misses.map((miss) => `miss: ${miss}`),
      ].join('\n'),
    )
    expect(right / readings.length).toBeGreaterThanOrEqual(0.95)
  })

  test('a past reference never proposes a follow-up', () => {
    const proposed = readings.filter(
      ({ phrasing, suggested }) =>
        phrasing.class === 'past reference' &&
        'followUpOn' in suggested &&
        !('followUpOn' in phrasing.expected),
    )
    expect(proposed.map(({ phrasing }) => phrasing.text)).toEqual([])
  })
})
