import { describe, expect, it } from 'vitest'
import { readingOfCard, type CardOcr, type CardPrint } from './business-card.ts'
import type { OcrWord } from './ocr-accents.ts'
import { blocksOf, wordAt } from './ocr-fixtures.ts'

const ocrOf = (lines: OcrWord[][]) => ({ text: '', blocks: blocksOf(lines) })

const nameAndCompany = [
  [wordAt('Jean-Luc', 0, 0), wordAt('Picard', 100, 0)],
  [wordAt('Starfleet', 0, 1), wordAt('Logistics', 100, 1)],
]
const website = [wordAt('www.starfleet-logistics.example', 0, 3, 85)]
const addressRead = (text: string, confidence = 20) => [wordAt(text, 0, 2, confidence)]

/**
 * A card whose whole reading lost the email's '@' (the English traineddata) or read its local
 * part wrong (the accented one), and whose contact block, read again alone, gives `again`.
 */
function cardRead(again: { plain: string; accented: string }) {
  const whole: CardOcr = {
    plain: ocrOf([
      ...nameAndCompany,
      addressRead('il.picardiestarflect-logistics.example', 0),
      website,
    ]),
    accented: ocrOf([
      ...nameAndCompany,
      addressRead('it.picard@starfleet-logistics.example'),
      website,
    ]),
  }
  const block: CardOcr = {
    plain: ocrOf([addressRead(again.plain)]),
    accented: ocrOf([addressRead(again.accented)]),
  }
  const print: CardPrint = {
    unreadBlocks: () => [{ left: 0, top: 70, width: 400, height: 40 }],
    hasFullStop: () => false,
  }
  return readingOfCard((rectangle) => Promise.resolve(rectangle ? block : whole), print)
}

describe('an email the whole reading missed, read elsewhere', () => {
  it('is taken from the reading whose local part the name spells, for checking', async () => {
    const reading = await cardRead({
      plain: 'jl.picard@estarfleet',
      accented: 'jl.picard@starfleet-logistics.example',
    })
    // 'jl' is Jean-Luc's initials; 'it' is not.
    expect(reading?.card.email).toBe('jl.picard@starfleet-logistics.example')
    expect(reading?.unsure).toContain('email')
    expect(reading?.unread.email).toBeUndefined()
    expect(reading?.card.website).toBe('www.starfleet-logistics.example')
  })

  it('is not guessed when two readings differ and the name spells both as well', async () => {
    const reading = await cardRead({
      plain: 'jl.picard@estarfleet',
      accented: 'ix.picard@starfleet-logistics.example',
    })
    expect(reading?.card.email).toBe('')
  })

  it('never replaces an email the whole reading gave', async () => {
    const whole: CardOcr = {
      plain: ocrOf([...nameAndCompany, addressRead('picard@starfleet-logistics.example', 90)]),
      accented: ocrOf([
        ...nameAndCompany,
        addressRead('jl.picard@starfleet-logistics.example', 90),
      ]),
    }
    const reading = await readingOfCard(() => Promise.resolve(whole), {
      unreadBlocks: () => [],
      hasFullStop: () => false,
    })
    expect(reading?.card.email).toBe('picard@starfleet-logistics.example')
  })
})
