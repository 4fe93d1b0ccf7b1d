import { describe, expect, it } from 'vitest'
import { evaluate } from './report.ts'
import {
  HOT_SCENARIOS,
  lighthouseTbt,
  MEMORY_AGAINST_PAGE,
  SERVER_PEAK_RSS,
  targetRows,
  TARGETS,
  withTarget,
} from './targets.ts'

const throughput = (name: string, value: number, floor: number) =>
  evaluate(
    withTarget({
      group: 'Postgres',
      name: `${name} throughput`,
      unit: 'req/s',
      value,
      limit: { name: 'floor', value: floor },
    }),
  )

describe('withTarget', () => {
  it("holds every hot route, over REST and over tRPC, to 80% of its floor's throughput", () => {
    const names = Object.values(HOT_SCENARIOS).flatMap(({ REST, tRPC }) => [REST, tRPC])
    for (const name of names.filter((name) => name !== undefined)) {
      expect(throughput(name, 800, 1000)).toMatchObject({ ratio: 0.8, met: true })
      expect(throughput(name, 799, 1000).met).toBe(false)
    }
  })

  it("holds memory search to half a page of connections' throughput", () => {
    const memory = (value: number) =>
      evaluate(
        withTarget({
          group: 'Postgres',
          name: MEMORY_AGAINST_PAGE,
          unit: 'req/s',
          value,
          limit: { name: HOT_SCENARIOS.connections.REST, value: 600 },
        }),
      ).met
    expect(memory(300)).toBe(true)
    expect(memory(299)).toBe(false)
  })

  it('holds the server under 200 MB and the signed-in home under 200 ms of blocking', () => {
    const value = (name: string, unit: string, measured: number) =>
      evaluate(
        withTarget({
          group: name === SERVER_PEAK_RSS ? 'Postgres' : 'Client',
          name,
          unit,
          value: measured,
        }),
      ).met
    expect(value(SERVER_PEAK_RSS, 'MB', 199)).toBe(true)
    expect(value(SERVER_PEAK_RSS, 'MB', 200)).toBe(false)
    expect(value(lighthouseTbt('signed-in home'), 'ms', 199)).toBe(true)
    expect(value(lighthouseTbt('signed-in home'), 'ms', 200)).toBe(false)
  })

  it('drops any other target, and leaves PGlite without targets', () => {
    const retired = withTarget({
      group: 'Postgres',
      name: `${HOT_SCENARIOS.events.REST} p95`,
      unit: 'ms',
      value: 40,
      target: { bound: 'under', of: 'value', threshold: 10 },
    })
    expect(retired.target).toBeUndefined()
    const pglite = { group: 'PGlite', name: `${HOT_SCENARIOS.events.REST} throughput`, unit: '' }
    expect(withTarget(pglite).target).toBeUndefined()
  })
})

describe('targetRows', () => {
  it('lists every target, and one the run did not measure as not measured', () => {
    const rows = targetRows([])
    expect(rows).toHaveLength(TARGETS.length)
    expect(rows.every((row) => row.error === 'not measured in this run')).toBe(true)
  })

  it('names each target once', () => {
    const names = TARGETS.map((target) => `${target.group} ${target.name}`)
    expect(new Set(names).size).toBe(names.length)
  })
})
