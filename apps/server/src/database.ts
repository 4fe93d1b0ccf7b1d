import { join } from 'node:path'
import { createDb } from '@fiveconnect/db'
import type { Env } from './env.ts'

/** Postgres when DATABASE_URL is set, otherwise the embedded PGlite under DATA_DIR. */
export function openDatabase(env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR'>) {
  return env.DATABASE_URL
    ? createDb({ url: env.DATABASE_URL })
    : createDb({ pgliteDir: join(env.DATA_DIR, 'pglite') })
}
