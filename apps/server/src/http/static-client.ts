import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import type { Hono } from 'hono'
import type { AppEnv } from './app-env.ts'

/**
 * Serves the built client: hashed assets are cached for a year, anything else that is not an API
 * path gets index.html so the client router can show the page (or its 404). Files are sent
 * precompressed (.br or .gz, written next to them by the build) to browsers that accept that.
 */
export function serveClient(app: Hono<AppEnv>, clientDir: string): void {
  const indexFile = join(clientDir, 'index.html')
  if (!existsSync(indexFile)) return
  const indexHtml = readFileSync(indexFile, 'utf8')

  // Set once the file is found: headers set from serveStatic's onFound come too late to be sent.
  app.use(
    '/assets/*',
    async (c, next) => {
      await next()
      if (c.res.ok) c.header('Cache-Control', 'public, max-age=31536000, immutable')
    },
    serveStatic({ root: clientDir, precompressed: true }),
  )
  // A missing asset is a 404, never index.html (which would then be cached as that asset).
  app.get('/assets/*', (c) => c.text('Not found', 404))
  app.use('*', serveStatic({ root: clientDir, precompressed: true }))
  app.get('*', (c) => {
    c.header('Cache-Control', 'no-cache')
    return c.html(indexHtml)
  })
}
