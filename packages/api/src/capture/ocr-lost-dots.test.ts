import { describe, expect, it } from 'vitest'
import { readingOfCard, type CardOcr, type CardPrint } from './business-card.ts'
import type { OcrWord } from './ocr-accents.ts'
import { blocksOf, wordAt } from './ocr-fixtures.ts'

const cardOf = (lines: OcrWord[][]): CardOcr => {
  const data = { text: '', blocks: blocksOf(lines) }
  return { plain: data, accented: data }
}

const picard = cardOf([
  [wordAt('Jean-Luc', 0, 0), wordAt('Picard', 100, 0)],
  [wordAt('Starfleet', 0, 1), wordAt('Logistics', 100, 1)],
  [wordAt('jlpicard@starfleet-logistics.example', 0, 2, 61)],
])

/** The print, as the scanner asks it: a full stop only where `dots` says, by the stretch's left edge. */
const printWith = (dots: number[]): CardPrint & { asked: number[] } => {
  const asked: number[] = []
  return {
    asked,
    unreadBlocks: () => [],
    hasFullStop: ({ x0 }) => {
      asked.push(x0)
      return dots.includes(x0)
    },
  }
}

describe("an address's full stop OCR dropped", () => {
  it('is put back where the print shows it, and the email filled for checking', async () => {
    // The dot printed after 'jl': in the stretch from the 'l' (x 10) to the middle of the 'p'.
    const reading = await readingOfCard(() => Promise.resolve(picard), printWith([10]))
    expect(reading?.card.email).toBe('jl.picard@starfleet-logistics.example')
    expect(reading?.unsure).toContain('email')
  })

  it('is not guessed where the print shows none: the email is offered with its line', async () => {
    const print = printWith([])
    const reading = await readingOfCard(() => Promise.resolve(picard), print)
    expect(reading?.card.email).toBe('')
    expect(reading?.unread.email).toBe('jlpicard@starfleet-logistics.example')
    // Every gap between two letters of the local part was looked at, none after the '@'.
    expect(print.asked).toEqual([0, 10, 20, 30, 40, 50, 60])
  })

  it('is not looked for in an email the parser already fills', async () => {
    const sure = cardOf([
      [wordAt('Ada', 0, 0), wordAt('Lovelace', 50, 0)],
      [wordAt('ada@acme.example', 0, 1)],
    ])
    const print = printWith([0])
    expect((await readingOfCard(() => Promise.resolve(sure), print))?.card.email).toBe(
      'ada@acme.example',
    )
    expect(print.asked).toEqual([])
  })
})
