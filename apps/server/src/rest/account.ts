import { Hono } from 'hono'
import type { AppEnv } from '../http/app-env.ts'
import { readJson } from '../http/read-json.ts'
import { callerFor } from './caller.ts'

/** A user's rights over their own data: a full copy, and deletion. */
export const accountRoutes = new Hono<AppEnv>()
  .get('/account/export.json', async (c) => {
    const data = await callerFor(c).account.exportData()
    return c.json(data, 200, {
      'Content-Disposition': 'attachment; filename="fiveconnect-my-data.json"',
    })
  })
  .delete('/account', async (c) => c.json(await callerFor(c).account.delete(await readJson(c))))
