import { appRouter, type Mailer } from '@fiveconnect/api'
import {
  createRateLimiter,
  DEFAULT_UPLOAD_QUOTA,
  noRateLimits,
  RateLimitedError,
  type RateLimitPolicies,
  type UploadQuota,
} from '@fiveconnect/api/server'
import { MAX_BATCH_CALLS } from '@fiveconnect/api/schemas'
import type { Database } from '@fiveconnect/db'
import { fetchRequestHandler } from '@trpc/server/adapters/fetch'
import { Hono } from 'hono'
import { apiContext } from './api-context.ts'
import { createLucia } from './auth/lucia.ts'
import { cachedSessionValidator, type SessionEvents } from './auth/session-cache.ts'
import { addressBookRoutes } from './dav/address-book-routes.ts'
import { createFileStore } from './files/file-store.ts'
import { createTranscripts } from './files/transcription/transcription-job.ts'
import type { VoiceNoteRouteDeps } from './files/voice-note-routes.ts'
import type { ServerStorage } from './files/storage/index.ts'
import { apiAnswerHeaders } from './http/api-answer-headers.ts'
import { exemptionsOf } from './http/api-exemptions.ts'
import type { AppEnv } from './http/app-env.ts'
import { jsonBodyLimit } from './http/body-limit.ts'
import { retryAfterHeader, toErrorResponse } from './http/errors.ts'
import { closeUnreadBody } from './http/close-unread-body.ts'
import { compressAnswers } from './http/compress-answers.ts'
import { originCheck } from './http/origin-check.ts'
import { requestDeadline } from './http/request-deadline.ts'
import { requestLog } from './http/request-log.ts'
import { securityHeaders } from './http/security-headers.ts'
import { trpcJsonLists } from './http/trpc-json-lists.ts'
import { sessionMiddleware } from './http/session.ts'
import { serveClient } from './http/static-client.ts'
import type { JobQueue } from './jobs/job-queue.ts'
import { logError, logger } from './logging/logger.ts'
import { metricsHandler } from './metrics/metrics.ts'
import { mountRoutes } from './routes/mount.ts'
import type { RestRoute } from './routes/route.ts'
import { restRoutes } from './routes/table/index.ts'
import { sharePageRoutes } from './share/share-page-routes.ts'

const DEFAULT_REQUEST_DEADLINE_MS = 10_000

export type AppDeps = {
  db: Database
  mailer: Mailer
  storage: ServerStorage
  /** The database's word on ended sessions; without it, every request checks its session there. */
  sessionEvents?: SessionEvents
  /** Voice-note transcription; none (notes saved untranscribed) when left out. */
  transcription?: VoiceNoteRouteDeps & {
    /** Where transcription jobs go; without it, voice notes are saved untranscribed. */
    queue?: JobQueue
  }
  config: {
    /** Public origin, used for links in emails and for the Origin check. */
    appUrl: string
    secureCookies: boolean
    /** The contact address Help & Support shows; none when unset. */
    supportEmail?: string
    /** The built client to serve; left out in development and in API tests. */
    clientDir?: string
    /** Abuse limits: the production policies by default; 'off' only for benchmarks and tests. */
    rateLimits?: RateLimitPolicies | 'off'
    /** Behind a reverse proxy: take the client address from X-Forwarded-For. */
    trustProxy?: boolean
    /** Origins other than this one that the browser uploads to (an S3 endpoint). */
    uploadOrigins?: string[]
    /** How long an API request may take before it answers 503; 10 s unless set (for tests). */
    requestDeadlineMs?: number
    /** Files and bytes one user may upload a day; DEFAULT_UPLOAD_QUOTA unless set. */
    uploadQuota?: UploadQuota
    /** The bearer token that opens GET /metrics; without it the route answers 404. */
    metricsToken?: string
    /**
     * Whether the tRPC lists answered from Postgres's JSON are checked against their output
     * schemas: on unless turned off (production, ADR 026).
     */
    checkOutputs?: boolean
  }
  /** Whether the process has been told to stop: health checks then fail. Never, unless given. */
  stopping?: () => boolean
  /** The REST routes, served and documented: the whole table unless a test adds one. */
  routes?: RestRoute[]
}

/** Builds the whole HTTP app from its dependencies. No side effects: nothing listens, nothing migrates. */
export function createApp({
  db,
  mailer,
  storage,
  sessionEvents,
  transcription,
  config,
  stopping = () => false,
  routes = restRoutes,
}: AppDeps) {
  const lucia = createLucia(db, { secureCookies: config.secureCookies })
  const app = new Hono<AppEnv>()

  app.use(requestLog())
  app.use(securityHeaders({ https: config.secureCookies, uploadOrigins: config.uploadOrigins }))
  // A phone at a venue has little bandwidth: the signed-in home's data (500 connections) is 656 kB
  // of JSON and 120 kB compressed. No answer holds a secret beside text an attacker
  // could choose, so compression leaks nothing (BREACH needs both). The client's files come
  // precompressed from serveClient.
  app.use('/api/*', compressAnswers())
  app.use(closeUnreadBody())
  app.use('/api/*', apiAnswerHeaders())

  app.onError((error, c) => {
    const { status, body, headers } = toErrorResponse(error)
    const reqId = c.get('reqId')
    if (status === 503) logger.warn({ reqId, reason: String(error) }, 'Answered 503')
    else if (status >= 500) logError(`${c.req.method} ${c.req.path} failed`, error, reqId)
    return c.json(body, status, headers)
  })

  // Outside /api: no session, no Origin check; its own bearer token.
  app.get('/metrics', metricsHandler(config.metricsToken))

  const sessionsSettled = () => sessionEvents?.settled() ?? Promise.resolve()
  const session = sessionMiddleware(
    lucia,
    cachedSessionValidator(lucia, sessionEvents),
    sessionsSettled,
  )
  const rateLimit =
    config.rateLimits === 'off' ? noRateLimits : createRateLimiter(db, config.rateLimits)
  const trustProxy = config.trustProxy ?? false
  const api = apiContext({
    db,
    mailer,
    files: createFileStore({ db, storage }),
    storage,
    appUrl: config.appUrl,
    supportEmail: config.supportEmail ?? null,
    lucia,
    rateLimit,
    trustProxy,
    uploadQuota: config.uploadQuota ?? DEFAULT_UPLOAD_QUOTA,
    transcripts: createTranscripts(db, transcription?.queue),
    sessionsSettled,
  })
  // Each route of the table says which of these it is left out of (its entry's exemptFrom).
  const unlessExempt = exemptionsOf(routes)
  app.use(
    '/api/*',
    unlessExempt('bodyLimit', jsonBodyLimit()),
    unlessExempt('originCheck', originCheck(config.appUrl)),
    unlessExempt(
      'deadline',
      requestDeadline(config.requestDeadlineMs ?? DEFAULT_REQUEST_DEADLINE_MS),
    ),
    unlessExempt('session', session),
    unlessExempt('session', api),
  )
  app.use('/objects/*', session)

  app.get('/api/trpc/:path', trpcJsonLists({ checkOutputs: config.checkOutputs ?? true }))
  app.all('/api/trpc/*', (c) =>
    fetchRequestHandler({
      endpoint: '/api/trpc',
      req: c.req.raw,
      router: appRouter,
      maxBatchSize: MAX_BATCH_CALLS,
      createContext: () => c.get('api'),
      onError: ({ error, path }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR')
          logError(`tRPC ${path ?? ''} failed`, error, c.get('reqId'))
      },
      responseMeta: ({ errors }) => {
        const limited = errors.find((error) => error instanceof RateLimitedError)
        return limited ? { headers: new Headers(retryAfterHeader(limited)) } : {}
      },
    }),
  )
  // The REST API and its OpenAPI document, from one table (routes/table).
  mountRoutes(app, routes, {
    db,
    storage,
    voiceNotes: transcription ?? { timeoutMs: 120_000 },
    stopping,
  })
  app.route('/', addressBookRoutes({ db, storage, rateLimit, trustProxy }))
  app.route('/', sharePageRoutes(api))
  app.all('/api/*', (c) => c.json({ message: 'Not found' }, 404))

  if (config.clientDir) serveClient(app, config.clientDir)

  return app
}

export type App = ReturnType<typeof createApp>
