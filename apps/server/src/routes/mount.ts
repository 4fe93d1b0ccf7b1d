import type { Hono } from 'hono'
import type { AppEnv } from '../http/app-env.ts'
import { buildOpenApiDocument } from '../openapi/document.ts'
import { inputReader, procedureCaller, procedureHandler } from './procedure-handler.ts'
import { honoPathOf, type RestRoute, type RouteDeps } from './route.ts'

/**
 * Refuses a table that could serve something other than it documents: an answer that is not JSON
 * needs the route's own handler, a route needs a procedure or a handler, and a HEAD entry needs the
 * GET route that answers it.
 */
export function checkRoutes(routes: RestRoute[]) {
  const served = new Set<string>()
  for (const route of routes) {
    const key = `${route.method} ${route.path}`
    if (served.has(key)) throw new Error(`${key} is in the table twice`)
    served.add(key)
  }
  for (const route of routes) {
    const name = `${route.method.toUpperCase()} ${route.path}`
    if (route.method === 'head') {
      if (!served.has(`get ${route.path}`)) throw new Error(`${name} has no GET route to answer it`)
    } else if (!route.serve && !route.procedure) {
      throw new Error(`${name} names neither a procedure nor its own handler (serve)`)
    } else if (!route.serve && route.success.media !== 'json') {
      throw new Error(`${name} answers ${route.success.media}: that needs its own handler (serve)`)
    }
  }
}

/**
 * Serves the table's routes on the app: each with its own handler or the generic procedure handler,
 * and GET /api/openapi.json with the document of this same table.
 */
export function mountRoutes(
  app: Hono<AppEnv>,
  routes: RestRoute[],
  deps: Omit<RouteDeps, 'document'>,
) {
  checkRoutes(routes)
  let document: object | undefined
  const served: RouteDeps = { ...deps, document: () => (document ??= buildOpenApiDocument(routes)) }
  const mounted = new Set<string>()
  for (const route of routes) {
    if (route.method === 'head') continue
    const pattern = honoPathOf(route)
    // Two documented paths may be served by one pattern (the voice-note player's).
    const key = `${route.method} ${pattern}`
    if (mounted.has(key)) continue
    const handlers = route.serve
      ? route.serve({ ...served, readInput: inputReader(route), call: procedureCaller(route) })
      : [procedureHandler(route)]
    if (!handlers) continue
    mounted.add(key)
    app.on(route.method.toUpperCase(), [pattern], ...handlers)
  }
}
