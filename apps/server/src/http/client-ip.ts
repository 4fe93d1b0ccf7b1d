import type { IncomingMessage } from 'node:http'
import type { Context } from 'hono'

/**
 * The caller's address. Behind a reverse proxy (TRUST_PROXY), it is the last X-Forwarded-For entry:
 * the one the proxy itself added, which the caller cannot forge.
 */
export function clientIpOf(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim()
    if (forwarded) return forwarded
  }
  // @hono/node-server passes the Node request as `incoming`; in-process test requests have none.
  const env = c.env as { incoming?: IncomingMessage } | undefined
  return env?.incoming?.socket.remoteAddress ?? 'unknown'
}
