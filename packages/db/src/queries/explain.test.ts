import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDb } from '../client.ts'
import { createScratchDatabase, type ScratchDatabase } from '../scratch-database.ts'
import { listEventsForUserJson } from './events.ts'
import { explainStatementsOf } from './explain.ts'
import { findUserCredentials } from './users.ts'

const serverUrl = process.env.TEST_DATABASE_URL

// EXPLAIN needs a real Postgres server; on PGlite alone there is nothing to explain with.
describe.skipIf(!serverUrl)('explainStatementsOf', () => {
  let scratch: ScratchDatabase
  beforeAll(async () => {
    scratch = await createScratchDatabase(serverUrl ?? '', 'fiveconnect_explain_test')
    const handle = createDb({ url: scratch.url, maxConnections: 1 })
    await handle.migrate()
    await handle.close()
  })
  afterAll(() => scratch.drop())

  it('returns the analyzed plan of each statement a repository function runs', async () => {
    const explained = await explainStatementsOf(scratch.url, (db) =>
      findUserCredentials(db, 'Nobody@Example.com'),
    )
    expect(explained).toHaveLength(1)
    expect(explained[0]?.statement).toMatch(/^select .* from "users" where "users"."email" = \$1/)
    expect(explained[0]?.plan).toMatch(/actual time=/)
  })

  it('explains the statements whose JSON Postgres writes, which bypass drizzle', async () => {
    const explained = await explainStatementsOf(scratch.url, (db) =>
      listEventsForUserJson(db, '00000000-0000-4000-8000-000000000000'),
    )
    expect(explained).toHaveLength(1)
    expect(explained[0]?.statement).toMatch(/json_agg/)
    expect(explained[0]?.plan).toMatch(/actual time=/)
  })
})
