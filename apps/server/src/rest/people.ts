import { Hono } from 'hono'
import type { AppEnv } from '../http/app-env.ts'
import { readJsonWithIdempotencyKey } from '../http/read-json.ts'
import { callerFor } from './caller.ts'

/** SPEC section 7: finding and recording the people a user meets. */
export const peopleRoutes = new Hono<AppEnv>()
  .get('/people/search', async (c) =>
    c.json(await callerFor(c).people.search({ q: c.req.query('q') ?? '' })),
  )
  // Not in the SPEC: before adding someone, the people the caller already met who match them.
  .get('/people/duplicates', async (c) =>
    c.json(
      await callerFor(c).people.listDuplicates({
        firstName: c.req.query('firstName'),
        lastName: c.req.query('lastName'),
        email: c.req.query('email'),
        mobile: c.req.query('mobile'),
        company: c.req.query('company'),
        linkedin: c.req.query('linkedin'),
      }),
    ),
  )
  .post('/people', async (c) =>
    c.json(await callerFor(c).people.create(await readJsonWithIdempotencyKey(c)), 201),
  )
