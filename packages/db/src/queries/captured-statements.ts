import { drizzle } from 'drizzle-orm/postgres-js'
import type { Sql } from 'postgres'
import type { Database } from '../client.ts'
import * as schema from '../schema/index.ts'

/** A statement as the app sends it to Postgres: its text and its parameters' values. */
export type CapturedStatement = { text: string; params: unknown[] }

/**
 * The statements the app's own query code sends for `run`, recorded instead of sent: `run` gets a
 * database whose postgres-js client answers every statement with no rows. The benchmark's floor
 * replays them, so it runs exactly the app's SQL and cannot drift from it. What `run` throws on
 * (a query that expected a row) is ignored: the statements sent until then are what count.
 */
export async function captureStatements(
  run: (db: Database) => Promise<unknown>,
): Promise<CapturedStatement[]> {
  const captured: CapturedStatement[] = []
  const unsafe = (text: string, params: unknown[] = []) => {
    captured.push({ text, params })
    const none = Promise.resolve([])
    return Object.assign(none, { values: () => none, raw: () => none })
  }
  const client = { options: { parsers: {}, serializers: {} }, unsafe } as unknown as Sql
  const db = drizzle(client, { schema, casing: 'snake_case' }) as unknown as Database
  await run(db).catch(() => undefined)
  return captured
}
