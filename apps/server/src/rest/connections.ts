import {
  CONNECTION_SEARCH_LIMIT,
  connectionFiltersInput,
  type ConnectionFilters,
} from '@fiveconnect/api/schemas'
import { listConnectionsJson, listConnectionsPageJson } from '@fiveconnect/db'
import { Hono, type Context } from 'hono'
import type { AppEnv } from '../http/app-env.ts'
import { readJsonWithId, readJsonWithIdempotencyKey } from '../http/read-json.ts'
import { signedIn } from '../http/signed-in.ts'
import { callerFor } from './caller.ts'
import { sendJsonText } from './database-json.ts'
import { pageQueryOf, parsePageQuery, parseQuery, sendJsonTextPage, sendPage } from './paging.ts'

/** ?flag=true|false as a boolean; anything else is passed on for the schema to refuse. */
function flag(value: string | undefined) {
  if (value === undefined || value === '') return undefined
  return (value === 'true' ? true : value === 'false' ? false : value) as boolean
}

/** ?eventId=&type=&needsFollowUp=, as the schema is to check them (docs/api-details.md). */
function filterQueryOf(c: Context<AppEnv>) {
  return {
    eventId: c.req.query('eventId'),
    type: c.req.query('type') as ConnectionFilters['type'],
    needsFollowUp: flag(c.req.query('needsFollowUp')),
  }
}

/** SPEC section 7: the signed-in user's connections; not in the SPEC: their filters. */
export const connectionRoutes = new Hono<AppEnv>()
  .get('/connections', async (c) => {
    const { db, user } = signedIn(c)
    const filters = parseQuery(connectionFiltersInput, filterQueryOf(c))
    const pageQuery = pageQueryOf(c)
    if (!pageQuery) return sendJsonText(c, await listConnectionsJson(db, user.id, filters))
    const { limit, cursor } = parsePageQuery(pageQuery)
    return sendJsonTextPage(
      c,
      await listConnectionsPageJson(db, user.id, { limit, after: cursor }, filters),
    )
  })
  // Not in the SPEC: memory search, for clients other than the app. Without a page asked for, the
  // best CONNECTION_SEARCH_LIMIT.
  .get('/connections/search', async (c) => {
    const page = pageQueryOf(c) ?? { limit: CONNECTION_SEARCH_LIMIT }
    return sendPage(
      c,
      await callerFor(c).connections.search({
        q: c.req.query('q') as string,
        ...filterQueryOf(c),
        ...page,
      }),
    )
  })
  .post('/connections', async (c) =>
    c.json(await callerFor(c).connections.create(await readJsonWithIdempotencyKey(c)), 201),
  )
  .put('/connections/:id', async (c) =>
    c.json(await callerFor(c).connections.update(await readJsonWithId(c))),
  )
  .delete('/connections/:id', async (c) =>
    c.json(await callerFor(c).connections.delete({ id: c.req.param('id') })),
  )
  // Not in the SPEC: the offline outbox asks for a saved voice note's transcript; 202 while pending.
  .post('/connections/:id/transcribe', async (c) => {
    const { state, ...answer } = await callerFor(c).connections.transcribe({
      id: c.req.param('id'),
    })
    return c.json(answer, state === 'pending' ? 202 : 200)
  })
