import type { Result } from 'lighthouse'
import { describe, expect, it } from 'vitest'
import { MAX_TRACE_RETRIES, withTraceRetries } from './lighthouse.ts'

const scored = { categories: { performance: { score: 0.97 } } } as unknown as Result
const failed = (code: string) =>
  ({ runtimeError: { code, message: `${code} happened` } }) as unknown as Result

/** A run that answers the given results in turn, counting its calls. */
function runAnswering(...results: Result[]) {
  const run = () => {
    run.calls += 1
    const result = results[run.calls - 1]
    return result ? Promise.resolve(result) : Promise.reject(new Error('ran once too often'))
  }
  run.calls = 0
  return run
}

describe('withTraceRetries', () => {
  it('runs again when the trace was not recorded, and says so', async () => {
    const run = runAnswering(failed('NO_NAVSTART'), scored)
    await expect(withTraceRetries(run)).resolves.toEqual({ lhr: scored, retries: 1 })
  })

  it('gives up after its retries with the last failure', async () => {
    const run = runAnswering(...Array.from({ length: 3 }, () => failed('NO_NAVSTART')))
    await expect(withTraceRetries(run)).rejects.toThrow(
      'Lighthouse: NO_NAVSTART happened (after 3 attempts)',
    )
    expect(run.calls).toBe(MAX_TRACE_RETRIES + 1)
  })

  it('does not retry a page that never painted', async () => {
    const run = runAnswering(failed('NO_FCP'), scored)
    await expect(withTraceRetries(run)).rejects.toThrow('Lighthouse: NO_FCP happened')
    expect(run.calls).toBe(1)
  })
})
