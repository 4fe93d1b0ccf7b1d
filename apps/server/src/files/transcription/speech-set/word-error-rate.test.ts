import { describe, expect, it } from 'vitest'
import { normaliseWords, wordEdits, wordErrorRate, wordErrors } from './word-error-rate.ts'

describe('word error rate', () => {
  it('compares words without case, punctuation or the way digits are written', () => {
    expect(normaliseWords("Call Zoë O'Brien on 555-01, she's at Acme!")).toEqual([
      'call',
      'zoë',
      "o'brien",
      'on',
      'five',
      'five',
      'five',
      'zero',
      'one',
      "she's",
      'at',
      'acme',
    ])
    expect(normaliseWords("ann@finch.io 'quoted'")).toEqual(['ann', 'at', 'finch', 'io', 'quoted'])
  })

  it('counts substitutions, deletions and insertions, the fewest that explain the difference', () => {
    const words = (text: string) => text.split(' ')
    expect(wordEdits(words('a b c d'), words('a b c d'))).toBe(0)
    expect(wordEdits(words('a b c d'), words('a x c d'))).toBe(1)
    expect(wordEdits(words('a b c d'), words('a c d'))).toBe(1)
    expect(wordEdits(words('a b c d'), words('a b b c d'))).toBe(1)
    expect(wordEdits(words('a b c d'), words('b c d a'))).toBe(2)
    expect(wordEdits(words('a b c'), [])).toBe(3)
    expect(wordEdits([], words('a b'))).toBe(2)
  })

  it('divides all edits by all words of the truth, so a rate can pass 100%', () => {
    expect(wordErrors('Follow up next Tuesday.', 'follow up next tuesday')).toEqual({
      edits: 0,
      words: 4,
    })
    const errors = [
      wordErrors('met ada', 'met a dah'),
      wordErrors('call me tomorrow', 'all me tomorrow'),
    ]
    expect(errors).toEqual([
      { edits: 2, words: 2 },
      { edits: 1, words: 3 },
    ])
    expect(wordErrorRate(errors)).toBeCloseTo(3 / 5)
    expect(wordErrorRate([wordErrors('yes', 'well yes no no')])).toBe(3)
  })
})
