import type { Database, PublicUser } from '@fiveconnect/db'
import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { AppEnv } from '../http/app-env.ts'

/**
 * For the large lists whose JSON the database writes itself (see @fiveconnect/db's json-text.ts):
 * these routes skip the tRPC caller, so they check the session as protectedProcedure does.
 */
export function signedInDatabase(c: Context<AppEnv>): { db: Database; user: PublicUser } {
  const { db, user } = c.get('api')
  if (!user) throw new HTTPException(401, { message: 'Unauthorized' })
  return { db, user }
}

/** Answers UTF-8 JSON text as it is, without parsing or serializing it again. */
export function sendJsonText(c: Context<AppEnv>, json: Uint8Array<ArrayBuffer>) {
  return c.body(json, 200, { 'Content-Type': 'application/json' })
}
