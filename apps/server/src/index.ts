import { fileURLToPath } from 'node:url'
import { serve } from '@hono/node-server'
import { createApp } from './app.ts'
import { bootstrapAdmin } from './bootstrap-admin.ts'
import { openDatabase } from './database.ts'
import { EnvError, loadEnv } from './env.ts'
import { findProbeTools } from './files/audio-tools.ts'
import { createStorage, uploadOriginsOf } from './files/storage/index.ts'
import { createTranscriber } from './files/transcription/index.ts'
import { registerTranscriptionJob } from './files/transcription/transcription-job.ts'
import { startHousekeeping } from './housekeeping.ts'
import { logError } from './http/log-error.ts'
import { startJobQueue } from './jobs/job-queue.ts'
import { createMailer } from './mail/index.ts'

// In the built server (dist/server/index.js) the client sits next to it in dist/public.
const clientDir = fileURLToPath(new URL('../public', import.meta.url))
/** How long a stopping server lets running jobs finish before handing them to another instance. */
const JOB_GRACE_MS = 10_000

async function main() {
  const env = loadEnv()
  const database = openDatabase(env)
  await database.migrate()
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    await bootstrapAdmin(database.db, { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD })
  }

  const storage = await createStorage(env)
  const timeoutMs = env.TRANSCRIPTION_TIMEOUT_SECONDS * 1000
  const queue = await startJobQueue(database)
  await registerTranscriptionJob(queue, {
    db: database.db,
    storage,
    transcriber: await createTranscriber(env),
    timeoutMs,
  })
  const app = createApp({
    db: database.db,
    mailer: createMailer(env),
    storage,
    transcription: { queue, timeoutMs, probeTools: await findProbeTools() },
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
    },
  })
  const stopHousekeeping = startHousekeeping({
    db: database.db,
    storage,
    uploadUrlTtlMs: env.UPLOAD_URL_TTL_SECONDS * 1000,
  })

  const server = serve({ fetch: app.fetch, hostname: env.HOST, port: env.PORT }, (info) => {
    console.info(
      `FiveConnect is running on ${env.APP_URL} (listening on ${info.address}:${info.port}, ${database.driver})`,
    )
  })

  let stopping = false
  const shutdown = (signal: string) => {
    if (stopping) return
    stopping = true
    console.info(`${signal} received: finishing open requests, then stopping.`)
    // close() stops accepting connections and waits for in-flight requests to finish; then the
    // queue takes no new job and gives its running ones a grace period, after which it hands them
    // back (failed, to be retried) for another instance.
    stopHousekeeping()
    server.close(() => {
      void queue
        .stop(JOB_GRACE_MS)
        .catch((error: unknown) => logError('Stopping the job queue failed', error))
        .then(() => database.close())
        .finally(() => process.exit(0))
    })
    if ('closeIdleConnections' in server) server.closeIdleConnections()
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))
}

main().catch((error: unknown) => {
  if (error instanceof EnvError) console.error(error.message)
  else logError('Start-up failed', error)
  process.exit(1)
})
