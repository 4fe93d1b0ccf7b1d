// Issue 33's targets, the only figures the bench holds to a target. They apply to the Postgres run
// and the client; PGlite's figures are reported without targets.
import type { Figure, FigureRow, Target } from './report.ts'

/**
 * The routes whose answer bare Hono serves from memory: a reference line beside the floors (what
 * the framework alone can do here), held to no target.
 */
export const FRAMEWORK_PAYLOADS = {
  connections: 'GET /api/connections?limit=30 (a page)',
  events: 'GET /api/events',
  search: 'GET /api/people/search',
} as const
export type FrameworkPayload = keyof typeof FRAMEWORK_PAYLOADS

/** The hot scenarios' names (hot-routes.ts), as REST and as the client calls them over tRPC. */
export const HOT_SCENARIOS = {
  connections: { REST: 'GET /api/connections?limit=30', tRPC: 'tRPC connections.list' },
  events: { REST: 'GET /api/events', tRPC: 'tRPC events.list' },
  people: { REST: 'GET /api/people/search', tRPC: 'tRPC people.search' },
  memory: {
    REST: 'GET /api/connections/search (memory search)',
    tRPC: 'tRPC connections.search (memory search)',
  },
  // The client reads it over tRPC only; it has no REST route.
  home: { REST: undefined, tRPC: 'tRPC home.summary' },
} as const satisfies Record<string, { REST: string | undefined; tRPC: string }>
export const PAGE_OF_CONNECTIONS = HOT_SCENARIOS.connections.REST
export const MEMORY_SEARCH = HOT_SCENARIOS.memory.REST
export const MEMORY_AGAINST_PAGE = `${MEMORY_SEARCH} throughput, against a page of connections`
export const SERVER_PEAK_RSS = 'server RSS, maximum over the run'
export const LANDING_INITIAL_JS = 'landing page initial JS (gzip)'
export const lighthouseScore = (page: string) => `Lighthouse mobile performance, ${page}`
export const lighthouseTbt = (page: string) => `Lighthouse mobile Total Blocking Time, ${page}`
export const jsLoadedBy = (page: string) => `JS loaded by the ${page} (gzip)`
export const payloadSize = (route: string) => `${route} payload size`

const atLeast = (threshold: number): Target => ({ bound: 'atLeast', of: 'value', threshold })
const atMost = (threshold: number): Target => ({ bound: 'atMost', of: 'value', threshold })
const ofFloor: Target = { bound: 'atLeast', of: 'ratio', threshold: 0.8 }

export type TargetedFigure = { group: string; name: string; unit: string; target: Target }

export const TARGETS: readonly TargetedFigure[] = [
  { group: 'Client', name: lighthouseScore('signed-in home'), unit: '', target: atLeast(95) },
  {
    group: 'Client',
    name: lighthouseTbt('signed-in home'),
    unit: 'ms',
    target: { bound: 'under', of: 'value', threshold: 200 },
  },
  { group: 'Client', name: lighthouseScore('landing page'), unit: '', target: atLeast(98) },
  { group: 'Client', name: LANDING_INITIAL_JS, unit: 'kB', target: atMost(60) },
  { group: 'Client', name: jsLoadedBy('signed-in home'), unit: 'kB', target: atMost(250) },
  // Every hot route at 80% of its floor's throughput at least, over REST and over tRPC.
  ...Object.values(HOT_SCENARIOS).flatMap((names) =>
    [names.REST, names.tRPC].flatMap((name) =>
      name
        ? [{ group: 'Postgres', name: `${name} throughput`, unit: 'req/s', target: ofFloor }]
        : [],
    ),
  ),
  {
    group: 'Postgres',
    name: MEMORY_AGAINST_PAGE,
    unit: 'req/s',
    target: { bound: 'atLeast', of: 'ratio', threshold: 0.5 },
  },
  {
    group: 'Postgres',
    name: SERVER_PEAK_RSS,
    unit: 'MB',
    target: { bound: 'under', of: 'value', threshold: 200 },
  },
  {
    group: 'Postgres',
    name: payloadSize(FRAMEWORK_PAYLOADS.connections),
    unit: 'kB',
    target: atMost(40),
  },
]

/** The figure with its target from TARGETS, if it has one; any other target is dropped. */
export function withTarget({ target: _ignored, ...figure }: Figure): Figure {
  const targeted = TARGETS.find(
    (entry) => entry.group === figure.group && entry.name === figure.name,
  )
  return targeted ? { ...figure, target: targeted.target } : figure
}

/** A row for every target, in TARGETS' order: the run's figure, or an error where it has none. */
export function targetRows(rows: readonly FigureRow[]): FigureRow[] {
  return TARGETS.map(
    (entry) =>
      rows.find((row) => row.group === entry.group && row.name === entry.name) ?? {
        ...entry,
        error: 'not measured in this run',
      },
  )
}
