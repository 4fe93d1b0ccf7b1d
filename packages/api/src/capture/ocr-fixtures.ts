import type { OcrBlock, OcrWord } from './ocr-accents.ts'

/** A word read at `x` on `row`: each character 10 px wide, its own box, 20 px tall on the line. */
export function wordAt(text: string, x: number, row: number, confidence = 90): OcrWord {
  const y0 = row * 40
  return {
    text,
    confidence,
    bbox: { x0: x, x1: x + text.length * 10, y0, y1: y0 + 20 },
    symbols: [...text].map((character, index) => ({
      text: character,
      bbox: { x0: x + index * 10, x1: x + index * 10 + 9, y0, y1: y0 + 20 },
    })),
  }
}

/** One block of the lines' words, as tesseract.js answers them. */
export const blocksOf = (lines: OcrWord[][]): OcrBlock[] => [
  { paragraphs: [{ lines: lines.map((words) => ({ words })) }] },
]
