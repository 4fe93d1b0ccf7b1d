import { createHash, timingSafeEqual } from 'node:crypto'
import type { Handler } from 'hono'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import { logError } from '../logging/logger.ts'

/**
 * The process's metrics, served at GET /metrics in Prometheus's text format. One registry per
 * process: Prometheus scrapes a process, and the counters are bumped where things happen.
 */
export const metricsRegistry = new Registry()
collectDefaultMetrics({ register: metricsRegistry })

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

const requestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from a request reaching the app to its answer, by route pattern, method and status',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120],
  registers: [metricsRegistry],
})

/** Records one answered request; `route` is the matched pattern, never the raw path. */
export function observeRequest(route: string, method: string, status: number, seconds: number) {
  requestDuration.observe(
    { route, method: KNOWN_METHODS.has(method) ? method : 'OTHER', status: String(status) },
    seconds,
  )
}

export type TranscriptionOutcomeLabel = 'transcribed' | 'empty' | 'failed' | 'timed_out'

const transcriptions = new Counter({
  name: 'fiveconnect_transcriptions_total',
  help: 'Voice-note transcriptions by engine and outcome (transcribed, empty, failed, timed_out)',
  labelNames: ['engine', 'outcome'] as const,
  registers: [metricsRegistry],
})

export function countTranscription(engine: string, outcome: TranscriptionOutcomeLabel) {
  transcriptions.inc({ engine, outcome })
}

export type DatabasePool = { driver: 'postgres' | 'pglite'; maxConnections: number }

let databasePool: DatabasePool | undefined

/** Reports the database's connection limit (PGlite: one connection, in process). */
export function registerDatabasePoolMetrics(pool: DatabasePool) {
  databasePool = pool
}

new Gauge({
  name: 'fiveconnect_db_pool_max_connections',
  help: 'Connections the database pool may open (PGlite: one, in process)',
  labelNames: ['driver'] as const,
  registers: [metricsRegistry],
  collect() {
    this.reset()
    if (databasePool) this.set({ driver: databasePool.driver }, databasePool.maxConnections)
  },
})

/** Counts of the job queue's jobs by state, e.g. `{ queued, active, failed }`. */
export type JobQueueStats = Record<string, number>

let jobQueueStats: (() => Promise<JobQueueStats>) | undefined

/** The job queue reports its depth and failures through `stats`, read at each scrape. */
export function registerJobQueueMetrics(stats: () => Promise<JobQueueStats>) {
  jobQueueStats = stats
}

new Gauge({
  name: 'fiveconnect_job_queue_jobs',
  help: 'Background jobs by state (queued, active, failed, ...), read at each scrape',
  labelNames: ['state'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset()
    if (!jobQueueStats) return
    try {
      for (const [state, count] of Object.entries(await jobQueueStats())) this.set({ state }, count)
    } catch (error) {
      // A scrape still answers: the queue's gauge is left empty for this one.
      logError('Reading the job queue for metrics failed', error)
    }
  },
})

function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest()
  return timingSafeEqual(digest(given), digest(expected))
}

/**
 * GET /metrics: 404 unless a token is configured, then 401 without `Authorization: Bearer <token>`
 * (compared in constant time). Never cached.
 */
export function metricsHandler(token: string | undefined): Handler {
  return async (c) => {
    c.header('Cache-Control', 'no-store')
    if (!token) return c.json({ message: 'Not found' }, 404)
    const given = /^Bearer (\S+)$/i.exec(c.req.header('Authorization') ?? '')?.[1] ?? ''
    if (!sameSecret(given, token)) {
      c.header('WWW-Authenticate', 'Bearer')
      return c.json({ message: 'A valid metrics token is required.' }, 401)
    }
    c.header('Content-Type', metricsRegistry.contentType)
    return c.body(await metricsRegistry.metrics())
  }
}
