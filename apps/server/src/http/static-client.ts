import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import type { Hono } from 'hono'
import { getCookie } from 'hono/cookie'
import { SESSION_COOKIE_NAME } from '../auth/lucia.ts'
import type { AppEnv } from './app-env.ts'

/** The pages the client's build prerenders for signed-out visitors (apps/client/src/static-pages). */
const STATIC_PAGES = { '/': 'landing.html', '/terms': 'terms.html', '/privacy': 'privacy.html' }

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
  // Without a session cookie these pages are the prerendered HTML, which paints with no app code;
  // with one, the app (a stale cookie's visitor gets the same page from the app, signed out).
  for (const [path, file] of Object.entries(STATIC_PAGES)) {
    if (!existsSync(join(clientDir, file))) continue
    const servePage = serveStatic({ root: clientDir, path: file, precompressed: true })
    app.get(path, async (c, next) => {
      c.header('Vary', 'Cookie', { append: true })
      if (getCookie(c, SESSION_COOKIE_NAME)) return next()
      c.header('Cache-Control', 'no-cache')
      return servePage(c, next)
    })
  }
  app.use('*', serveStatic({ root: clientDir, precompressed: true }))
  app.get('*', (c) => {
    c.header('Cache-Control', 'no-cache')
    return c.html(indexHtml)
  })
}
