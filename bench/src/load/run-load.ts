import autocannon from 'autocannon'
import { summarizeLatencies, type LatencySummary } from '../stats.ts'

export type LoadRequest = {
  method: 'GET' | 'POST'
  path: string
  body?: unknown
}

export type LoadSpec = {
  baseUrl: string
  /** Cycled through by every connection, so a run can spread over several queries or accounts. */
  requests: readonly LoadRequest[]
  cookie?: string
  connections: number
  seconds: number
  warmupSeconds: number
  /** A cheap path to poll after the warm-up until the server has worked off what it abandoned. */
  idlePath?: string
}

export type LoadResult = {
  responses: number
  seconds: number
  requestsPerSecond: number
  latency: LatencySummary
  statusCounts: Record<string, number>
  non2xx: number
  /** Connection errors and time-outs. */
  errors: number
}

type ResponseListener = (statusCode: number, responseTime: number) => void

function cannon(spec: LoadSpec, seconds: number, onResponse?: ResponseListener) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: spec.baseUrl,
        connections: spec.connections,
        pipelining: 1,
        duration: seconds,
        timeout: 30,
        headers: {
          'content-type': 'application/json',
          ...(spec.cookie ? { cookie: spec.cookie } : {}),
        },
        requests: spec.requests.map((request) => ({
          method: request.method,
          path: request.path,
          ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
        })),
      },
      (error: unknown, result) => (error ? reject(toError(error)) : resolve(result)),
    )
    if (onResponse) {
      instance.on('response', (_client, statusCode, _bytes, responseTime) =>
        onResponse(statusCode, responseTime),
      )
    }
  })
}

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error))
}

const IDLE_RESPONSE_MS = 20
const IDLE_WAIT_LIMIT_MS = 60_000

/**
 * When autocannon stops, the requests it had in flight are still being worked on by the server:
 * wait until a cheap request answers quickly again, so one run's backlog does not land in the next.
 */
export async function waitUntilIdle(url: string): Promise<void> {
  const deadline = performance.now() + IDLE_WAIT_LIMIT_MS
  let quickInARow = 0
  while (quickInARow < 3 && performance.now() < deadline) {
    const started = performance.now()
    await fetch(url).then(
      (response) => response.arrayBuffer(),
      () => undefined,
    )
    quickInARow = performance.now() - started < IDLE_RESPONSE_MS ? quickInARow + 1 : 0
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** A warm-up run (discarded), then the measured run: pipelining 1, every latency recorded. */
export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  if (spec.warmupSeconds > 0) await cannon(spec, spec.warmupSeconds)
  if (spec.idlePath) await waitUntilIdle(spec.baseUrl + spec.idlePath)
  const latencies: number[] = []
  const statuses = new Map<number, number>()
  const started = performance.now()
  const result = await cannon(spec, spec.seconds, (status, responseTime) => {
    latencies.push(responseTime)
    statuses.set(status, (statuses.get(status) ?? 0) + 1)
  })
  const seconds = (performance.now() - started) / 1000
  const statusCounts = Object.fromEntries(
    [...statuses.entries()].sort(([a], [b]) => a - b).map(([status, count]) => [status, count]),
  )
  const non2xx = [...statuses.entries()]
    .filter(([status]) => status < 200 || status > 299)
    .reduce((sum, [, count]) => sum + count, 0)
  return {
    responses: latencies.length,
    seconds,
    requestsPerSecond: latencies.length / seconds,
    latency: summarizeLatencies(latencies),
    statusCounts,
    non2xx,
    errors: result.errors + result.timeouts,
  }
}

/**
 * Why a run's figures cannot stand, or undefined when every request got a 2xx answer: a 404
 * (route not there yet) or 500 is an error to report, not a throughput.
 */
export function loadFailure(result: LoadResult): string | undefined {
  if (result.responses === 0) {
    return result.errors > 0
      ? `no responses (${result.errors} connection errors/time-outs)`
      : 'no responses'
  }
  if (result.non2xx === 0 && result.errors === 0) return undefined
  const statuses = Object.entries(result.statusCounts)
    .filter(([status]) => !status.startsWith('2'))
    .map(([status, count]) => `${count}× ${status}`)
  if (result.errors > 0) statuses.push(`${result.errors} connection errors/time-outs`)
  return `${result.non2xx + result.errors} of ${result.responses + result.errors} failed (${statuses.join(', ')})`
}

/** A run whose every request got a 2xx answer; otherwise it fails with loadFailure's reason. */
export async function runCleanLoad(spec: LoadSpec): Promise<LoadResult> {
  const result = await runLoad(spec)
  const failure = loadFailure(result)
  if (failure) throw new Error(failure)
  return result
}
