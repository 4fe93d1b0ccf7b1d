// Issue 22's targets, the only figures the bench holds to a target. They apply to the Postgres run
// and the client; PGlite's figures are reported without targets.
import type { Figure, FigureRow, Target } from './report.ts'

/** The routes whose answer bare Hono serves from memory, as the framework limit for that route. */
export const FRAMEWORK_PAYLOADS = {
  connections: 'GET /api/connections?limit=30 (a page)',
  events: 'GET /api/events',
  search: 'GET /api/people/search',
} as const
export type FrameworkPayload = keyof typeof FRAMEWORK_PAYLOADS

export const MEMORY_SEARCH = 'GET /api/connections/search (memory search, 500 connections)'
export const SERVER_PEAK_RSS = 'server RSS, maximum over the run'
export const LANDING_INITIAL_JS = 'landing page initial JS (gzip)'
export const lighthouseScore = (page: string) => `Lighthouse mobile performance, ${page}`
export const jsLoadedBy = (page: string) => `JS loaded by the ${page} (gzip)`
export const payloadSize = (route: string) => `${route} payload size`

const atLeast = (threshold: number): Target => ({ bound: 'atLeast', of: 'value', threshold })
const atMost = (threshold: number): Target => ({ bound: 'atMost', of: 'value', threshold })
const throughputRatio: Target = { bound: 'atLeast', of: 'ratio', threshold: 0.5 }

export type TargetedFigure = { group: string; name: string; unit: string; target: Target }

export const TARGETS: readonly TargetedFigure[] = [
  { group: 'Client', name: lighthouseScore('signed-in home'), unit: '', target: atLeast(95) },
  { group: 'Client', name: lighthouseScore('landing page'), unit: '', target: atLeast(98) },
  { group: 'Client', name: LANDING_INITIAL_JS, unit: 'kB', target: atMost(60) },
  { group: 'Client', name: jsLoadedBy('signed-in home'), unit: 'kB', target: atMost(250) },
  ...Object.values(FRAMEWORK_PAYLOADS).map((route) => ({
    group: 'Postgres',
    name: `${route} throughput`,
    unit: 'req/s',
    target: throughputRatio,
  })),
  // Its p50 is shown beside people search's p50 as its limit: the ratio is the multiple.
  {
    group: 'Postgres',
    name: `${MEMORY_SEARCH} p50`,
    unit: 'ms',
    target: { bound: 'under', of: 'ratio', threshold: 5 },
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
