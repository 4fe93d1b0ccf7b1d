import { randomUUID } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import { routePath } from 'hono/route'
import { logger } from '../logging/logger.ts'
import { observeRequest } from '../metrics/metrics.ts'
import type { AppEnv } from './app-env.ts'
import { withDefaultHeaders } from './default-headers.ts'

export const REQUEST_ID_HEADER = 'X-Request-Id'
/** An id a proxy sent is kept only if it is a short token that cannot forge a log line. */
const SAFE_REQUEST_ID = /^[\w.=-]{1,64}$/

/**
 * Gives each request an id (answered as X-Request-Id, on the errors it logs: `c.get('reqId')`),
 * then logs one line for it and times it for the metrics: method, route pattern (never the raw
 * path, which may hold ids and secrets), status and duration.
 */
export function requestLog(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now()
    const incoming = c.req.header(REQUEST_ID_HEADER)
    const reqId = incoming && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID()
    c.set('reqId', reqId)
    await withDefaultHeaders(c, [[REQUEST_ID_HEADER, reqId]], next)

    const durationMs = performance.now() - started
    // After next(), the route index is the handler that answered (or the last middleware that did).
    const route = routePath(c) || '*'
    const { method } = c.req
    const { status } = c.res
    observeRequest(route, method, status, durationMs / 1000)
    logger.info(
      { reqId, method, route, status, durationMs: Math.round(durationMs * 10) / 10 },
      `${method} ${route} ${status}`,
    )
  }
}
