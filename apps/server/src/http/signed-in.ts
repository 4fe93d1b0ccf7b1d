import type { Context as ApiContext } from '@fiveconnect/api'
import type { PublicUser } from '@fiveconnect/db'
import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { AppEnv } from './app-env.ts'

/**
 * The request's API context with its signed-in user, for the routes that skip the tRPC caller (raw
 * bytes, JSON the database writes): without a user, the 401 protectedProcedure answers.
 */
export function signedIn(c: Context<AppEnv>): ApiContext & { user: PublicUser } {
  const api = c.get('api')
  if (!api.user) throw new HTTPException(401, { message: 'Unauthorized' })
  return { ...api, user: api.user }
}
