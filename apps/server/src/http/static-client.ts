import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import type { Hono } from 'hono'
import type { AppEnv } from './app-env.ts'

/**
 * Serves the built client: hashed assets are cached for a year, anything else that is not an API
 * path gets index.html so the client router can show the page (or its 404).
 */
export function serveClient(app: Hono<AppEnv>, clientDir: string): void {
  const indexFile = join(clientDir, 'index.html')
  if (!existsSync(indexFile)) return

  app.use(
    '/assets/*',
    serveStatic({
      root: clientDir,
      onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
    }),
  )
  app.use('*', serveStatic({ root: clientDir }))
  app.get('*', async (c) => {
    c.header('Cache-Control', 'no-cache')
    return c.html(await readFile(indexFile, 'utf8'))
  })
}
