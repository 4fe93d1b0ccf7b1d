import { MAX_PAGE_SIZE } from '@fiveconnect/api/schemas'
import { Hono } from 'hono'
import type { AppEnv } from '../http/app-env.ts'
import { readJsonWithId } from '../http/read-json.ts'
import { callerFor } from './caller.ts'
import { pageQueryOf, sendPage, wholeList } from './paging.ts'

/** SPEC section 7: the admin dashboard's calls. */
export const adminRoutes = new Hono<AppEnv>()
  .get('/admin/stats', async (c) => c.json(await callerFor(c).admin.stats()))
  .get('/admin/users', async (c) => {
    const caller = callerFor(c)
    const pageQuery = pageQueryOf(c)
    if (!pageQuery) return c.json(await wholeList(caller.admin.listUsers))
    return sendPage(c, await caller.admin.listUsers(pageQuery))
  })
  .put('/admin/users/:id', async (c) =>
    c.json(await callerFor(c).admin.updateUser(await readJsonWithId(c))),
  )
  .put('/admin/users/:id/password', async (c) =>
    c.json(await callerFor(c).admin.setUserPassword(await readJsonWithId(c))),
  )
  .put('/admin/users/:id/deactivate', async (c) =>
    c.json(await callerFor(c).admin.deactivateUser({ id: c.req.param('id') })),
  )
  .put('/admin/users/:id/reactivate', async (c) =>
    c.json(await callerFor(c).admin.reactivateUser({ id: c.req.param('id') })),
  )
  // Not in the SPEC: the audit log; without a page asked for, the latest MAX_PAGE_SIZE.
  .get('/admin/audit', async (c) =>
    sendPage(c, await callerFor(c).admin.auditLog(pageQueryOf(c) ?? { limit: MAX_PAGE_SIZE })),
  )
