import { describe, expect, it } from 'vitest'
import { rowsOf } from './measure-app.ts'

describe('rowsOf', () => {
  it('counts a list, or the one list of a page', () => {
    expect(rowsOf([1, 2, 3])).toBe(3)
    expect(rowsOf({ items: [1, 2], nextCursor: 'abc' })).toBe(2)
  })

  it('refuses an answer that holds no single list', () => {
    expect(() => rowsOf({ count: 3 })).toThrow(/neither a list/)
  })
})
