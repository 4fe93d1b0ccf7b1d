import { drizzle } from 'drizzle-orm/postgres-js'
import postgres from 'postgres'
import type { Database } from '../client.ts'
import * as schema from '../schema/index.ts'

/** A statement as the app sends it to Postgres: its text and its parameters' values. */
export type CapturedStatement = { text: string; params: unknown[] }

/**
 * The statements the app's own query code sends to the database at `url` while `run` works with
 * it, recorded on their way (they are sent and answered as usual). The benchmark's floor replays
 * them, so it runs exactly the app's SQL, for the data it is measured on, and cannot drift from it.
 */
export async function captureStatements(
  url: string,
  run: (db: Database) => Promise<unknown>,
): Promise<CapturedStatement[]> {
  const captured: CapturedStatement[] = []
  const client = postgres(url, { max: 1, onnotice: () => {} })
  const recording = new Proxy(client, {
    get(target, key, receiver) {
      if (key !== 'unsafe') return Reflect.get(target, key, receiver) as unknown
      return (text: string, params: unknown[] = [], options?: object) => {
        captured.push({ text, params })
        return target.unsafe(text, params as postgres.ParameterOrJSON<never>[], options)
      }
    },
  })
  try {
    await run(drizzle(recording, { schema, casing: 'snake_case' }))
  } finally {
    await client.end({ timeout: 5 })
  }
  return captured
}
