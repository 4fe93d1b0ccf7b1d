/**
 * A second opinion on the digits of a card: the same photo read by the accented traineddata
 * (CARD_OCR_LANGUAGES) lends its digits to a group the English reading was doubtful of, where it read
 * that group surely and as many digits long ('57' read at 40% beside '56' at 95%). The English
 * reading is otherwise kept: two sure readings that differ are left to findPhone, which offers a
 * number it doubts rather than guess.
 */
import { DOUBTFUL_DIGITS, LOW_CONFIDENCE } from './ocr-confidence.ts'
import { isSameWord, withWords, wordsOf, type OcrBlock, type OcrWord } from './ocr-accents.ts'

/** A group of digits as a number prints it: '+33', '(030)', '56', '1234-'. */
const DIGITS_GROUP = /^[+(]?\d+[).,-]?$/

const digitsOf = (text: string) => text.replace(/\D/g, '')

/** The English reading's blocks, each doubtful group of digits as the accented reading surely read it. */
export function withSurerDigits(plain: OcrBlock[], accented: OcrBlock[]): OcrBlock[] {
  const lenders = wordsOf(accented).filter(
    ({ text, confidence }) => DIGITS_GROUP.test(text) && confidence >= LOW_CONFIDENCE,
  )
  const surer = (word: OcrWord): OcrWord => {
    if (!DIGITS_GROUP.test(word.text) || word.confidence >= DOUBTFUL_DIGITS) return word
    const lender = lenders.find(
      (other) =>
        digitsOf(other.text).length === digitsOf(word.text).length &&
        isSameWord(other.bbox, word.bbox),
    )
    return lender ? { ...word, text: lender.text, confidence: lender.confidence } : word
  }
  return withWords(plain, surer)
}
