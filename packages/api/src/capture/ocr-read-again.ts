/**
 * Lines of a card's block read again alone, merged into the first reading of the whole card
 * (issue 31). Tesseract's page layout splits or drops small, faint lines far from the rest, such as
 * a two-column card's contact lines, that it reads whole once asked to read their block alone.
 * A line another reading gave can also be put in place of a row's, to parse the card with it.
 */
import type { OcrBlock, OcrWord } from './ocr-accents.ts'

type OcrLine = OcrBlock['paragraphs'][number]['lines'][number]
type Box = OcrWord['bbox']

const linesOf = (blocks: OcrBlock[]): OcrLine[] =>
  blocks
    .flatMap((block) => block.paragraphs.flatMap((paragraph) => paragraph.lines))
    .filter((line) => line.words.length > 0)

/** The box around the words of some lines. */
function boxOf(lines: OcrLine[]): Box {
  const boxes = lines.flatMap((line) => line.words.map((word) => word.bbox))
  return {
    x0: Math.min(...boxes.map((box) => box.x0)),
    y0: Math.min(...boxes.map((box) => box.y0)),
    x1: Math.max(...boxes.map((box) => box.x1)),
    y1: Math.max(...boxes.map((box) => box.y1)),
  }
}

function widthOf(lines: OcrLine[]): number {
  if (lines.length === 0) return 0
  const { x0, x1 } = boxOf(lines)
  return x1 - x0
}

const lettersIn = (lines: OcrLine[]) =>
  lines.reduce(
    (count, line) => count + line.words.reduce((sum, word) => sum + word.text.length, 0),
    0,
  )

/** Two lines on one row that share some width: the same print, read twice. */
function isSameRow(a: Box, b: Box): boolean {
  const across = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0)
  const down = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0)
  return across > 0 && down > Math.min(a.y1 - a.y0, b.y1 - b.y0) / 2
}

/**
 * The first reading's blocks with the lines of a block read again alone. A line read again is
 * taken where the first reading has nothing on its row, or where it joins lines the first reading
 * split or reaches print it left, with at least nine tenths of their letters; it replaces those
 * lines. Where both read the same stretch of a row, the first reading stays: it saw the line among
 * the rest of the card, and a block read alone is no surer of it.
 */
export function withLinesReadAgain(first: OcrBlock[], again: OcrBlock[]): OcrBlock[] {
  const firstLines = linesOf(first)
  const replaced = new Set<OcrLine>()
  const taken: OcrLine[] = []
  for (const line of linesOf(again)) {
    const box = boxOf([line])
    const rivals = firstLines.filter(
      (rival) => !replaced.has(rival) && isSameRow(boxOf([rival]), box),
    )
    const isFuller = rivals.length > 1 || widthOf([line]) > 1.15 * widthOf(rivals)
    if (rivals.length > 0 && !(isFuller && lettersIn([line]) >= 0.9 * lettersIn(rivals))) continue
    for (const rival of rivals) replaced.add(rival)
    taken.push(line)
  }
  return withLinesTaken(first, taken, replaced)
}

/** The lines of some reading (`linesOf`) that hold an '@': what may be an email address. */
export function linesWithAt(blocks: OcrBlock[]): OcrLine[] {
  return linesOf(blocks).filter((line) => line.words.some((word) => word.text.includes('@')))
}

/** The blocks with `line`, read elsewhere, in place of what they read on its row. */
export function withRowReadAs(blocks: OcrBlock[], line: OcrLine): OcrBlock[] {
  const box = boxOf([line])
  const replaced = new Set(linesOf(blocks).filter((rival) => isSameRow(boxOf([rival]), box)))
  return withLinesTaken(blocks, [line], replaced)
}

/** The blocks without the `replaced` lines, the `taken` ones in reading order among them. */
function withLinesTaken(blocks: OcrBlock[], taken: OcrLine[], replaced: Set<OcrLine>): OcrBlock[] {
  if (taken.length === 0) return blocks
  const kept = blocks
    .map((block) => ({
      ...block,
      paragraphs: block.paragraphs.map((paragraph) => ({
        ...paragraph,
        lines: paragraph.lines.filter((line) => !replaced.has(line)),
      })),
    }))
    .filter((block) => linesOf([block]).length > 0)
  // In reading order: before the first block that starts below the lines taken.
  const top = boxOf(taken).y0
  const at = kept.findIndex((block) => boxOf(linesOf([block])).y0 >= top)
  kept.splice(at === -1 ? kept.length : at, 0, { paragraphs: [{ lines: taken }] })
  return kept
}
