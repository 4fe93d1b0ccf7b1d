import { toPublicUser, type PublicUser } from '@fiveconnect/db'
import type { MiddlewareHandler } from 'hono'
import { getCookie } from 'hono/cookie'
import { SESSION_ABSOLUTE_LIFETIME_MS, type AppLucia } from '../auth/lucia.ts'
import type { ValidateSession } from '../auth/session-cache.ts'
import type { AppEnv } from './app-env.ts'

const READS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Reads the session cookie and sets the request's user and session; a fresh session's renewed
 * cookie, or the blank one that ends an invalid session, goes onto the answer. A signed-in write
 * answers only once sessions have settled: it may have changed the user that every instance's
 * session cache holds (a name, a photo), and the client's next read must see the change.
 */
export function sessionMiddleware(
  lucia: AppLucia,
  validateSession: ValidateSession,
  sessionsSettled: () => Promise<void>,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const cookieSessionId = getCookie(c, lucia.sessionCookieName) ?? null
    let sessionId: string | null = null
    let user: PublicUser | null = null
    let cookie: string | undefined

    if (cookieSessionId) {
      const result = await validateSession(cookieSessionId)
      if (result.session && result.user.isActive && !outlivedAbsoluteLifetime(result.session)) {
        sessionId = result.session.id
        user = toPublicUser(result.user)
        if (result.session.fresh) cookie = lucia.createSessionCookie(sessionId).serialize()
      } else {
        if (result.session) await lucia.invalidateSession(result.session.id)
        cookie = lucia.createBlankSessionCookie().serialize()
      }
    }

    c.set('sessionId', sessionId)
    c.set('user', user)
    await next()
    if (user && !READS.has(c.req.method)) await sessionsSettled()
    if (!cookie) return
    // Ahead of the cookies the request set itself: a sign-in's new session must be the last word.
    const later = c.res.headers.getSetCookie()
    c.res.headers.delete('Set-Cookie')
    for (const value of [cookie, ...later]) c.res.headers.append('Set-Cookie', value)
  }
}

function outlivedAbsoluteLifetime(session: { createdAt: Date }): boolean {
  return Date.now() - session.createdAt.getTime() > SESSION_ABSOLUTE_LIFETIME_MS
}
