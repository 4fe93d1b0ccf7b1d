/** Nearest-rank percentile of ascending values: the smallest value with p% of values at or below it. */
export function percentile(sortedAscending: readonly number[], p: number): number {
  if (sortedAscending.length === 0) return Number.NaN
  const rank = Math.ceil((p / 100) * sortedAscending.length)
  return sortedAscending[Math.min(Math.max(rank, 1), sortedAscending.length) - 1] ?? Number.NaN
}

export type LatencySummary = { p50: number; p95: number; p99: number; max: number; mean: number }

export function summarizeLatencies(values: readonly number[]): LatencySummary {
  const sorted = Float64Array.from(values).sort()
  const list = Array.from(sorted)
  const sum = list.reduce((total, value) => total + value, 0)
  return {
    p50: percentile(list, 50),
    p95: percentile(list, 95),
    p99: percentile(list, 99),
    max: list.at(-1) ?? Number.NaN,
    mean: list.length ? sum / list.length : Number.NaN,
  }
}

/** value ÷ limit, or undefined when either is missing or the limit is not positive. */
export function ratio(value: number | undefined, limit: number | undefined): number | undefined {
  if (value === undefined || limit === undefined || !(limit > 0)) return undefined
  if (!Number.isFinite(value)) return undefined
  return value / limit
}
