import type { DbHandle } from '@fiveconnect/db'
import { fromPglite, PgBoss } from 'pg-boss'
import { logError } from '../logging/logger.ts'

/** pg-boss keeps its tables in this schema of the app's own database. */
export const JOB_SCHEMA = 'jobs'
/** Connections pg-boss opens to Postgres (on PGlite it shares the app's one connection). */
const POSTGRES_CONNECTIONS = 3

export type JobAttempt = {
  id: string
  /** How many attempts came before this one. */
  retryCount: number
  /** Whether a failure now is final: no retry follows. */
  isLastAttempt: boolean
  /** Aborted when the queue stops before the handler is done. */
  signal: AbortSignal
}

export type JobHandler<T> = (data: T, attempt: JobAttempt) => Promise<void>

export type JobOptions = {
  /** Retries after the first attempt fails (it throws). */
  retryLimit: number
  /** Seconds before the first retry; each later one waits about twice as long. */
  retryDelaySeconds: number
  /**
   * Seconds an attempt may run before it counts as failed and another instance may take the job;
   * longer than the handler can take, so a job never runs twice at once.
   */
  expireInSeconds: number
}

export type JobQueueStats = {
  /** Jobs of each queue by state: created, retry, active, completed, cancelled or failed. */
  queues: Record<string, Record<string, number>>
  /** Jobs that ran out of retries and are kept (for a week) as failed. */
  failed: number
}

export type JobQueue = {
  /** Creates the queue `name` and runs `handler` for its jobs, one at a time per instance. */
  register: <T extends object>(
    name: string,
    options: JobOptions,
    handler: JobHandler<T>,
  ) => Promise<void>
  /**
   * Adds a job. With `key` (a UUID) the job is that key's only one while it is kept: adding it again
   * is a no-op that answers false.
   */
  enqueue: (name: string, data: object, options?: { key?: string }) => Promise<boolean>
  /** Adds a job to the registered queue `name` on a cron schedule (UTC), once across instances. */
  schedule: (name: string, cron: string, data?: object) => Promise<void>
  stats: () => Promise<JobQueueStats>
  /**
   * Takes no new jobs, waits up to `graceMs` for running ones, then fails what is left so that
   * another instance retries it.
   */
  stop: (graceMs?: number) => Promise<void>
}

/** The app's database as pg-boss reaches it: PGlite's own connection, or a small Postgres pool. */
function connectionOf(database: Pick<DbHandle, 'pglite' | 'url'>) {
  if (database.pglite) return { db: fromPglite(database.pglite), backend: 'pglite' as const }
  if (database.url) return { connectionString: database.url, max: POSTGRES_CONNECTIONS }
  throw new Error('The job queue needs the PGlite instance or the Postgres URL')
}

/**
 * Starts the durable job queue (pg-boss) on the app's database; its tables live in the schema
 * `jobs`, created and migrated by pg-boss itself on start.
 */
export async function startJobQueue(
  database: Pick<DbHandle, 'pglite' | 'url'>,
  { pollingIntervalSeconds = 2 }: { pollingIntervalSeconds?: number } = {},
): Promise<JobQueue> {
  const boss = new PgBoss({
    ...connectionOf(database),
    schema: JOB_SCHEMA,
    // Completed and failed jobs are deleted a week on; cron schedules are checked every 30 s.
    cronMonitorIntervalSeconds: 30,
  })
  boss.on('error', (error) => logError('Job queue error', error))
  await boss.start()

  return {
    async register(name, options, handler) {
      await boss.createQueue(name, {
        retryLimit: options.retryLimit,
        retryDelay: options.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: options.expireInSeconds,
      })
      await boss.work(name, { pollingIntervalSeconds, includeMetadata: true }, async ([job]) => {
        if (!job) return
        await handler(job.data as Parameters<typeof handler>[0], {
          id: job.id,
          retryCount: job.retryCount,
          isLastAttempt: job.retryCount >= job.retryLimit,
          signal: job.signal,
        })
      })
    },
    async enqueue(name, data, options = {}) {
      return (await boss.send(name, data, options.key ? { id: options.key } : {})) !== null
    },
    async schedule(name, cron, data = {}) {
      await boss.schedule(name, cron, data, { tz: 'UTC' })
    },
    async stats() {
      const { rows } = await boss
        .getDb()
        .executeSql(
          `select name, state, count(*)::int as count from ${JOB_SCHEMA}.job group by name, state`,
        )
      const queues: JobQueueStats['queues'] = {}
      let failed = 0
      for (const { name, state, count } of rows as {
        name: string
        state: string
        count: number
      }[]) {
        queues[name] = { ...queues[name], [state]: count }
        if (state === 'failed') failed += count
      }
      return { queues, failed }
    },
    stop: (graceMs = 30_000) => boss.stop({ graceful: true, timeout: graceMs }),
  }
}
