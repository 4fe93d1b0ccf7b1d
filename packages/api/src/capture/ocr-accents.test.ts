import { describe, expect, it } from 'vitest'
import { readingOfOcr } from './business-card.ts'
import { withAccents, type OcrBlock, type OcrWord } from './ocr-accents.ts'

/** Words side by side on lines 40 px apart, each 20 px wide per letter, as tesseract.js boxes them. */
function blocksOf(lines: string[][], confidence = 90): OcrBlock[] {
  return [
    {
      paragraphs: [
        {
          lines: lines.map((texts, row) => {
            let x = 0
            const words = texts.map((text): OcrWord => {
              const bbox = { x0: x, x1: x + text.length * 20, y0: row * 40, y1: row * 40 + 30 }
              x = bbox.x1 + 20
              return { text, confidence, bbox }
            })
            return { words }
          }),
        },
      ],
    },
  ]
}

const textOf = (blocks: OcrBlock[]) =>
  blocks.flatMap(({ paragraphs }) =>
    paragraphs.flatMap(({ lines }) =>
      lines.map(({ words }) => words.map(({ text }) => text).join(' ')),
    ),
  )

describe('accents lent by the accented reading', () => {
  it('spells a name, a title and a company with the accents the English model cannot read', () => {
    const plain = blocksOf([['Zoé', 'Lefevre'], ['Geschaftsfuhrer'], ['Atelier', 'Lumiere']])
    const accented = blocksOf([['Zoë', 'Lefèvre'], ['Geschäftsführer'], ['Atelier', 'Lumière']])
    expect(textOf(withAccents(plain, accented))).toEqual([
      'Zoë Lefèvre',
      'Geschäftsführer',
      'Atelier Lumière',
    ])
  })

  it('never changes an email, a web address or a number', () => {
    const plain = blocksOf([['jose@garcia.example'], ['www.lumiere.example'], ['+33', '612']])
    const accented = blocksOf([['josé@garcía.example'], ['www.lumière.example'], ['+33', '612']])
    expect(textOf(withAccents(plain, accented))).toEqual(textOf(plain))
  })

  it('keeps the English reading where the other reads other letters, or reads elsewhere', () => {
    const plain = blocksOf([['Grol', 'Partner']])
    const otherLetters = blocksOf([['Gräl', 'Pártnar']])
    expect(textOf(withAccents(plain, otherLetters))).toEqual(['Grol Partner'])
    const elsewhere = blocksOf([[], ['Gról', 'Pártner']])
    expect(textOf(withAccents(plain, elsewhere))).toEqual(['Grol Partner'])
  })

  it('gives the scanner the accented name', () => {
    const lines = [['Hélene', 'Lefevre'], ['Directrice'], ['helene@atelier.example']]
    const reading = readingOfOcr(
      { text: '', blocks: blocksOf(lines) },
      {
        accented: {
          text: '',
          blocks: blocksOf([['Hélène', 'Lefèvre'], ['Directrice'], ['hélène@atelier.example']]),
        },
      },
    )
    expect(reading?.card).toMatchObject({
      firstName: 'Hélène',
      lastName: 'Lefèvre',
      title: 'Directrice',
      email: 'helene@atelier.example',
    })
  })
})
