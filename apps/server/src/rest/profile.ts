import { Hono } from 'hono'
import type { AppEnv } from '../http/app-env.ts'
import { readJson } from '../http/read-json.ts'
import { callerFor } from './caller.ts'

/** SPEC section 7: the signed-in user's own profile. */
export const profileRoutes = new Hono<AppEnv>().put('/profile', async (c) =>
  c.json(await callerFor(c).profile.update(await readJson(c))),
)
