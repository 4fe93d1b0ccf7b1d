import type { Dataset } from './dataset.ts'
import {
  loadFailure,
  runLoad,
  waitUntilIdle,
  type LoadRequest,
  type LoadResult,
} from './load/run-load.ts'
import { signIn } from './load/sign-in.ts'
import type { Figure, Target } from './report.ts'

export const BENCH_PASSWORD = 'bench-password-1'
const IDLE_PATH = '/api/health'

export type Durations = { warmupSeconds: number; seconds: number }

export type Limits = {
  /** Bare Hono serving the same list payload: req/s and p99. */
  bareHono?: { requestsPerSecond: number; p99: number }
  /** pgbench -S on the same Postgres: transactions per second. */
  pgbenchTps?: number
}

export type ScenarioTargets = { throughputRatio?: Target; p95?: Target; p99?: Target }

type Scenario = {
  name: string
  requests: LoadRequest[]
  cookie: string
  connections: number
  limit: 'bareHono' | 'pgbench'
  targets: ScenarioTargets
}

type LoadRun = { name: string; result?: LoadResult; error?: string }

const under = (threshold: number): Target => ({ bound: 'under', of: 'value', threshold })

/** The figures of one load run: throughput against its limit, then p50/p95/p99. */
export function loadFigures(
  group: string,
  run: LoadRun,
  limit: { name: string; requestsPerSecond: number; p99?: number } | undefined,
  targets: ScenarioTargets,
): Figure[] {
  const error = run.error ?? (run.result ? loadFailure(run.result) : 'not run')
  const figure = (name: string, unit: string, value: number | undefined): Figure => ({
    group,
    name: `${run.name} ${name}`,
    unit,
    ...(error === undefined ? { value } : { error }),
  })
  const latency = run.result?.latency
  return [
    {
      ...figure('throughput', 'req/s', run.result?.requestsPerSecond),
      ...(limit ? { limit: { name: limit.name, value: limit.requestsPerSecond } } : {}),
      ...(targets.throughputRatio ? { target: targets.throughputRatio } : {}),
    },
    figure('p50', 'ms', latency?.p50),
    { ...figure('p95', 'ms', latency?.p95), ...(targets.p95 ? { target: targets.p95 } : {}) },
    {
      ...figure('p99', 'ms', latency?.p99),
      ...(limit?.p99 !== undefined ? { limit: { name: limit.name, value: limit.p99 } } : {}),
      ...(targets.p99 ? { target: targets.p99 } : {}),
    },
  ]
}

async function attempt(name: string, work: () => Promise<LoadResult>): Promise<LoadRun> {
  try {
    return { name, result: await work() }
  } catch (error) {
    return { name, error: error instanceof Error ? error.message : String(error) }
  }
}

export type AppSessions = { measured: string; admin: string; writer: string }

export async function signInAll(baseUrl: string, dataset: Dataset): Promise<AppSessions> {
  const { measured, admin, writer } = dataset.accounts
  return {
    measured: await signIn(baseUrl, measured.email, BENCH_PASSWORD),
    admin: await signIn(baseUrl, admin.email, BENCH_PASSWORD),
    writer: await signIn(baseUrl, writer.email, BENCH_PASSWORD),
  }
}

/** The JSON of GET /api/connections for the measured user: the bare-Hono limit serves the same. */
export async function captureListPayload(baseUrl: string, cookie: string) {
  const response = await fetch(`${baseUrl}/api/connections`, { headers: { cookie } })
  const body = await response.text()
  if (!response.ok)
    throw new Error(`GET /api/connections answered ${response.status}: ${body.slice(0, 200)}`)
  const rows = (JSON.parse(body) as unknown[]).length
  return { body, rows, bytes: Buffer.byteLength(body) }
}

/**
 * Drives every hot path of one running app (`group` names its database) and returns the figures.
 * Targets are attached only when `withTargets`: they are the issue's, for Postgres.
 */
export async function measureApp({
  group,
  baseUrl,
  dataset,
  sessions,
  limits,
  durations,
  withTargets,
  log,
}: {
  group: string
  baseUrl: string
  dataset: Dataset
  sessions: AppSessions
  limits: Limits
  durations: Durations
  withTargets: boolean
  log: (message: string) => void
}): Promise<Figure[]> {
  const targets = (value: ScenarioTargets): ScenarioTargets => (withTargets ? value : {})
  const personIds = dataset.people.slice(0, 20).map((person) => person.id)
  const eventId = dataset.events[0]?.id ?? null
  const connections = 50

  const scenarios: Scenario[] = [
    {
      name: 'GET /api/connections (500 rows)',
      requests: [{ method: 'GET', path: '/api/connections' }],
      cookie: sessions.measured,
      connections,
      limit: 'bareHono',
      targets: targets({
        throughputRatio: { bound: 'atLeast', of: 'ratio', threshold: 0.25 },
        p99: under(50),
      }),
    },
    {
      name: 'GET /api/trpc/connections.list',
      requests: [{ method: 'GET', path: '/api/trpc/connections.list' }],
      cookie: sessions.measured,
      connections,
      limit: 'bareHono',
      targets: {},
    },
    {
      name: 'GET /api/people/search',
      requests: dataset.searchTerms.map((term) => ({
        method: 'GET',
        path: `/api/people/search?q=${encodeURIComponent(term)}`,
      })),
      cookie: sessions.measured,
      connections,
      limit: 'pgbench',
      targets: targets({ p95: under(15) }),
    },
    {
      name: 'GET /api/connections/search (memory search, 500 connections)',
      requests: dataset.memoryTerms.map((term) => ({
        method: 'GET',
        path: `/api/connections/search?q=${encodeURIComponent(term)}`,
      })),
      cookie: sessions.measured,
      connections,
      limit: 'pgbench',
      targets: {},
    },
    {
      name: 'GET /api/events',
      requests: [{ method: 'GET', path: '/api/events' }],
      cookie: sessions.measured,
      connections,
      limit: 'pgbench',
      targets: targets({ p95: under(10) }),
    },
    {
      name: 'GET /api/admin/stats',
      requests: [{ method: 'GET', path: '/api/admin/stats' }],
      cookie: sessions.admin,
      connections,
      limit: 'pgbench',
      targets: {},
    },
    {
      // "Under 50 ms per call": one admin at a time, so no queueing behind other calls.
      name: 'GET /api/admin/stats, 1 connection',
      requests: [{ method: 'GET', path: '/api/admin/stats' }],
      cookie: sessions.admin,
      connections: 1,
      limit: 'pgbench',
      targets: targets({ p99: under(50) }),
    },
    {
      name: 'POST /api/connections',
      requests: personIds.map((personId, index) => ({
        method: 'POST',
        path: '/api/connections',
        body: {
          eventId: index % 2 === 0 ? eventId : null,
          personId,
          connectionTypes: ['SA', 'JV'],
          connectionFocus: 'Benchmark',
          notes: 'Met at the benchmark; follow up next week about the pilot.',
        },
      })),
      cookie: sessions.writer,
      connections,
      limit: 'pgbench',
      targets: targets({ p99: under(30) }),
    },
  ]

  const figures: Figure[] = []
  for (const scenario of scenarios) {
    log(`  ${scenario.name}`)
    await waitUntilIdle(baseUrl + IDLE_PATH)
    const run = await attempt(scenario.name, () =>
      runLoad({
        baseUrl,
        idlePath: IDLE_PATH,
        requests: scenario.requests,
        cookie: scenario.cookie,
        connections: scenario.connections,
        ...durations,
      }),
    )
    const limit =
      scenario.limit === 'bareHono'
        ? limits.bareHono && { name: 'bare Hono', ...limits.bareHono }
        : limits.pgbenchTps !== undefined
          ? { name: 'pgbench -S', requestsPerSecond: limits.pgbenchTps }
          : undefined
    figures.push(...loadFigures(group, run, limit, scenario.targets))
  }

  log('  POST /api/login, with GET /api/events alongside')
  await waitUntilIdle(baseUrl + IDLE_PATH)
  // A login takes tens of milliseconds of one core: 50 at once need seconds to pass through. No
  // warm-up here (the server is warm by now): the hashes a warm-up leaves queued would still be
  // computed after it stopped, invisibly to the idle check, and eat into the measured run.
  const loginDurations = { warmupSeconds: 0, seconds: Math.max(durations.seconds, 10) }
  const [logins, alongside] = await Promise.all([
    attempt('POST /api/login', () =>
      runLoad({
        baseUrl,
        requests: dataset.accounts.loginEmails.map((email) => ({
          method: 'POST',
          path: '/api/login',
          body: { email, password: BENCH_PASSWORD },
        })),
        connections,
        idlePath: IDLE_PATH,
        ...loginDurations,
      }),
    ),
    attempt('GET /api/events while logins run (10 connections)', () =>
      runLoad({
        baseUrl,
        requests: [{ method: 'GET', path: '/api/events' }],
        cookie: sessions.measured,
        connections: 10,
        idlePath: IDLE_PATH,
        ...loginDurations,
      }),
    ),
  ])
  figures.push(...loadFigures(group, logins, undefined, {}))
  figures.push(...loadFigures(group, alongside, undefined, targets({ p99: under(50) })))
  return figures
}
