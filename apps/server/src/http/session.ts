import type { FileStore, Mailer, ObjectStorage, RateLimiter, UploadQuota } from '@fiveconnect/api'
import { toPublicUser, type Database, type PublicUser } from '@fiveconnect/db'
import type { MiddlewareHandler } from 'hono'
import { getCookie } from 'hono/cookie'
import { logError } from '../logging/logger.ts'
import { SESSION_ABSOLUTE_LIFETIME_MS, type AppLucia } from '../auth/lucia.ts'
import { createRequestAuth } from '../auth/request-auth.ts'
import type { AppEnv } from './app-env.ts'
import { clientIpOf } from './client-ip.ts'

type SessionDeps = {
  db: Database
  mailer: Mailer
  files: FileStore
  storage: ObjectStorage
  appUrl: string
  lucia: AppLucia
  rateLimit: RateLimiter
  trustProxy: boolean
  uploadQuota: UploadQuota
}

/** Reads the session cookie, builds the request's API context, and writes any cookie changes back. */
export function sessionMiddleware(deps: SessionDeps): MiddlewareHandler<AppEnv> {
  const { lucia } = deps
  return async (c, next) => {
    const cookies: string[] = []
    const afterResponse: (() => Promise<void>)[] = []
    const cookieSessionId = getCookie(c, lucia.sessionCookieName) ?? null
    let sessionId: string | null = null
    let user: PublicUser | null = null

    if (cookieSessionId) {
      const result = await lucia.validateSession(cookieSessionId)
      if (result.session && result.user.isActive && !outlivedAbsoluteLifetime(result.session)) {
        sessionId = result.session.id
        user = toPublicUser(result.user)
        if (result.session.fresh) cookies.push(lucia.createSessionCookie(sessionId).serialize())
      } else {
        if (result.session) await lucia.invalidateSession(result.session.id)
        cookies.push(lucia.createBlankSessionCookie().serialize())
      }
    }

    c.set('api', {
      db: deps.db,
      mailer: deps.mailer,
      files: deps.files,
      storage: deps.storage,
      appUrl: deps.appUrl,
      user,
      clientIp: clientIpOf(c, deps.trustProxy),
      rateLimit: deps.rateLimit,
      uploadQuota: deps.uploadQuota,
      auth: createRequestAuth(lucia, { sessionId, setCookie: (cookie) => cookies.push(cookie) }),
      afterResponse: (task) => afterResponse.push(task),
    })
    await next()
    for (const cookie of cookies) c.res.headers.append('Set-Cookie', cookie)
    for (const task of afterResponse) {
      setImmediate(() => {
        task().catch((error: unknown) => logError('A task after the response failed', error))
      })
    }
  }
}

function outlivedAbsoluteLifetime(session: { createdAt: Date }): boolean {
  return Date.now() - session.createdAt.getTime() > SESSION_ABSOLUTE_LIFETIME_MS
}
