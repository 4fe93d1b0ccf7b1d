import { describe, expect, it } from 'vitest'
import { evaluate, formatValue, markdownTable, type Figure } from './report.ts'

const listThroughput: Figure = {
  group: 'Postgres',
  name: 'GET /api/connections',
  unit: 'req/s',
  value: 300,
  limit: { name: 'bare Hono', value: 1000 },
  target: { bound: 'atLeast', of: 'ratio', threshold: 0.25 },
}

describe('evaluate', () => {
  it('compares a ratio target with value ÷ limit', () => {
    expect(evaluate(listThroughput)).toMatchObject({ ratio: 0.3, met: true })
    expect(evaluate({ ...listThroughput, value: 200 })).toMatchObject({ ratio: 0.2, met: false })
  })

  it('compares a value target with the value: "under" is strict, "at most" is not', () => {
    const p99 = { group: 'Postgres', name: 'p99', unit: 'ms' }
    const under = { bound: 'under', of: 'value', threshold: 50 } as const
    expect(evaluate({ ...p99, value: 49.9, target: under }).met).toBe(true)
    expect(evaluate({ ...p99, value: 50, target: under }).met).toBe(false)
    const atMost = { ...under, bound: 'atMost' } as const
    expect(evaluate({ ...p99, value: 50, target: atMost }).met).toBe(true)
    expect(evaluate({ ...p99, value: 50.1, target: atMost }).met).toBe(false)
  })

  it('leaves "met" open for an error or a figure without a target', () => {
    expect(evaluate({ ...listThroughput, value: undefined, error: '404' }).met).toBeUndefined()
    expect(evaluate({ group: 'Client', name: 'chunk', unit: 'KB', value: 3 }).met).toBeUndefined()
  })
})

describe('markdownTable', () => {
  it('shows value, limit, ratio, target and whether it was met', () => {
    const table = markdownTable([evaluate(listThroughput)])
    expect(table.split('\n')[2]).toBe(
      '| Postgres | GET /api/connections | 300 req/s | 1,000 req/s (bare Hono) | 30% | ratio ≥ 25% | met |',
    )
  })

  it('reports an error instead of a figure, and escapes pipes', () => {
    const row = evaluate({ ...listThroughput, value: undefined, error: '404 | not found' })
    expect(markdownTable([row]).split('\n')[2]).toBe(
      '| Postgres | GET /api/connections | error: 404 \\| not found | 1,000 req/s (bare Hono) |  | ratio ≥ 25% | not met |',
    )
  })
})

describe('formatValue', () => {
  it('keeps two significant decimals for small numbers and none for large ones', () => {
    expect(formatValue(1.234, 'ms')).toBe('1.23 ms')
    expect(formatValue(12.34, 'ms')).toBe('12.3 ms')
    expect(formatValue(12_345.6, 'req/s')).toBe('12,346 req/s')
    expect(formatValue(0.5, '')).toBe('0.50')
    expect(formatValue(3, '')).toBe('3')
  })
})
