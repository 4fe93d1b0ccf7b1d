import { describe, expect, it } from 'vitest'
import { evaluate } from './report.ts'
import { FRAMEWORK_PAYLOADS, MEMORY_SEARCH, targetRows, withTarget } from './targets.ts'

describe('withTarget', () => {
  it("holds a figure to issue 22's target and drops any other", () => {
    const events = withTarget({
      group: 'Postgres',
      name: `${FRAMEWORK_PAYLOADS.events} throughput`,
      unit: 'req/s',
      value: 600,
      limit: { name: 'bare Hono', value: 1000 },
    })
    expect(evaluate(events)).toMatchObject({ ratio: 0.6, met: true })
    const retired = withTarget({
      group: 'Postgres',
      name: `${FRAMEWORK_PAYLOADS.events} p95`,
      unit: 'ms',
      value: 40,
      target: { bound: 'under', of: 'value', threshold: 10 },
    })
    expect(retired.target).toBeUndefined()
  })

  it('leaves PGlite without targets', () => {
    const figure = { group: 'PGlite', name: `${FRAMEWORK_PAYLOADS.events} throughput`, unit: '' }
    expect(withTarget(figure).target).toBeUndefined()
  })

  it("compares memory search's p50 with five times people search's", () => {
    const p50 = (value: number) =>
      evaluate(
        withTarget({
          group: 'Postgres',
          name: `${MEMORY_SEARCH} p50`,
          unit: 'ms',
          value,
          limit: { name: 'people search p50', value: 20 },
        }),
      ).met
    expect(p50(99)).toBe(true)
    expect(p50(100)).toBe(false)
  })
})

describe('targetRows', () => {
  it('lists every target, and one the run did not measure as not measured', () => {
    const rows = targetRows([])
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.every((row) => row.error === 'not measured in this run')).toBe(true)
  })
})
