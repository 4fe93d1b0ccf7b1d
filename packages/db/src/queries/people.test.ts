import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from '../client.ts'
import { createTestDb } from '../testing.ts'
import { createPerson, searchPeopleQuery } from './people.ts'

let handle: DbHandle
beforeAll(async () => {
  handle = await createTestDb()
  await createPerson(handle.db, { firstName: 'Grace', lastName: 'Hopper', company: 'Navy' })
})
afterAll(() => handle.close())

/** The plan's text lines; PGlite answers `{ rows }`, postgres.js an array of rows. */
function planLines(result: unknown): string[] {
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<
    string,
    string
  >[]
  return rows.map((row) => Object.values(row).join(' '))
}

describe('people search', () => {
  it('can use the trigram index, so it stays fast with many people', async () => {
    const plan = await handle.db.transaction(async (tx) => {
      // With a handful of rows a scan is cheapest; forbid it to see whether the index matches.
      await tx.execute(sql`set local enable_seqscan = off`)
      const query = searchPeopleQuery(tx, { query: 'Hopp', limit: 20 })
      return planLines(await tx.execute(sql`explain select * from (${query}) as search`))
    })
    expect(plan.join('\n')).toContain('people_search_trgm_idx')
  })
})
