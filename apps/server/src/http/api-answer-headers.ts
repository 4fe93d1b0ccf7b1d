import type { MiddlewareHandler } from 'hono'

const VARIES_BY_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i

/**
 * The headers every API answer carries: `Cache-Control: no-store` unless the route chose its own
 * (every answer is about the person asking), and `Vary: Accept-Encoding` (compress() may answer
 * gzip). Written on the answer's own headers, never with c.header(): after the handler, that
 * copies the answer into a new Response through its body, so @hono/node-server writes a stream
 * instead of the bytes it holds (honojs/node-server#399). Run inside compress(), which then finds
 * its Vary already there and does the same copy only when it does compress.
 */
export function apiAnswerHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next()
    const { headers } = c.res
    if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store')
    if (!VARIES_BY_ENCODING.test(headers.get('Vary') ?? ''))
      headers.append('Vary', 'Accept-Encoding')
  }
}
