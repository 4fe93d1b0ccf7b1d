import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { loadFailure, waitUntilIdle, type LoadResult } from './run-load.ts'

const ok: LoadResult = {
  responses: 1000,
  seconds: 10,
  requestsPerSecond: 100,
  latency: { p50: 1, p95: 2, p99: 3, max: 4, mean: 1.5 },
  statusCounts: { '200': 1000 },
  non2xx: 0,
  errors: 0,
}

describe('loadFailure', () => {
  it('accepts a run where every answer was 2xx', () => {
    expect(loadFailure(ok)).toBeUndefined()
    expect(loadFailure({ ...ok, statusCounts: { '201': 1000 } })).toBeUndefined()
  })

  it('turns a route that is not there yet into an error, not a figure', () => {
    const missing = { ...ok, statusCounts: { '404': 1000 }, non2xx: 1000 }
    expect(loadFailure(missing)).toBe('1000 of 1000 failed (1000× 404)')
  })

  it('counts connection errors and an empty run as failures', () => {
    expect(loadFailure({ ...ok, errors: 5 })).toBe(
      '5 of 1005 failed (5 connection errors/time-outs)',
    )
    const silent = { ...ok, responses: 0, statusCounts: {} }
    expect(loadFailure(silent)).toBe('no responses')
    expect(loadFailure({ ...silent, errors: 50 })).toBe(
      'no responses (50 connection errors/time-outs)',
    )
  })
})

describe('waitUntilIdle', () => {
  it('returns once the server answers quickly three times in a row', async () => {
    let requests = 0
    const server = createServer((_request, response) => {
      requests++
      // Busy for the first four requests, as while it works off an abandoned backlog.
      setTimeout(() => response.end('ok'), requests <= 4 ? 60 : 0)
    })
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening))
    try {
      const { port } = server.address() as AddressInfo
      await waitUntilIdle(`http://127.0.0.1:${port}/`)
      // Four slow answers, then at least three quick ones (more when the machine is busy).
      expect(requests).toBeGreaterThanOrEqual(7)
    } finally {
      server.close()
    }
  })
})
