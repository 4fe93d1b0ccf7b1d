import type { MiddlewareHandler } from 'hono'

/**
 * A refusal given before the request's body was read (413, or a 4xx ahead of an upload) ends
 * the connection and says so. Node gives up on draining a large unread body and closes the
 * socket; without `Connection: close` a keep-alive client sends its next request down that
 * socket and fails (undici: UND_ERR_SOCKET).
 */
export function closeUnreadBody(): MiddlewareHandler {
  return async (c, next) => {
    await next()
    const { status } = c.res
    if (status < 400 || !hasBody(c.req.raw.headers)) return
    if (status === 413 || !c.req.raw.bodyUsed) c.res.headers.set('Connection', 'close')
  }
}

function hasBody(headers: Headers): boolean {
  return headers.has('transfer-encoding') || Number(headers.get('content-length') ?? 0) > 0
}
