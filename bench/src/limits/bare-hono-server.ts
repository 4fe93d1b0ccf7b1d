// The framework limit: Hono on @hono/node-server answering GET /payload with the JSON that the
// real GET /api/connections returned, kept in memory and serialized per request as the app does.
// Run as its own process (PORT, PAYLOAD_FILE), like the app, so both compete with the load
// generator the same way.
import { readFileSync } from 'node:fs'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'

const payload: unknown = JSON.parse(readFileSync(process.env.PAYLOAD_FILE ?? '', 'utf8'))
const app = new Hono()
app.get('/payload', (c) => c.json(payload))
app.get('/health', (c) => c.text('ok'))
serve({ fetch: app.fetch, hostname: '127.0.0.1', port: Number(process.env.PORT) })
