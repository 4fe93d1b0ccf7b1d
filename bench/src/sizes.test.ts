import { describe, expect, it } from 'vitest'
import { spreadEvenly } from './sizes.ts'

describe('spreadEvenly', () => {
  const items = Array.from({ length: 48 }, (_, index) => index)

  it('takes the count asked for, spread from the first item over the whole list', () => {
    const taken = spreadEvenly(items, 16)
    expect(taken).toHaveLength(16)
    expect(new Set(taken).size).toBe(16)
    expect(taken[0]).toBe(0)
    expect(taken.at(-1)).toBeGreaterThanOrEqual(44)
    expect(taken.slice(1).map((item, nth) => item - (taken[nth] ?? 0))).toEqual(
      Array.from({ length: 15 }, () => 3),
    )
  })

  it("takes every item for 'all' or a count at least the list's length", () => {
    expect(spreadEvenly(items, 'all')).toEqual(items)
    expect(spreadEvenly(items, 60)).toEqual(items)
  })
})
