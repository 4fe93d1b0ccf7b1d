import { listEventsForUserJson } from '@fiveconnect/db'
import { Hono } from 'hono'
import type { AppEnv } from '../http/app-env.ts'
import { readJson, readJsonWithId } from '../http/read-json.ts'
import { signedIn } from '../http/signed-in.ts'
import { callerFor } from './caller.ts'
import { sendJsonText } from './database-json.ts'

/** SPEC section 7: events, attendance, and the admin's event management. */
export const eventRoutes = new Hono<AppEnv>()
  .get('/events', async (c) => {
    const { db, user } = signedIn(c)
    return sendJsonText(c, await listEventsForUserJson(db, user.id))
  })
  .get('/users/events', async (c) => c.json(await callerFor(c).events.listJoined()))
  .post('/events/:id/attend', async (c) =>
    c.json(await callerFor(c).events.join({ id: c.req.param('id') })),
  )
  .delete('/events/:id/attend', async (c) =>
    c.json(await callerFor(c).events.leave({ id: c.req.param('id') })),
  )
  .post('/events', async (c) => c.json(await callerFor(c).events.create(await readJson(c)), 201))
  .put('/events/:id', async (c) =>
    c.json(await callerFor(c).events.update(await readJsonWithId(c))),
  )
  .delete('/events/:id', async (c) =>
    c.json(await callerFor(c).events.delete({ id: c.req.param('id') })),
  )
