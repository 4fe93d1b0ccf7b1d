import { PAGE_SIZE } from '@fiveconnect/api/schemas'
import * as repository from '@fiveconnect/db'
import type { Database } from '@fiveconnect/db'
import { explainStatementsOf } from '@fiveconnect/db/bench'

export type QueryPlan = {
  name: string
  /** Why there is no plan, e.g. the repository function does not exist on this branch yet. */
  error?: string
  statement?: string
  plan?: string
  /** How many statements the function sent: the events list must be one, whatever the events. */
  statementCount?: number
  indexesUsed: string[]
  /** Tables read by a sequential scan: the search target is none on people. */
  seqScans: string[]
}

// Looked up by name rather than imported: the benchmark also runs on branches where the domain
// queries have not landed yet, and then reports their absence instead of failing to compile.
function repositoryFunction(
  name: string,
): ((db: Database, ...args: never[]) => unknown) | undefined {
  const candidate: unknown = (repository as Record<string, unknown>)[name]
  return typeof candidate === 'function' ? (candidate as (db: Database) => unknown) : undefined
}

export function planFacts(plan: string): { indexesUsed: string[]; seqScans: string[] } {
  const indexesUsed = [
    ...plan.matchAll(/(?:Index (?:Only )?Scan(?: Backward)? using|Bitmap Index Scan on) (\w+)/g),
  ].flatMap((match) => (match[1] ? [match[1]] : []))
  const seqScans = [...plan.matchAll(/Seq Scan on (\w+)/g)].flatMap((match) =>
    match[1] ? [match[1]] : [],
  )
  return { indexesUsed: [...new Set(indexesUsed)], seqScans: [...new Set(seqScans)] }
}

async function explainOne(
  url: string,
  name: string,
  functionName: string,
  args: unknown[],
): Promise<QueryPlan> {
  const fn = repositoryFunction(functionName)
  if (!fn) {
    return {
      name,
      error: `${functionName} is not in @fiveconnect/db`,
      indexesUsed: [],
      seqScans: [],
    }
  }
  const statements = await explainStatementsOf(url, (db) =>
    Promise.resolve((fn as (db: Database, ...rest: unknown[]) => unknown)(db, ...args)),
  )
  if (statements.length === 0) {
    return { name, error: 'no statement was run', indexesUsed: [], seqScans: [] }
  }
  const plan = statements.map((explained) => explained.plan).join('\n\n')
  return {
    name,
    statement: statements.map((explained) => explained.statement).join(';\n\n'),
    plan,
    statementCount: statements.length,
    ...planFacts(plan),
  }
}

/** EXPLAIN (ANALYZE) of the people search, the events list and memory search, as the API runs them. */
export async function explainHotQueries(
  url: string,
  { searchTerm, memoryTerm, userId }: { searchTerm: string; memoryTerm: string; userId: string },
): Promise<QueryPlan[]> {
  return [
    await explainOne(url, `people search for "${searchTerm}"`, 'searchPeopleAndProfiles', [
      { userId, query: searchTerm, limit: 20 },
    ]),
    await explainOne(url, 'events list with joined flags and counts', 'listEventsForUserJson', [
      userId,
    ]),
    await explainOne(url, `memory search for "${memoryTerm}"`, 'searchConnectionsPageJson', [
      { authorId: userId, query: memoryTerm, limit: PAGE_SIZE },
    ]),
  ]
}
