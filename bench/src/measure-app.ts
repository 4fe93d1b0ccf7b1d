import type { Dataset } from './dataset.ts'
import {
  loadFailure,
  runLoad,
  waitUntilIdle,
  type LoadRequest,
  type LoadResult,
} from './load/run-load.ts'
import { signIn } from './load/sign-in.ts'
import { sampleRss } from './processes/rss.ts'
import type { Figure, Target } from './report.ts'

export const BENCH_PASSWORD = 'bench-password-1'
const IDLE_PATH = '/api/health'

export type Durations = { warmupSeconds: number; seconds: number }

/** The routes whose answer bare Hono serves from memory, as the framework limit for that route. */
export const FRAMEWORK_PAYLOADS = {
  connections: 'GET /api/connections (500 rows)',
  events: 'GET /api/events',
  search: 'GET /api/people/search',
} as const
export type FrameworkPayload = keyof typeof FRAMEWORK_PAYLOADS

export type LatencyLimit = { requestsPerSecond: number; p95: number; p99: number }

export type Limits = {
  /** Bare Hono answering the same JSON as the route, at the same concurrency. */
  framework: Partial<Record<FrameworkPayload, LatencyLimit>>
  /** pgbench -S on the same Postgres: transactions per second. */
  pgbenchTps?: number
}

export type ScenarioTargets = { throughputRatio?: Target; p95?: Target; p99?: Target }

type Scenario = {
  name: string
  requests: LoadRequest[]
  cookie: string
  connections: number
  /** What the figures are compared with: bare Hono with this route's payload, or pgbench -S. */
  limit?: { framework: FrameworkPayload } | 'pgbench'
  targets: ScenarioTargets
}

type Limit = { name: string; requestsPerSecond: number; p95?: number; p99?: number }

type LoadRun = { name: string; result?: LoadResult; error?: string }

const under = (threshold: number): Target => ({ bound: 'under', of: 'value', threshold })

/** The figures of one load run: throughput, p95 and p99 against its limit where it has one. */
export function loadFigures(
  group: string,
  run: LoadRun,
  limit: Limit | undefined,
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
  const comparedWith = (value: number | undefined) =>
    limit && value !== undefined ? { limit: { name: limit.name, value } } : {}
  return [
    {
      ...figure('throughput', 'req/s', run.result?.requestsPerSecond),
      ...comparedWith(limit?.requestsPerSecond),
      ...(targets.throughputRatio ? { target: targets.throughputRatio } : {}),
    },
    figure('p50', 'ms', latency?.p50),
    {
      ...figure('p95', 'ms', latency?.p95),
      ...comparedWith(limit?.p95),
      ...(targets.p95 ? { target: targets.p95 } : {}),
    },
    {
      ...figure('p99', 'ms', latency?.p99),
      ...comparedWith(limit?.p99),
      ...(targets.p99 ? { target: targets.p99 } : {}),
    },
  ]
}

function limitOf(scenario: Scenario, limits: Limits): Limit | undefined {
  if (scenario.limit === 'pgbench') {
    return limits.pgbenchTps === undefined
      ? undefined
      : { name: 'pgbench -S', requestsPerSecond: limits.pgbenchTps }
  }
  const framework = scenario.limit && limits.framework[scenario.limit.framework]
  return framework && { name: 'bare Hono', ...framework }
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

export type Payload = { body: string; rows: number; bytes: number }

async function capturePayload(baseUrl: string, path: string, cookie: string): Promise<Payload> {
  const response = await fetch(baseUrl + path, { headers: { cookie } })
  const body = await response.text()
  if (!response.ok)
    throw new Error(`GET ${path} answered ${response.status}: ${body.slice(0, 200)}`)
  const rows = (JSON.parse(body) as unknown[]).length
  return { body, rows, bytes: Buffer.byteLength(body) }
}

const searchPath = (term: string) => `/api/people/search?q=${encodeURIComponent(term)}`

/** What the measured user gets from each route with a framework limit: bare Hono serves the same. */
export async function capturePayloads(
  baseUrl: string,
  cookie: string,
  dataset: Dataset,
): Promise<Record<FrameworkPayload, Payload>> {
  return {
    connections: await capturePayload(baseUrl, '/api/connections', cookie),
    events: await capturePayload(baseUrl, '/api/events', cookie),
    search: await capturePayload(baseUrl, searchPath(dataset.searchTerms[0] ?? ''), cookie),
  }
}

/**
 * Drives every hot path of one running app (`group` names its database) and returns the figures.
 * Targets are attached only when `withTargets`: they are the issue's, for Postgres.
 */
export async function measureApp({
  group,
  baseUrl,
  serverPid,
  dataset,
  sessions,
  limits,
  durations,
  withTargets,
  log,
}: {
  group: string
  baseUrl: string
  /** Its memory is sampled during each run. */
  serverPid: number
  dataset: Dataset
  sessions: AppSessions
  limits: Limits
  durations: Durations
  withTargets: boolean
  log: (message: string) => void
}): Promise<Figure[]> {
  const targets = (value: ScenarioTargets): ScenarioTargets => (withTargets ? value : {})
  // People are private to their owner: the writer connects to its own.
  const personIds = dataset.people
    .filter((person) => person.ownerId === dataset.accounts.writer.id)
    .slice(0, 20)
    .map((person) => person.id)
  const eventId = dataset.events[0]?.id ?? null
  const connections = 50

  const scenarios: Scenario[] = [
    {
      name: FRAMEWORK_PAYLOADS.connections,
      requests: [{ method: 'GET', path: '/api/connections' }],
      cookie: sessions.measured,
      connections,
      limit: { framework: 'connections' },
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
      limit: { framework: 'connections' },
      targets: {},
    },
    {
      name: FRAMEWORK_PAYLOADS.search,
      requests: dataset.searchTerms.map((term) => ({ method: 'GET', path: searchPath(term) })),
      cookie: sessions.measured,
      connections,
      limit: { framework: 'search' },
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
      name: FRAMEWORK_PAYLOADS.events,
      requests: [{ method: 'GET', path: '/api/events' }],
      cookie: sessions.measured,
      connections,
      limit: { framework: 'events' },
      targets: targets({ p95: under(10) }),
    },
    {
      // The same calls as the ones beside the logins below, without them: what the logins add.
      name: 'GET /api/events, 10 connections, no logins',
      requests: [{ method: 'GET', path: '/api/events' }],
      cookie: sessions.measured,
      connections: 10,
      targets: {},
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
    const rss = sampleRss(serverPid)
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
    rss.stop()
    figures.push(...loadFigures(group, run, limitOf(scenario, limits), scenario.targets), {
      group,
      name: `${scenario.name} server RSS, maximum`,
      unit: 'MB',
      value: rss.maxMb(),
    })
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
