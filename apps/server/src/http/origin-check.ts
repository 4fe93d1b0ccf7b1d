import type { MiddlewareHandler } from 'hono'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Refuses state-changing requests that a browser sent from another site. Same-origin requests,
 * and clients that are not browsers (no Origin, no Sec-Fetch-Site), pass.
 */
export function originCheck(appUrl: string): MiddlewareHandler {
  const allowed = new URL(appUrl).host
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next()
    const origin = c.req.header('origin')
    const host = c.req.header('host')
    const originHost = origin ? safeHost(origin) : undefined
    const isForeign = origin
      ? originHost !== allowed && originHost !== host
      : c.req.header('sec-fetch-site') === 'cross-site'
    if (isForeign) return c.json({ message: 'Cross-site request refused.' }, 403)
    return next()
  }
}

function safeHost(origin: string): string | null {
  try {
    return new URL(origin).host
  } catch {
    return null
  }
}
