import { describe, expect, it } from 'vitest'
import { percentile, ratio, summarizeLatencies } from './stats.ts'

describe('percentile', () => {
  const hundred = Array.from({ length: 100 }, (_, i) => i + 1)

  it('takes the nearest rank', () => {
    expect(percentile(hundred, 50)).toBe(50)
    expect(percentile(hundred, 95)).toBe(95)
    expect(percentile(hundred, 99)).toBe(99)
    expect(percentile(hundred, 100)).toBe(100)
    expect(percentile([3, 7, 20], 50)).toBe(7)
    expect(percentile([3, 7, 20], 99)).toBe(20)
    expect(percentile([5], 1)).toBe(5)
  })

  it('is NaN without values', () => {
    expect(percentile([], 50)).toBeNaN()
  })
})

describe('summarizeLatencies', () => {
  it('sorts numerically, not as text', () => {
    const summary = summarizeLatencies([100, 9, 20, 3, 1000, 50, 7, 8, 2, 1])
    expect(summary.p50).toBe(8)
    expect(summary.p99).toBe(1000)
    expect(summary.max).toBe(1000)
    expect(summary.mean).toBeCloseTo(120)
  })
})

describe('ratio', () => {
  it('divides by the limit, and has no answer without one', () => {
    expect(ratio(250, 1000)).toBe(0.25)
    expect(ratio(250, undefined)).toBeUndefined()
    expect(ratio(undefined, 1000)).toBeUndefined()
    expect(ratio(250, 0)).toBeUndefined()
    expect(ratio(Number.NaN, 10)).toBeUndefined()
  })
})
