import { Hono } from 'hono'
import type { AppEnv } from '../http/app-env.ts'
import { callerFor } from './caller.ts'

/**
 * The private calendar feed that calendar apps subscribe to: the link's secret is its only
 * credential, so no session or cookie is needed. Unknown and revoked links answer 404.
 */
export const calendarFeedRoutes = new Hono<AppEnv>().get('/calendar/:file', async (c) => {
  const file = c.req.param('file')
  const token = file.endsWith('.ics') ? file.slice(0, -'.ics'.length) : ''
  const feed = await callerFor(c).calendarFeed.ics({ token })
  return c.body(feed.content, 200, {
    'Content-Type': feed.contentType,
    'Content-Disposition': `inline; filename="${feed.filename}"`,
    // Each fetch reads the follow-ups as they are now; no cache keeps a copy of a private feed.
    'Cache-Control': 'no-store',
  })
})
