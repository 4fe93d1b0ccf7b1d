import { Hono } from 'hono'
import type { AppEnv } from '../http/app-env.ts'
import { readJson } from '../http/read-json.ts'
import { callerFor } from './caller.ts'

/** SPEC section 7: the sign-in calls. */
export const authRoutes = new Hono<AppEnv>()
  .get('/login', (c) => c.redirect('/login'))
  .post('/login', async (c) => c.json(await callerFor(c).auth.login(await readJson(c))))
  .post('/register', async (c) => c.json(await callerFor(c).auth.register(await readJson(c)), 201))
  .post('/logout', async (c) => c.json(await callerFor(c).auth.logout()))
  .get('/auth/user', async (c) => {
    const user = await callerFor(c).auth.me()
    return user ? c.json(user) : c.json({ message: 'Unauthorized' }, 401)
  })
  .post('/auth/forgot-password', async (c) =>
    c.json(await callerFor(c).auth.forgotPassword(await readJson(c))),
  )
  .post('/auth/reset-password', async (c) =>
    c.json(await callerFor(c).auth.resetPassword(await readJson(c))),
  )
