import { drizzle } from 'drizzle-orm/postgres-js'
import postgres from 'postgres'
import type { Database } from '../client.ts'
import * as schema from '../schema/index.ts'

export type ExplainedStatement = { statement: string; plan: string }

/**
 * Runs `work` (any repository functions) against Postgres on a connection that records each
 * statement it sends, then returns the EXPLAIN (ANALYZE, BUFFERS) of every one with the same
 * parameters: the plans of exactly the SQL the app runs.
 */
export async function explainStatementsOf(
  url: string,
  work: (db: Database) => Promise<unknown>,
): Promise<ExplainedStatement[]> {
  const client = postgres(url, { max: 1, onnotice: () => {} })
  const recorded: { query: string; params: unknown[] }[] = []
  const db = drizzle(client, {
    schema,
    casing: 'snake_case',
    logger: { logQuery: (query, params) => recorded.push({ query, params }) },
  })
  try {
    await work(db)
    const explained: ExplainedStatement[] = []
    for (const { query, params } of recorded) {
      const rows = await client.unsafe<{ 'QUERY PLAN': string }[]>(
        `explain (analyze, buffers) ${query}`,
        params as postgres.ParameterOrJSON<never>[],
      )
      explained.push({ statement: query, plan: rows.map((row) => row['QUERY PLAN']).join('\n') })
    }
    return explained
  } finally {
    await client.end({ timeout: 5 })
  }
}
