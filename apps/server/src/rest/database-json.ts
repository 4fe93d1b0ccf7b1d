import type { Context } from 'hono'
import type { AppEnv } from '../http/app-env.ts'

/**
 * Answers UTF-8 JSON text as it is, without parsing or serializing it again: for the large lists
 * whose JSON the database writes itself (see @fiveconnect/db's json-text.ts).
 */
export function sendJsonText(c: Context<AppEnv>, json: Uint8Array<ArrayBuffer>) {
  return c.body(json, 200, { 'Content-Type': 'application/json' })
}
