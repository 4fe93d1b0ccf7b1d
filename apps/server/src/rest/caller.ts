import { createCaller } from '@fiveconnect/api'
import type { Context } from 'hono'
import type { AppEnv } from '../http/app-env.ts'

/** The tRPC procedures, called in-process with this request's context: REST shims go through here. */
export function callerFor(c: Context<AppEnv>) {
  return createCaller(c.get('api'))
}
