import { APP_PASSWORD_PATTERN, hashSecretToken, type RateLimiter } from '@fiveconnect/api/server'
import { normalizeEmail, signInWithAppPassword, type Database } from '@fiveconnect/db'
import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../http/app-env.ts'
import { clientIpOf } from '../http/client-ip.ts'

export type DavUser = { id: string; email: string; role: 'attendee' | 'admin' }
export type DavEnv = { Variables: AppEnv['Variables'] & { davUser: DavUser } }

const CHALLENGE = { 'WWW-Authenticate': 'Basic realm="FiveConnect", charset="UTF-8"' }

/** The user name and password of a Basic Authorization header, or undefined. */
function basicCredentials(header: string | undefined) {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header ?? '')
  if (!match?.[1]) return undefined
  const decoded = Buffer.from(match[1], 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  if (colon < 0) return undefined
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) }
}

/**
 * Signs a DAV client in with the account's email and one of its app passwords (never the account
 * password), counted against the same kind of limits as signing in. Anything else answers 401 with
 * a Basic challenge, the same whether the email exists or not.
 */
export function davSignIn(deps: {
  db: Database
  rateLimit: RateLimiter
  trustProxy: boolean
}): MiddlewareHandler<DavEnv> {
  return async (c, next) => {
    const credentials = basicCredentials(c.req.header('authorization'))
    if (!credentials) return c.text('Sign in with your email and an app password.', 401, CHALLENGE)
    const ip = clientIpOf(c, deps.trustProxy)
    const email = normalizeEmail(credentials.username)
    await deps.rateLimit({ 'dav-sign-in:ip': ip, 'dav-sign-in:account-ip': `${email}|${ip}` })
    const password = credentials.password.trim().toLowerCase()
    const user = APP_PASSWORD_PATTERN.test(password)
      ? await signInWithAppPassword(deps.db, hashSecretToken(password))
      : undefined
    if (!user || user.email !== email) {
      return c.text('Wrong email or app password.', 401, CHALLENGE)
    }
    c.set('davUser', user)
    await next()
  }
}
