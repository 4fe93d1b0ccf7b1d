import type { MiddlewareHandler } from 'hono'
import { TrieRouter } from 'hono/router/trie-router'

/**
 * Runs `middleware` for every request but those whose path matches one of `patterns` (Hono route
 * patterns). hono/combine's `except` does the same through `some` and `every`, which compose a new
 * chain on each request; with four such middleware on every /api request that cost more than the
 * middleware themselves.
 */
export function exceptPaths(patterns: string[], middleware: MiddlewareHandler): MiddlewareHandler {
  if (patterns.length === 0) return middleware
  const router = new TrieRouter<true>()
  for (const pattern of patterns) router.add('ALL', pattern, true)
  return (c, next) => (router.match('ALL', c.req.path)[0].length > 0 ? next() : middleware(c, next))
}
