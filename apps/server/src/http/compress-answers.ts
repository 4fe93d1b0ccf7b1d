import type { MiddlewareHandler } from 'hono'
import { compress } from 'hono/compress'

/** The encodings compress() writes. */
const ACCEPTS_COMPRESSION = /\b(?:gzip|deflate)\b/i

/**
 * compress(), for a client that accepts what it writes. Other requests pass by without compress()
 * reading the answer's headers, which builds its Fetch `Headers`, and without its setting Vary
 * after the route has answered, which copies the answer into a streamed Response
 * (honojs/node-server#399); apiAnswerHeaders() gives them their Vary.
 */
export function compressAnswers(): MiddlewareHandler {
  const compressAccepted = compress()
  return (c, next) =>
    ACCEPTS_COMPRESSION.test(c.req.header('Accept-Encoding') ?? '')
      ? compressAccepted(c, next)
      : next()
}
