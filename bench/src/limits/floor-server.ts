// The floor of a route: Hono on @hono/node-server and postgres-js, answering GET /floor/<name> with
// the JSON text one statement builds (FLOORS_FILE holds them by name, from floor-statement.ts), the
// session id from the app's cookie as its parameter: one round trip, and the bytes as they came.
// Prepared and with the app's pool size, as the app sends them. Run as its own process (PORT).
import { readFileSync } from 'node:fs'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { getCookie } from 'hono/cookie'
import postgres, { type ParameterOrJSON } from 'postgres'
import type { FloorStatement } from './floor-statement.ts'

const SESSION_COOKIE = 'fiveconnect_session'
// The app's pool (@fiveconnect/db's createDb default).
const POOL_SIZE = 10

const floors = new Map(
  Object.entries(
    JSON.parse(readFileSync(process.env.FLOORS_FILE ?? '', 'utf8')) as Record<
      string,
      FloorStatement
    >,
  ),
)
const sql = postgres(process.env.DATABASE_URL ?? '', { max: POOL_SIZE })
const app = new Hono()
app.get('/floor/:name', async (c) => {
  const floor = floors.get(c.req.param('name'))
  if (!floor) return c.notFound()
  const sessionId = getCookie(c, SESSION_COOKIE)
  if (!sessionId) return c.text('no session', 401)
  const params = [...floor.params]
  for (const index of floor.sessionParams) params[index] = sessionId
  const rows = await sql
    .unsafe(floor.text, params as ParameterOrJSON<never>[], { prepare: true })
    .raw()
  const json = rows[0]?.[0]
  if (!json) return c.text('no answer', 500)
  return c.body(new Uint8Array(json.buffer as ArrayBuffer, json.byteOffset, json.byteLength), 200, {
    'Content-Type': 'application/json',
  })
})
app.get('/health', (c) => c.text('ok'))
serve({ fetch: app.fetch, hostname: '127.0.0.1', port: Number(process.env.PORT) })
