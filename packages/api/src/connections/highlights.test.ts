import { HIGHLIGHT_END as END, HIGHLIGHT_START as START } from '@fiveconnect/db'
import { describe, expect, it } from 'vitest'
import { toHighlights, toSegments } from './highlights.ts'

describe('search highlights', () => {
  it('split a headline into plain and matched runs', () => {
    expect(toSegments(`Met at the ${START}keynote${END} about ${START}fintech${END}`)).toEqual([
      { text: 'Met at the ', isMatch: false },
      { text: 'keynote', isMatch: true },
      { text: ' about ', isMatch: false },
      { text: 'fintech', isMatch: true },
    ])
    expect(toSegments(`${START}Grace${END}`)).toEqual([{ text: 'Grace', isMatch: true }])
  })

  it('keep markup as text', () => {
    expect(toSegments(`<img src=x onerror=alert(1)> ${START}x${END}`)?.[0]).toEqual({
      text: '<img src=x onerror=alert(1)> ',
      isMatch: false,
    })
  })

  it('leave out the fields that have no headline', () => {
    expect(
      toHighlights({
        name: `${START}Grace${END} Hopper`,
        company: null,
        focus: null,
        notes: null,
        transcription: null,
        event: null,
      }),
    ).toEqual({
      name: [
        { text: 'Grace', isMatch: true },
        { text: ' Hopper', isMatch: false },
      ],
    })
  })
})
