import type { SearchConnectionsInput } from '@fiveconnect/api/schemas'
import { listConnectionsJson } from '@fiveconnect/db'
import { Hono } from 'hono'
import type { AppEnv } from '../http/app-env.ts'
import { readJsonWithId, readJsonWithIdempotencyKey } from '../http/read-json.ts'
import { signedIn } from '../http/signed-in.ts'
import { callerFor } from './caller.ts'
import { sendJsonText } from './database-json.ts'

/** ?flag=true|false as a boolean; anything else is passed on for the schema to refuse. */
function flag(value: string | undefined) {
  if (value === undefined || value === '') return undefined
  return (value === 'true' ? true : value === 'false' ? false : value) as boolean
}

/** SPEC section 7: the signed-in user's connections. */
export const connectionRoutes = new Hono<AppEnv>()
  .get('/connections', async (c) => {
    const { db, user } = signedIn(c)
    return sendJsonText(c, await listConnectionsJson(db, user.id))
  })
  // Not in the SPEC: memory search, for clients other than the app.
  .get('/connections/search', async (c) =>
    c.json(
      await callerFor(c).connections.search({
        q: c.req.query('q') as string,
        eventId: c.req.query('eventId') || undefined,
        type: (c.req.query('type') || undefined) as SearchConnectionsInput['type'],
        needsFollowUp: flag(c.req.query('needsFollowUp')),
      }),
    ),
  )
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
