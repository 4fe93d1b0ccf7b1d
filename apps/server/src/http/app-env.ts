import type { Context as ApiContext } from '@fiveconnect/api'
import type { PublicUser } from '@fiveconnect/db'

/** What the middleware puts on every Hono request. */
export type AppEnv = {
  Variables: {
    /** The request's id (requestLog): answered as X-Request-Id, on the lines it logs. */
    reqId: string
    /** The signed-in user, or null (sessionMiddleware). */
    user: PublicUser | null
    /** The id of the request's valid session, or null (sessionMiddleware). */
    sessionId: string | null
    /** The API context for this request: database, auth, signed-in user (apiContext). */
    api: ApiContext
  }
}
