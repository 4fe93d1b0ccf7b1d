import { describe, expect, it } from 'vitest'
import { parsePgbenchOutput } from './pgbench.ts'

describe('parsePgbenchOutput', () => {
  it('reads tps and average latency from the summary', () => {
    const output = [
      'transaction type: <builtin: select only>',
      'scaling factor: 10',
      'number of clients: 50',
      'latency average = 2.514 ms',
      'initial connection time = 41.902 ms',
      'tps = 19888.372165 (without initial connection time)',
    ].join('\n')
    expect(parsePgbenchOutput(output)).toEqual({ tps: 19888.372165, latencyMs: 2.514 })
  })

  it('refuses output without a summary', () => {
    expect(() => parsePgbenchOutput('connection refused')).toThrow(/Unexpected pgbench output/)
  })
})
