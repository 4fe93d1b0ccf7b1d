import { fileURLToPath } from 'node:url'
import { serve } from '@hono/node-server'
import { createApp } from './app.ts'
import { listenForSessionEvents } from './auth/session-cache.ts'
import { bootstrapAdmin } from './bootstrap-admin.ts'
import { openDatabase } from './database.ts'
import { EnvError, loadEnv } from './env.ts'
import { findProbeTools } from './files/audio-tools.ts'
import { createStorage, uploadOriginsOf } from './files/storage/index.ts'
import { createTranscriber } from './files/transcription/index.ts'
import { registerTranscriptionJob } from './files/transcription/transcription-job.ts'
import { startHousekeeping } from './housekeeping.ts'
import {
  configureLogging,
  logError,
  logger,
  prettyDestination,
  readableLogs,
} from './logging/logger.ts'
import { startJobQueue } from './jobs/job-queue.ts'
import { createMailer } from './mail/index.ts'
import { registerDatabasePoolMetrics, registerJobQueueMetrics } from './metrics/metrics.ts'
import { startReminderDigests } from './reminder-digests.ts'

// In the built server (dist/server/index.js) the client sits next to it in dist/public.
const clientDir = fileURLToPath(new URL('../public', import.meta.url))
/** How long a stopping server lets running jobs finish before handing them to another instance. */
const JOB_GRACE_MS = 10_000

async function main() {
  const env = loadEnv()
  configureLogging({
    level: env.LOG_LEVEL,
    destination: readableLogs(env.LOG_FORMAT, process.stdout)
      ? await prettyDestination()
      : undefined,
  })
  const database = openDatabase(env)
  registerDatabasePoolMetrics(database)
  await database.migrate()
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    await bootstrapAdmin(database.db, { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD })
  }

  const storage = await createStorage(env)
  const mailer = createMailer(env)
  const timeoutMs = env.TRANSCRIPTION_TIMEOUT_SECONDS * 1000
  const queue = await startJobQueue(database)
  registerJobQueueMetrics(async () => {
    const byState: Record<string, number> = {}
    for (const states of Object.values((await queue.stats()).queues)) {
      for (const [state, count] of Object.entries(states)) {
        byState[state] = (byState[state] ?? 0) + count
      }
    }
    return byState
  })
  await registerTranscriptionJob(queue, {
    db: database.db,
    storage,
    transcriber: await createTranscriber(env),
    timeoutMs,
  })
  const sessionEvents = await listenForSessionEvents(database)
  let stopping = false
  const app = createApp({
    stopping: () => stopping,
    db: database.db,
    mailer,
    storage,
    sessionEvents,
    transcription: { queue, timeoutMs, probeTools: await findProbeTools() },
    config: {
      appUrl: env.APP_URL,
      secureCookies: env.APP_URL.startsWith('https://'),
      supportEmail: env.SUPPORT_EMAIL,
      clientDir,
      rateLimits: env.RATE_LIMITS === 'off' ? 'off' : undefined,
      checkOutputs: env.NODE_ENV !== 'production',
      trustProxy: env.TRUST_PROXY,
      uploadOrigins: uploadOriginsOf(env),
      uploadQuota: {
        filesPerDay: env.UPLOAD_QUOTA_FILES_PER_DAY,
        bytesPerDay: env.UPLOAD_QUOTA_MB_PER_DAY * 1024 * 1024,
      },
      metricsToken: env.METRICS_TOKEN,
    },
  })
  const stopHousekeeping = startHousekeeping({
    db: database.db,
    storage,
    uploadUrlTtlMs: env.UPLOAD_URL_TTL_SECONDS * 1000,
  })
  const stopReminderDigests = startReminderDigests({
    db: database.db,
    mailer,
    appUrl: env.APP_URL,
  })

  const server = serve({ fetch: app.fetch, hostname: env.HOST, port: env.PORT }, (info) => {
    logger.info(
      { address: info.address, port: info.port, database: database.driver },
      `FiveConnect is running on ${env.APP_URL}`,
    )
  })

  const shutdown = (signal: string) => {
    if (stopping) return
    stopping = true
    const drainMs = env.SHUTDOWN_DRAIN_SECONDS * 1000
    logger.info(
      `${signal} received: failing health checks for ${env.SHUTDOWN_DRAIN_SECONDS} s, then finishing open requests and stopping.`,
    )
    stopHousekeeping()
    stopReminderDigests()
    // Until the load balancer has seen the failing health check it still sends requests here, so
    // they are served as usual. Then close() stops accepting connections and waits for in-flight
    // requests to finish; then the queue takes no new job and gives its running ones a grace
    // period, after which it hands them back (failed, to be retried) for another instance.
    setTimeout(() => {
      server.close(() => {
        void queue
          .stop(JOB_GRACE_MS)
          .catch((error: unknown) => logError('Stopping the job queue failed', error))
          .then(() => sessionEvents.stop())
          .then(() => database.close())
          .finally(() => {
            logger.info('Stopped.')
            process.exit(0)
          })
      })
      if ('closeIdleConnections' in server) server.closeIdleConnections()
    }, drainMs)
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))
}

main().catch((error: unknown) => {
  // A bad setting is printed as it is, for a person: it names variables, never their values, and the
  // logger's own settings may be among them.
  if (error instanceof EnvError) console.error(error.message)
  else logError('Start-up failed', error)
  process.exit(1)
})
