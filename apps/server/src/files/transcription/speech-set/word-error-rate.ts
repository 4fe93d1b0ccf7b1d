const DIGIT_WORDS = 'zero one two three four five six seven eight nine'.split(' ')

/**
 * The words of a transcript as they are compared: lower case, without punctuation (an apostrophe
 * inside a word stays), '@' as 'at', and digits as the words said one by one, since numbers in a
 * note are said digit by digit ('five one two') and an engine may write them either way.
 */
export function normaliseWords(text: string): string[] {
  return text
    .toLowerCase()
    .replaceAll('@', ' at ')
    .replace(/\d/g, (digit) => ` ${DIGIT_WORDS[Number(digit)]} `)
    .replace(/[^\p{L}\p{N}']+/gu, ' ')
    .replace(/(^|\s)'+|'+(?=\s|$)/g, ' ')
    .split(' ')
    .filter(Boolean)
}

/** The fewest substitutions, deletions and insertions that turn `reference` into `hypothesis`. */
export function wordEdits(reference: readonly string[], hypothesis: readonly string[]): number {
  let previous = Array.from({ length: hypothesis.length + 1 }, (_, index) => index)
  for (let i = 1; i <= reference.length; i++) {
    const current = [i]
    for (let j = 1; j <= hypothesis.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (reference[i - 1] === hypothesis[j - 1] ? 0 : 1)
      current.push(Math.min(substitution, (previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1))
    }
    previous = current
  }
  return previous[hypothesis.length] ?? 0
}

export type WordErrors = { edits: number; words: number }

/** Edits against the truth's word count, for one transcript; add them up before dividing. */
export function wordErrors(truth: string, transcript: string): WordErrors {
  const reference = normaliseWords(truth)
  return { edits: wordEdits(reference, normaliseWords(transcript)), words: reference.length }
}

/** The word error rate of several transcripts together: all their edits over all their words. */
export function wordErrorRate(errors: readonly WordErrors[]): number {
  const words = errors.reduce((sum, each) => sum + each.words, 0)
  return words === 0 ? 0 : errors.reduce((sum, each) => sum + each.edits, 0) / words
}
