import type { Context, MiddlewareHandler } from 'hono'
import { TrieRouter } from 'hono/router/trie-router'
import { honoPathOf, type ApiMiddleware, type RestRoute } from '../routes/route.ts'

// What most requests are exempt from: shared, so they allocate no set of their own.
const NOT_EXEMPT: ReadonlySet<ApiMiddleware> = new Set()

/**
 * Wraps each /api middleware so that it runs for every request but those whose route is left out
 * of it (the route table's `exemptFrom`). A request's path is matched once against the exempt
 * routes' patterns, by whichever middleware asks first, rather than once by each of them.
 * hono/combine's `except` does the same job but composes a new chain on each request, which cost
 * more than the middleware themselves (docs/benchmarks.md).
 */
export function exemptionsOf(routes: RestRoute[]) {
  const router = new TrieRouter<ApiMiddleware[]>()
  for (const route of routes) {
    if (route.exemptFrom?.length) router.add('ALL', honoPathOf(route), route.exemptFrom)
  }
  const exemptions = new WeakMap<Context, ReadonlySet<ApiMiddleware>>()
  const exemptFrom = (c: Context) => {
    let exempt = exemptions.get(c)
    if (!exempt) {
      const [matches] = router.match('ALL', c.req.path)
      exempt = matches.length === 0 ? NOT_EXEMPT : new Set(matches.flatMap(([names]) => names))
      exemptions.set(c, exempt)
    }
    return exempt
  }
  return <Handler extends MiddlewareHandler>(name: ApiMiddleware, middleware: Handler) =>
    ((c, next) => (exemptFrom(c).has(name) ? next() : middleware(c, next))) as Handler
}
