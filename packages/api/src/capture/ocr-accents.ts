/**
 * Accents for a card read by the English traineddata, which has no accented letters but 'é': it reads
 * 'Zoë Lefèvre' as 'Zoé Lefevre'. The same photo read by a model that knows them (CARD_OCR_LANGUAGES)
 * lends its spelling to a word, and only to a word of letters that spells the English reading's
 * letters: it never changes an email, a number or a misread word into another word.
 */

type Box = { x0: number; x1: number; y0: number; y1: number }
/** A word as tesseract.js reads it; `symbols` are its characters, each with its box. */
export type OcrWord = {
  text: string
  confidence: number
  bbox: Box
  symbols?: { text: string; bbox: Box }[]
}
export type OcrBlock = { paragraphs: { lines: { words: OcrWord[] }[] }[] }

/**
 * How tesseract.js reads a card: everything with the English traineddata, then once more with
 * Dutch and French, whose letters take every accent of Western European names (à á â ä ç è é ê ë
 * ì í î ï ñ ò ó ô ö ù ú û ü œ æ ÿ) and lend their spelling (withAccents); the second reading also
 * lends digits the English one doubted (ocr-digits.ts) and may give an email it missed (readingOfCard).
 */
export const CARD_OCR_LANGUAGES = { plain: 'eng', accented: 'nld+fra' } as const

const UNMARKED: Record<string, string> = {
  ß: 'ss',
  ø: 'o',
  Ø: 'O',
  ł: 'l',
  Ł: 'L',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
}

/** Text without its letters' marks, as the English model reads it: 'Lefèvre' as 'Lefevre', 'Groß' as 'Gross'. */
export function withoutMarks(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[ßøØłŁæÆœŒ]/g, (letter) => UNMARKED[letter] ?? letter)
}

/** A name, title or company word: letters, an apostrophe or hyphen inside, a full stop or comma after. */
const LETTERS_WORD = /^\p{L}[\p{L}'’-]*[.,]?$/u

/** Half of the larger box is shared: both models read the same word. */
export function isSameWord(a: Box, b: Box): boolean {
  const across = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0)
  const down = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0)
  if (across <= 0 || down <= 0) return false
  const area = (box: Box) => (box.x1 - box.x0) * (box.y1 - box.y0)
  return across * down >= Math.max(area(a), area(b)) / 2
}

export const wordsOf = (blocks: OcrBlock[]) =>
  blocks.flatMap((block) =>
    block.paragraphs.flatMap(({ lines }) => lines.flatMap(({ words }) => words)),
  )

/** The blocks with each word replaced by `change(word)`, the layout kept. */
export const withWords = (blocks: OcrBlock[], change: (word: OcrWord) => OcrWord): OcrBlock[] =>
  blocks.map((block) => ({
    ...block,
    paragraphs: block.paragraphs.map((paragraph) => ({
      ...paragraph,
      lines: paragraph.lines.map((line) => ({ ...line, words: line.words.map(change) })),
    })),
  }))

/**
 * The plain reading's blocks, each word of letters spelled as the accented reading spells the same
 * word where the two differ only in accents ('Jurgen' → 'Jürgen', 'Zoé' → 'Zoë').
 */
export function withAccents(plain: OcrBlock[], accented: OcrBlock[]): OcrBlock[] {
  const lenders = wordsOf(accented)
    .filter(({ text }) => LETTERS_WORD.test(text))
    .map((word) => ({ ...word, unmarked: withoutMarks(word.text) }))
  const spelled = (word: OcrWord): OcrWord => {
    if (!LETTERS_WORD.test(word.text)) return word
    const unmarked = withoutMarks(word.text)
    const lender = lenders.find(
      (other) =>
        other.text !== word.text &&
        other.unmarked === unmarked &&
        isSameWord(other.bbox, word.bbox),
    )
    return lender ? { ...word, text: lender.text } : word
  }
  return withWords(plain, spelled)
}
