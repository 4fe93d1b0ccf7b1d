import { appRouter, type Mailer } from '@fiveconnect/api'
import type { Database } from '@fiveconnect/db'
import { fetchRequestHandler } from '@trpc/server/adapters/fetch'
import { sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { createLucia } from './auth/lucia.ts'
import type { AppEnv } from './http/app-env.ts'
import { toErrorResponse } from './http/errors.ts'
import { originCheck } from './http/origin-check.ts'
import { sessionMiddleware } from './http/session.ts'
import { serveClient } from './http/static-client.ts'
import { authRoutes } from './rest/auth.ts'

export const JSON_BODY_LIMIT_BYTES = 1024 * 1024

export type AppDeps = {
  db: Database
  mailer: Mailer
  config: {
    /** Public origin, used for links in emails and for the Origin check. */
    appUrl: string
    secureCookies: boolean
    /** The built client to serve; left out in development and in API tests. */
    clientDir?: string
  }
}

/** Builds the whole HTTP app from its dependencies. No side effects: nothing listens, nothing migrates. */
export function createApp({ db, mailer, config }: AppDeps) {
  const lucia = createLucia(db, { secureCookies: config.secureCookies })
  const app = new Hono<AppEnv>()

  app.onError((error, c) => {
    const { status, body } = toErrorResponse(error)
    if (status >= 500) console.error(error)
    return c.json(body, status)
  })

  app.get('/api/health', async (c) => {
    try {
      await db.execute(sql`select 1`)
      return c.json({ status: 'ok', database: 'up' })
    } catch {
      return c.json({ status: 'unavailable', database: 'down' }, 503)
    }
  })

  app.use(
    '/api/*',
    bodyLimit({
      maxSize: JSON_BODY_LIMIT_BYTES,
      onError: (c) => c.json({ message: 'The request body is too large.' }, 413),
    }),
    originCheck(config.appUrl),
    sessionMiddleware({ db, mailer, appUrl: config.appUrl, lucia }),
  )

  app.all('/api/trpc/*', (c) =>
    fetchRequestHandler({
      endpoint: '/api/trpc',
      req: c.req.raw,
      router: appRouter,
      createContext: () => c.get('api'),
      onError: ({ error }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') console.error(error)
      },
    }),
  )
  app.route('/api', authRoutes)
  app.all('/api/*', (c) => c.json({ message: 'Not found' }, 404))

  if (config.clientDir) serveClient(app, config.clientDir)

  return app
}

export type App = ReturnType<typeof createApp>
