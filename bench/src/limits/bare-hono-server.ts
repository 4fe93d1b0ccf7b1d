// The framework limit: Hono on @hono/node-server answering GET /payload/<name> with JSON that the
// real app answered for that route (PAYLOADS_FILE holds them by name), kept in memory and
// serialized per request as the app's tRPC routes do. Run as its own process (PORT), like the app,
// so both compete with the load generator the same way.
import { readFileSync } from 'node:fs'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'

const payloads = new Map(
  Object.entries(JSON.parse(readFileSync(process.env.PAYLOADS_FILE ?? '', 'utf8')) as object),
)
const app = new Hono()
app.get('/payload/:name', (c) => {
  const payload: unknown = payloads.get(c.req.param('name'))
  return payload === undefined ? c.notFound() : c.json(payload)
})
app.get('/health', (c) => c.text('ok'))
serve({ fetch: app.fetch, hostname: '127.0.0.1', port: Number(process.env.PORT) })
