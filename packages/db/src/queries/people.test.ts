import { sql, type SQLWrapper } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database, DbHandle } from '../client.ts'
import { createTestDb } from '../testing.ts'
import {
  createPerson,
  searchPeople,
  searchPeopleByContentQuery,
  searchPeopleByPrefixQuery,
} from './people.ts'

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

async function planOf(query: (tx: Database) => SQLWrapper) {
  return handle.db.transaction(async (tx) => {
    // With a handful of rows a scan is cheapest; forbid it to see whether the indexes match.
    await tx.execute(sql`set local enable_seqscan = off`)
    return planLines(await tx.execute(sql`explain select * from (${query(tx)}) as search`)).join(
      '\n',
    )
  })
}

const names = (found: { firstName: string; lastName: string }[]) =>
  found.map((person) => `${person.firstName} ${person.lastName}`)

describe('people search', () => {
  it('finds names and companies by their start through the prefix indexes', async () => {
    const plan = await planOf((tx) => searchPeopleByPrefixQuery(tx, { query: 'Hopp', limit: 20 }))
    expect(plan).toContain('people_last_name_prefix_idx')
    expect(plan).toContain('people_full_name_prefix_idx')
    expect(plan).toContain('people_company_prefix_idx')
    expect(plan).not.toContain('Seq Scan')
  })

  it('puts the exact name first, then names starting with the query, then companies', async () => {
    const { db } = handle
    await createPerson(db, { firstName: 'Ada', lastName: 'Byronson' })
    await createPerson(db, { firstName: 'Ada', lastName: 'Byron' })
    await createPerson(db, { firstName: 'Ed', lastName: 'Smith', company: 'Ada Byron Labs' })
    expect(names(await searchPeople(db, { query: 'ada byron', limit: 20 }))).toEqual([
      'Ada Byron',
      'Ada Byronson',
      'Ed Smith',
    ])
  })

  it('finds people by the start of their company', async () => {
    await createPerson(handle.db, { firstName: 'Mo', lastName: 'Salah', company: 'Umbrella Corp' })
    expect(names(await searchPeople(handle.db, { query: 'umbr', limit: 20 }))).toEqual(['Mo Salah'])
  })

  it('reads only a page of the names that start with the query, the first in alphabetical order', async () => {
    const { db } = handle
    for (const lastName of ['Tanz', 'Tanaka', 'Tanabe']) {
      await createPerson(db, { firstName: 'Kim', lastName })
    }
    const page = names(await searchPeople(db, { query: 'tan', limit: 2 }))
    expect(page).toHaveLength(2)
    expect(page).toEqual(expect.arrayContaining(['Kim Tanabe', 'Kim Tanaka']))
  })

  it('finds other matches through the trigram index', async () => {
    const plan = await planOf((tx) => searchPeopleByContentQuery(tx, { query: 'avy', limit: 20 }))
    expect(plan).toContain('people_search_trgm_idx')
    expect(plan).not.toContain('Seq Scan')
  })

  it('fills the page with other matches only after the prefix matches, without repeats', async () => {
    const { db } = handle
    await createPerson(db, { firstName: 'Navya', lastName: 'Rao' })
    await createPerson(db, { firstName: 'Ada', lastName: 'Navarro', company: 'Navy' })
    expect(names(await searchPeople(db, { query: 'nav', limit: 20 }))).toEqual([
      'Navya Rao',
      'Ada Navarro',
      'Grace Hopper',
    ])
    expect(names(await searchPeople(db, { query: 'nav', limit: 1 }))).toEqual(['Navya Rao'])
  })
})
