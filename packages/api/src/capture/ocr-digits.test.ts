import { describe, expect, it } from 'vitest'
import { readingOfOcr } from './business-card.ts'
import { blocksOf, wordAt } from './ocr-fixtures.ts'

/** A French mobile number read as groups at their place on the card's second row. */
const numberRead = (groups: [text: string, confidence: number][]) => {
  let x = 0
  return groups.map(([text, confidence]) => {
    const word = wordAt(text, x, 1, confidence)
    x += text.length * 10 + 10
    return word
  })
}

const name = [wordAt('Jean-Luc', 0, 0), wordAt('Picard', 100, 0)]

const phoneOf = (
  plain: [text: string, confidence: number][],
  accented: [text: string, confidence: number][],
) =>
  readingOfOcr(
    { text: '', blocks: blocksOf([name, numberRead(plain)]) },
    { accented: { text: '', blocks: blocksOf([name, numberRead(accented)]) } },
  )

const sure = (text: string): [string, number] => [text, 95]

describe('digits the accented reading read surely', () => {
  it('put right a group the English reading doubted, and the number is filled', () => {
    const reading = phoneOf(
      [sure('+33'), sure('6'), sure('12'), sure('34'), ['57', 40], sure('78')],
      [sure('+33'), sure('6'), sure('12'), sure('34'), sure('56'), sure('78')],
    )
    expect(reading?.card.phone).toBe('+33 6 12 34 56 78')
    expect(reading?.unread.phone).toBeUndefined()
  })

  it('leave a group the English reading read surely, though the two differ', () => {
    const reading = phoneOf(
      [sure('+33'), sure('6'), ['12', 82], sure('34'), sure('56'), sure('78')],
      [sure('+33'), sure('6'), sure('17'), sure('34'), sure('56'), sure('78')],
    )
    expect(reading?.card.phone).toBe('+33 6 12 34 56 78')
  })

  it('are not lent when unsure or of another length: the doubted number is offered, not filled', () => {
    const plain: [string, number][] = [
      sure('+33'),
      sure('6'),
      sure('12'),
      sure('34'),
      ['57', 40],
      sure('78'),
    ]
    for (const lent of [['56', 70] as [string, number], sure('5')]) {
      const reading = phoneOf(plain, [
        sure('+33'),
        sure('6'),
        sure('12'),
        sure('34'),
        lent,
        sure('78'),
      ])
      expect(reading?.card.phone).toBe('')
      expect(reading?.unread.phone).toBe('+33 6 12 34 57 78')
    }
  })
})
