import type { MiddlewareHandler } from 'hono'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Refuses state-changing requests that a browser sent from another site. Requests whose Origin is
 * the app's own (APP_URL), and clients that are not browsers (no Origin, no Sec-Fetch-Site), pass.
 * The Host header is not trusted for this: a DNS-rebinding page names our host as its own.
 */
export function originCheck(appUrl: string): MiddlewareHandler {
  const allowed = new URL(appUrl).origin
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next()
    const origin = c.req.header('origin')
    const isForeign = origin ? origin !== allowed : c.req.header('sec-fetch-site') === 'cross-site'
    if (isForeign) return c.json({ message: 'Cross-site request refused.' }, 403)
    return next()
  }
}
