/**
 * Full stops OCR dropped from an address's local part (issue 31): a small, faint dot printed
 * between two letters ('jl.picard@') is often not read at all ('jlpicard@'), and which of the two
 * forms the card printed decides the address. The print is asked (`hasFullStop`, card-image.ts)
 * wherever two letters of a local part were read side by side.
 */
import { withWords, wordsOf, type OcrBlock, type OcrWord } from './ocr-accents.ts'

type Box = OcrWord['bbox']

/** Whether the print shows a full stop in `stretch`, on `baseline`, among letters `letters` tall. */
export type FullStopCheck = (
  stretch: Box,
  baseline: number,
  letters: number,
) => boolean | Promise<boolean>

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

const isLetterOrDigit = (text: string) => /^[\p{L}\p{N}]$/u.test(text)

/** The word's text with a '.' wherever the print shows one between two letters before its '@'. */
async function withDotsPrinted(word: OcrWord, hasFullStop: FullStopCheck): Promise<string> {
  const at = word.text.indexOf('@')
  const symbols = word.symbols ?? []
  if (at < 2 || symbols.map((symbol) => symbol.text).join('') !== word.text) return word.text
  const local = symbols.slice(0, at)
  const baseline = median(local.map((symbol) => symbol.bbox.y1))
  const letters = baseline - median(local.map((symbol) => symbol.bbox.y0))
  let text = ''
  for (const [index, symbol] of local.entries()) {
    text += symbol.text
    const next = local[index + 1]
    if (!next || !isLetterOrDigit(symbol.text) || !isLetterOrDigit(next.text)) continue
    // From the letter's left edge to the middle of the next: a dot OCR dropped falls inside the
    // box of the letter before it.
    const stretch = {
      x0: symbol.bbox.x0,
      x1: Math.round((next.bbox.x0 + next.bbox.x1) / 2),
      y0: word.bbox.y0,
      y1: word.bbox.y1,
    }
    if (await hasFullStop(stretch, baseline, letters)) text += '.'
  }
  return text + word.text.slice(at)
}

/**
 * The blocks with the full stops the print shows in each address's local part; the same blocks
 * when it shows none.
 */
export async function withLostDots(
  blocks: OcrBlock[],
  hasFullStop: FullStopCheck,
): Promise<OcrBlock[]> {
  const dotted = new Map<OcrWord, string>()
  for (const word of wordsOf(blocks).filter(({ text }) => text.includes('@'))) {
    const text = await withDotsPrinted(word, hasFullStop)
    if (text !== word.text) dotted.set(word, text)
  }
  if (dotted.size === 0) return blocks
  return withWords(blocks, (word) => ({ ...word, text: dotted.get(word) ?? word.text }))
}
