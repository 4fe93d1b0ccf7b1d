import { describe, expect, it } from 'vitest'
import type { OcrBlock, OcrWord } from './ocr-accents.ts'
import { withLinesReadAgain } from './ocr-read-again.ts'

type Word = [text: string, x: number]

/** A block of lines, each [row, words at their x]: 20 px a letter, 30 px tall, rows 40 px apart. */
function blockOf(lines: [row: number, words: Word[]][]): OcrBlock {
  return {
    paragraphs: [
      {
        lines: lines.map(([row, words]) => ({
          words: words.map(([text, x]): OcrWord => ({
            text,
            confidence: 80,
            bbox: { x0: x, x1: x + text.length * 20, y0: row * 40, y1: row * 40 + 30 },
          })),
        })),
      },
    ],
  }
}

const textOf = (blocks: OcrBlock[]) =>
  blocks.flatMap(({ paragraphs }) =>
    paragraphs.flatMap(({ lines }) =>
      lines.map(({ words }) => words.map(({ text }) => text).join(' ')),
    ),
  )

const name = blockOf([
  [0, [['Mateo', 0]]],
  [1, [['Project', 0]]],
])

describe('lines of a block read again alone', () => {
  it('adds the lines the whole reading dropped, in reading order', () => {
    const footer = blockOf([[9, [['+1', 0]]]])
    const again = blockOf([
      [5, [['+34', 600]]],
      [6, [['mateo@sol.example', 600]]],
    ])
    expect(textOf(withLinesReadAgain([name, footer], [again]))).toEqual([
      'Mateo',
      'Project',
      '+34',
      'mateo@sol.example',
      '+1',
    ])
  })

  it('joins a line the whole reading split, or read only part of, into the whole line', () => {
    const split = blockOf([
      [
        6,
        [
          ['mateo.', 600],
          ['garc', 740],
        ],
      ],
    ])
    const rest = blockOf([[6, [['solenergy.example', 860]]]])
    const again = blockOf([
      [
        6,
        [
          ['mateo.', 600],
          ['garcia@solenergy.example', 740],
        ],
      ],
    ])
    expect(textOf(withLinesReadAgain([name, split, rest], [again]))).toEqual([
      'Mateo',
      'Project',
      'mateo. garcia@solenergy.example',
    ])
    const part = blockOf([[6, [['mateo.', 600]]]])
    expect(textOf(withLinesReadAgain([name, part], [again]))).toEqual([
      'Mateo',
      'Project',
      'mateo. garcia@solenergy.example',
    ])
  })

  it('keeps the whole reading of a line both read, and of one read again with far fewer letters', () => {
    const first = blockOf([[6, [['linkedin.com/in/clara', 600]]]])
    const same = blockOf([[6, [['inkedin.com/in/clara', 620]]]])
    expect(textOf(withLinesReadAgain([name, first], [same]))).toEqual(textOf([name, first]))
    const split = blockOf([
      [
        6,
        [
          ['+34', 600],
          ['612', 700],
          ['345', 800],
        ],
      ],
    ])
    const rest = blockOf([[6, [['678', 900]]]])
    const garbled = blockOf([
      [
        6,
        [
          ['+3', 600],
          ['.', 900],
        ],
      ],
    ])
    expect(textOf(withLinesReadAgain([name, split, rest], [garbled]))).toEqual(
      textOf([name, split, rest]),
    )
  })
})
