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
import type { Floors } from './limits/floors.ts'
import type { Figure } from './report.ts'
import { hotScenarios } from './hot-routes.ts'
import {
  MEMORY_AGAINST_PAGE,
  MEMORY_SEARCH,
  PAGE_OF_CONNECTIONS,
  type FrameworkPayload,
} from './targets.ts'

export const BENCH_PASSWORD = 'bench-password-1'
const IDLE_PATH = '/api/health'

export type Durations = { warmupSeconds: number; seconds: number }

export type LatencyLimit = { requestsPerSecond: number; p95: number; p99: number }

export type Limits = {
  /** Bare Hono answering the same JSON as the route from memory, at the same concurrency. */
  framework: Partial<Record<FrameworkPayload, LatencyLimit>>
  /** pgbench -S on the same Postgres: transactions per second. */
  pgbenchTps?: number
}

type Scenario = {
  name: string
  requests: LoadRequest[]
  cookie: string
  connections: number
  /** What the figures are compared with: the scenario's floor, or pgbench -S. */
  limit?: 'floor' | 'pgbench'
}

type Limit = { name: string; requestsPerSecond?: number; p50?: number; p95?: number; p99?: number }

type LoadRun = { name: string; result?: LoadResult; error?: string }

/** The figures of one load run: throughput and latencies against its limit where it has one. */
export function loadFigures(group: string, run: LoadRun, limit: Limit | undefined): Figure[] {
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
    },
    { ...figure('p50', 'ms', latency?.p50), ...comparedWith(limit?.p50) },
    { ...figure('p95', 'ms', latency?.p95), ...comparedWith(limit?.p95) },
    { ...figure('p99', 'ms', latency?.p99), ...comparedWith(limit?.p99) },
  ]
}

function limitOf(
  scenario: Scenario,
  limits: Limits,
  floor: LatencyLimit | undefined,
): Limit | undefined {
  if (scenario.limit === 'pgbench') {
    return limits.pgbenchTps === undefined
      ? undefined
      : { name: 'pgbench -S', requestsPerSecond: limits.pgbenchTps }
  }
  return scenario.limit === 'floor' && floor ? { name: 'floor', ...floor } : undefined
}

async function attempt(name: string, work: () => Promise<LoadResult>): Promise<LoadRun> {
  try {
    return { name, result: await work() }
  } catch (error) {
    return { name, error: error instanceof Error ? error.message : String(error) }
  }
}

/** Memory search's throughput as a share of a page of connections' in the same run (REST both). */
function memoryAgainstPage(group: string, runs: ReadonlyMap<string, LoadRun>): Figure {
  const [page, memory] = [PAGE_OF_CONNECTIONS, MEMORY_SEARCH].map((name) => runs.get(name))
  const failed = [page, memory].map(
    (run) => run && (run.error ?? (run.result ? loadFailure(run.result) : 'not run')),
  )
  const error = failed.find((failure) => failure !== undefined)
  const pageRps = page?.result?.requestsPerSecond
  return {
    group,
    name: MEMORY_AGAINST_PAGE,
    unit: 'req/s',
    ...(error === undefined ? { value: memory?.result?.requestsPerSecond } : { error }),
    ...(pageRps === undefined ? {} : { limit: { name: PAGE_OF_CONNECTIONS, value: pageRps } }),
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

/** The rows of a list answer: the array itself, or the one array in a page object. */
export function rowsOf(answer: unknown): number {
  if (Array.isArray(answer)) return answer.length
  const lists = Object.values(answer ?? {}).filter((value) => Array.isArray(value))
  if (lists.length !== 1) throw new Error('The answer is neither a list nor a page of one')
  return (lists[0] as unknown[]).length
}

async function capturePayload(baseUrl: string, path: string, cookie: string): Promise<Payload> {
  const response = await fetch(baseUrl + path, { headers: { cookie } })
  const body = await response.text()
  if (!response.ok)
    throw new Error(`GET ${path} answered ${response.status}: ${body.slice(0, 200)}`)
  return { body, rows: rowsOf(JSON.parse(body)), bytes: Buffer.byteLength(body) }
}

const searchPath = (term: string) => `/api/people/search?q=${encodeURIComponent(term)}`
/**
 * A first page of connections. A server without paging ignores `limit` and answers the whole list;
 * the payload figures then say how many rows came back.
 */
const CONNECTIONS_PAGE_PATH = '/api/connections?limit=30'

/** What the measured user gets from each route with a framework limit: bare Hono serves the same. */
export async function capturePayloads(
  baseUrl: string,
  cookie: string,
  dataset: Dataset,
): Promise<Record<FrameworkPayload, Payload>> {
  return {
    connections: await capturePayload(baseUrl, CONNECTIONS_PAGE_PATH, cookie),
    events: await capturePayload(baseUrl, '/api/events', cookie),
    search: await capturePayload(baseUrl, searchPath(dataset.searchTerms[0] ?? ''), cookie),
  }
}

/** Drives every hot path of one running app (`group` names its database) and returns the figures. */
export async function measureApp({
  group,
  baseUrl,
  serverPid,
  dataset,
  sessions,
  limits,
  floors,
  durations,
  log,
}: {
  group: string
  baseUrl: string
  /** Its memory is sampled during each run. */
  serverPid: number
  dataset: Dataset
  sessions: AppSessions
  limits: Limits
  /** The hot scenarios' floors, measured on either side of the app's run of each: Postgres only. */
  floors?: Floors
  durations: Durations
  log: (message: string) => void
}): Promise<Figure[]> {
  // People are private to their owner: the writer connects to its own.
  const personIds = dataset.people
    .filter((person) => person.ownerId === dataset.accounts.writer.id)
    .slice(0, 20)
    .map((person) => person.id)
  const eventId = dataset.events[0]?.id ?? null
  const connections = 50

  const scenarios: Scenario[] = [
    ...hotScenarios(dataset).map((scenario): Scenario => ({
      name: scenario.name,
      requests: scenario.calls.map((call) => call.request),
      cookie: sessions.measured,
      connections,
      limit: 'floor',
    })),
    {
      // The same calls as the ones beside the logins below, without them: what the logins add.
      name: 'GET /api/events, 10 connections, no logins',
      requests: [{ method: 'GET', path: '/api/events' }],
      cookie: sessions.measured,
      connections: 10,
    },
    {
      name: 'GET /api/admin/stats',
      requests: [{ method: 'GET', path: '/api/admin/stats' }],
      cookie: sessions.admin,
      connections,
      limit: 'pgbench',
    },
    {
      // Per call: one admin at a time, so no queueing behind other calls.
      name: 'GET /api/admin/stats, 1 connection',
      requests: [{ method: 'GET', path: '/api/admin/stats' }],
      cookie: sessions.admin,
      connections: 1,
      limit: 'pgbench',
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
    },
  ]

  const figures: Figure[] = []
  const runs = new Map<string, LoadRun>()
  for (const scenario of scenarios) {
    log(`  ${scenario.name}`)
    const appRun = async () => {
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
      return { run, rssMb: rss.maxMb() }
    }
    const measured =
      scenario.limit === 'floor' && floors
        ? await floors.around(scenario.name, appRun)
        : { result: await appRun(), figures: [] }
    const { run, rssMb } = measured.result
    runs.set(scenario.name, run)
    figures.push(...measured.figures)
    figures.push(...loadFigures(group, run, limitOf(scenario, limits, measured.floor)), {
      group,
      name: `${scenario.name} server RSS, maximum`,
      unit: 'MB',
      value: rssMb,
    })
  }

  figures.push(memoryAgainstPage(group, runs))

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
  figures.push(...loadFigures(group, logins, undefined))
  figures.push(...loadFigures(group, alongside, undefined))
  return figures
}
