import type { HttpBindings } from '@hono/node-server'
import type { Context, MiddlewareHandler, Next } from 'hono'

/** Header names and values, as `[name, value]` pairs. */
export type HeaderList = readonly (readonly [string, string])[]

/**
 * Runs the rest of the chain and gives its answer these headers, except those the answer sets
 * itself. Served by @hono/node-server, they go on Node's response before the route runs, and
 * Node's writeHead lets the answer's own headers replace them: the answer's Fetch `Headers` is
 * never built for them (building it, setting the headers on it and sorting them again to write
 * them was about 9 of the 62 kB a small API answer allocated; ADR 028). Anywhere else
 * (`app.request` in tests) they are set on the answer once it is made.
 */
export async function withDefaultHeaders(c: Context, headers: HeaderList, next: Next) {
  const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing
  if (outgoing) {
    for (const [name, value] of headers) outgoing.setHeader(name, value)
    return next()
  }
  await next()
  for (const [name, value] of headers) {
    if (!c.res.headers.has(name)) c.res.headers.set(name, value)
  }
}

/** Middleware that gives every answer it sees these headers (withDefaultHeaders). */
export function defaultHeaders(headers: HeaderList): MiddlewareHandler {
  return (c, next) => withDefaultHeaders(c, headers, next)
}
