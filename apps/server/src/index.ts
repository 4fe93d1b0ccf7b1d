import { fileURLToPath } from 'node:url'
import { serve } from '@hono/node-server'
import { createApp } from './app.ts'
import { bootstrapAdmin } from './bootstrap-admin.ts'
import { openDatabase } from './database.ts'
import { EnvError, loadEnv } from './env.ts'
import { findProbeTools } from './files/audio-tools.ts'
import { createStorage, uploadOriginsOf } from './files/storage/index.ts'
import { createTranscriber } from './files/transcription/index.ts'
import { startHousekeeping } from './housekeeping.ts'
import { configureLogging, logError, logger, prettyDestination } from './logging/logger.ts'
import { createMailer } from './mail/index.ts'
import { registerDatabasePoolMetrics } from './metrics/metrics.ts'
import { startReminderDigests } from './reminder-digests.ts'

// In the built server (dist/server/index.js) the client sits next to it in dist/public.
const clientDir = fileURLToPath(new URL('../public', import.meta.url))

async function main() {
  const env = loadEnv()
  configureLogging({
    level: env.LOG_LEVEL,
    destination: env.LOG_FORMAT === 'pretty' ? await prettyDestination() : undefined,
  })
  const database = openDatabase(env)
  registerDatabasePoolMetrics(database)
  await database.migrate()
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    await bootstrapAdmin(database.db, { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD })
  }

  const storage = await createStorage(env)
  const mailer = createMailer(env)
  const app = createApp({
    db: database.db,
    mailer,
    storage,
    transcription: {
      transcriber: await createTranscriber(env),
      timeoutMs: env.TRANSCRIPTION_TIMEOUT_SECONDS * 1000,
      probeTools: await findProbeTools(),
    },
    config: {
      appUrl: env.APP_URL,
      secureCookies: env.APP_URL.startsWith('https://'),
      clientDir,
      rateLimits: env.RATE_LIMITS === 'off' ? 'off' : undefined,
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

  let stopping = false
  const shutdown = (signal: string) => {
    if (stopping) return
    stopping = true
    logger.info(`${signal} received: finishing open requests, then stopping.`)
    // close() stops accepting connections and waits for in-flight requests to finish.
    stopHousekeeping()
    stopReminderDigests()
    server.close(() => {
      void database.close().finally(() => {
        logger.info('Stopped.')
        process.exit(0)
      })
    })
    if ('closeIdleConnections' in server) server.closeIdleConnections()
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
