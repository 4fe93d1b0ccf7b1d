import { Hono } from 'hono'
import type { AppEnv } from '../http/app-env.ts'
import { readJson } from '../http/read-json.ts'
import { callerFor } from './caller.ts'

/** SPEC section 7: the upload and confirmation calls. */
export const uploadRoutes = new Hono<AppEnv>()
  .post('/objects/upload', async (c) => c.json(await callerFor(c).uploads.createUploadUrl()))
  .put('/connection-photos', async (c) =>
    c.json(await callerFor(c).uploads.confirmConnectionPhoto(await readJson(c))),
  )
  .put('/profile/photo', async (c) =>
    c.json(await callerFor(c).uploads.confirmProfilePhoto(await readJson(c))),
  )
  .put('/event-logos', async (c) =>
    c.json(await callerFor(c).uploads.confirmEventLogo(await readJson(c))),
  )
