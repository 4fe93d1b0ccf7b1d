import postgres from 'postgres'
import type { Database } from '../client.ts'
import { captureStatements } from './captured-statements.ts'

export type ExplainedStatement = { statement: string; plan: string }

/**
 * Runs `work` (any repository functions) against Postgres, recording each statement it sends
 * (captureStatements: drizzle's queries and the JSON lists' own), then returns the EXPLAIN
 * (ANALYZE, BUFFERS) of every one with the same parameters: the plans of exactly the SQL the app
 * runs.
 */
export async function explainStatementsOf(
  url: string,
  work: (db: Database) => Promise<unknown>,
): Promise<ExplainedStatement[]> {
  const captured = await captureStatements(url, work)
  const client = postgres(url, { max: 1, onnotice: () => {} })
  try {
    const explained: ExplainedStatement[] = []
    for (const { text, params } of captured) {
      const rows = await client.unsafe<{ 'QUERY PLAN': string }[]>(
        `explain (analyze, buffers) ${text}`,
        params as postgres.ParameterOrJSON<never>[],
      )
      explained.push({ statement: text, plan: rows.map((row) => row['QUERY PLAN']).join('\n') })
    }
    return explained
  } finally {
    await client.end({ timeout: 5 })
  }
}
