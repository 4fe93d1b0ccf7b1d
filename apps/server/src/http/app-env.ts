import type { Context as ApiContext } from '@fiveconnect/api'

/** What the middleware puts on every Hono request. */
export type AppEnv = {
  Variables: {
    /** The API context for this request: database, auth, signed-in user. */
    api: ApiContext
  }
}
