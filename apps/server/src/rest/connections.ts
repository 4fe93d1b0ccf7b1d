import { Hono } from 'hono'
import type { AppEnv } from '../http/app-env.ts'
import { readJson, readJsonWithId } from '../http/read-json.ts'
import { callerFor } from './caller.ts'

/** SPEC section 7: the signed-in user's connections. */
export const connectionRoutes = new Hono<AppEnv>()
  .get('/connections', async (c) => c.json(await callerFor(c).connections.list()))
  .post('/connections', async (c) =>
    c.json(await callerFor(c).connections.create(await readJson(c)), 201),
  )
  .put('/connections/:id', async (c) =>
    c.json(await callerFor(c).connections.update(await readJsonWithId(c))),
  )
  .delete('/connections/:id', async (c) =>
    c.json(await callerFor(c).connections.delete({ id: c.req.param('id') })),
  )
