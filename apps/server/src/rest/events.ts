import { eventFiltersInput } from '@fiveconnect/api/schemas'
import { listEventsForUserJson, listEventsForUserPageJson } from '@fiveconnect/db'
import { Hono } from 'hono'
import type { AppEnv } from '../http/app-env.ts'
import { readJson, readJsonWithId } from '../http/read-json.ts'
import { signedIn } from '../http/signed-in.ts'
import { callerFor } from './caller.ts'
import { sendJsonText } from './database-json.ts'
import {
  pageQueryOf,
  parsePageQuery,
  parseQuery,
  sendJsonTextPage,
  sendPage,
  wholeList,
} from './paging.ts'

/** SPEC section 7: events, attendance, and the admin's event management; not in it: the filters. */
export const eventRoutes = new Hono<AppEnv>()
  .get('/events', async (c) => {
    const { db, user } = signedIn(c)
    const filters = parseQuery(eventFiltersInput, {
      search: c.req.query('search'),
      filter: c.req.query('filter'),
    })
    const pageQuery = pageQueryOf(c)
    if (!pageQuery) return sendJsonText(c, await listEventsForUserJson(db, user.id, filters))
    const { limit, cursor } = parsePageQuery(pageQuery)
    return sendJsonTextPage(
      c,
      await listEventsForUserPageJson(db, user.id, { limit, after: cursor }, filters),
    )
  })
  .get('/users/events', async (c) => {
    const caller = callerFor(c)
    const pageQuery = pageQueryOf(c)
    if (!pageQuery) return c.json(await wholeList(caller.events.listJoined))
    return sendPage(c, await caller.events.listJoined(pageQuery))
  })
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
