import type { FileStore, Mailer, Transcripts } from '@fiveconnect/api'
import type { ObjectStorage, RateLimiter, UploadQuota } from '@fiveconnect/api/server'
import type { Database } from '@fiveconnect/db'
import type { MiddlewareHandler } from 'hono'
import { createRequestAuth } from './auth/request-auth.ts'
import type { AppLucia } from './auth/lucia.ts'
import type { AppEnv } from './http/app-env.ts'
import { clientIpOf } from './http/client-ip.ts'
import { logError } from './logging/logger.ts'

export type ApiContextDeps = {
  db: Database
  mailer: Mailer
  files: FileStore
  storage: ObjectStorage
  appUrl: string
  supportEmail: string | null
  lucia: AppLucia
  rateLimit: RateLimiter
  trustProxy: boolean
  uploadQuota: UploadQuota
  transcripts: Transcripts
  sessionsSettled: () => Promise<void>
}

/**
 * Builds the request's API context (what every procedure runs with) from the app's dependencies
 * and the user sessionMiddleware set, which must run first. Once the answer is ready, the cookies
 * the procedures set go onto it and their after-response tasks start.
 */
export function apiContext(deps: ApiContextDeps): MiddlewareHandler<AppEnv> {
  const { lucia } = deps
  return async (c, next) => {
    const cookies: string[] = []
    const afterResponse: (() => Promise<void>)[] = []
    c.set('api', {
      db: deps.db,
      mailer: deps.mailer,
      files: deps.files,
      storage: deps.storage,
      appUrl: deps.appUrl,
      supportEmail: deps.supportEmail,
      user: c.get('user'),
      clientIp: clientIpOf(c, deps.trustProxy),
      rateLimit: deps.rateLimit,
      uploadQuota: deps.uploadQuota,
      transcripts: deps.transcripts,
      auth: createRequestAuth(
        lucia,
        { sessionId: c.get('sessionId'), setCookie: (cookie) => cookies.push(cookie) },
        deps.sessionsSettled,
      ),
      afterResponse: (task) => afterResponse.push(task),
    })
    await next()
    for (const cookie of cookies) c.res.headers.append('Set-Cookie', cookie)
    for (const task of afterResponse) {
      setImmediate(() => {
        task().catch((error: unknown) =>
          logError('A task after the response failed', error, c.get('reqId')),
        )
      })
    }
  }
}
