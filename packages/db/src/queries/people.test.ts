import { sql, type SQLWrapper } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database, DbHandle } from '../client.ts'
import { createTestDb, createTestUser, planLines } from '../testing.ts'
import { setUserActive } from './admin-users.ts'
import {
  createPerson,
  createPersonFromProfile,
  searchPeople,
  searchPeopleAndProfiles,
  searchPeopleAndProfilesJson,
  searchPeopleByContentQuery,
  searchPeopleByPrefixQuery,
  searchPublicProfiles,
  searchPublicProfilesQuery,
} from './people.ts'
import { createUser, updateProfile } from './users.ts'

let handle: DbHandle
let ownerId: string
let strangerId: string
beforeAll(async () => {
  handle = await createTestDb()
  ownerId = (await createTestUser(handle.db)).id
  strangerId = (await createTestUser(handle.db)).id
  await createPerson(handle.db, {
    ownerId,
    firstName: 'Grace',
    lastName: 'Hopper',
    company: 'Navy',
  })
})
afterAll(() => handle.close())

async function planOf(query: (tx: Database) => SQLWrapper) {
  return handle.db.transaction(async (tx) => {
    // With a handful of rows a scan is cheapest; forbid it to see whether the indexes match.
    await tx.execute(sql`set local enable_seqscan = off`)
    return planLines(await tx.execute(sql`explain select * from (${query(tx)}) as search`)).join(
      '\n',
    )
  })
}

type QueryBuilder = { toSQL: () => { sql: string; params: unknown[] } }

/**
 * The plan a prepared statement reuses (generic: its parameters are not known values), with scans
 * forbidden to see whether the indexes match.
 */
async function genericPlanOf(query: (tx: Database) => QueryBuilder) {
  return handle.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`)
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`)
    const { sql: text, params } = query(tx).toSQL()
    await tx.execute(sql.raw(`prepare plan_probe as ${text}`))
    const values = sql.join(
      // EXPLAIN EXECUTE takes no bind parameters: the values go inline.
      params.map((param) => sql`${param}`.inlineParams()),
      sql`, `,
    )
    const plan = planLines(await tx.execute(sql`explain execute plan_probe(${values})`))
    await tx.execute(sql`deallocate plan_probe`)
    return plan.join('\n')
  })
}

const names = (found: { firstName: string; lastName: string }[]) =>
  found.map((person) => `${person.firstName} ${person.lastName}`)

describe('people search', () => {
  it('finds names and companies by their start through the prefix indexes', async () => {
    const plan = await genericPlanOf((tx) =>
      searchPeopleByPrefixQuery(tx, { ownerId, query: 'Hopp', limit: 20 }),
    )
    expect(plan).toContain('people_owner_last_name_prefix_idx')
    expect(plan).toContain('people_owner_full_name_prefix_idx')
    expect(plan).toContain('people_owner_company_prefix_idx')
    expect(plan).not.toContain('Seq Scan')
    // Each reads only the owner's keys that start with the query, not all of them in order.
    expect(
      plan.match(/Index Cond: \(\(owner_id = \$\d+\) AND .* ~>=~ .* ~<~ \$\d+\)\)/g),
    ).toHaveLength(3)
  })

  it("matches the query's % _ and \\ as themselves, and letters beyond ASCII", async () => {
    const { db } = handle
    for (const [firstName, lastName, company] of [
      ['Chloé', 'Dubois', '100% Organic'],
      ['Jo_an', 'Back\\slash', 'Plain'],
      ['Joran', 'Chloex', '100x Organic'],
    ] as const) {
      await createPerson(db, { ownerId, firstName, lastName, company })
    }
    const search = async (query: string) =>
      names(await searchPeople(db, { ownerId, query, limit: 20 }))
    expect(await search('100%')).toEqual(['Chloé Dubois'])
    expect(await search('jo_')).toEqual(['Jo_an Back\\slash'])
    expect(await search('back\\')).toEqual(['Jo_an Back\\slash'])
    expect(await search('CHLOÉ')).toEqual(['Chloé Dubois'])
    expect(await search('%%%')).toEqual([])
  })

  it('puts the exact name first, then names starting with the query, then companies', async () => {
    const { db } = handle
    await createPerson(db, { ownerId, firstName: 'Ada', lastName: 'Byronson' })
    await createPerson(db, { ownerId, firstName: 'Ada', lastName: 'Byron' })
    await createPerson(db, {
      ownerId,
      firstName: 'Ed',
      lastName: 'Smith',
      company: 'Ada Byron Labs',
    })
    expect(names(await searchPeople(db, { ownerId, query: 'ada byron', limit: 20 }))).toEqual([
      'Ada Byron',
      'Ada Byronson',
      'Ed Smith',
    ])
  })

  it('finds people by the start of their company', async () => {
    await createPerson(handle.db, {
      ownerId,
      firstName: 'Mo',
      lastName: 'Salah',
      company: 'Umbrella Corp',
    })
    expect(names(await searchPeople(handle.db, { ownerId, query: 'umbr', limit: 20 }))).toEqual([
      'Mo Salah',
    ])
  })

  it('reads only a page of the names that start with the query, the first in alphabetical order', async () => {
    const { db } = handle
    for (const lastName of ['Tanz', 'Tanaka', 'Tanabe']) {
      await createPerson(db, { ownerId, firstName: 'Kim', lastName })
    }
    const page = names(await searchPeople(db, { ownerId, query: 'tan', limit: 2 }))
    expect(page).toHaveLength(2)
    expect(page).toEqual(expect.arrayContaining(['Kim Tanabe', 'Kim Tanaka']))
  })

  it("reads other matches among the owner's people only, through an owner index", async () => {
    const plan = await planOf((tx) =>
      searchPeopleByContentQuery(tx, { ownerId, query: 'avy', limit: 20 }),
    )
    expect(plan).toMatch(/people_owner_\w+_idx/)
    expect(plan).not.toContain('Seq Scan')
  })

  it('fills the page with other matches only after the prefix matches, without repeats', async () => {
    const { db } = handle
    await createPerson(db, { ownerId, firstName: 'Navya', lastName: 'Rao' })
    await createPerson(db, { ownerId, firstName: 'Ada', lastName: 'Navarro', company: 'Navy' })
    expect(names(await searchPeople(db, { ownerId, query: 'nav', limit: 20 }))).toEqual([
      'Navya Rao',
      'Ada Navarro',
      'Grace Hopper',
    ])
    expect(names(await searchPeople(db, { ownerId, query: 'nav', limit: 1 }))).toEqual([
      'Navya Rao',
    ])
  })
})

describe("another user's people", () => {
  it('never appear in search, by name, company or exact email', async () => {
    const { db } = handle
    await createPerson(db, {
      ownerId: strangerId,
      firstName: 'Carol',
      lastName: 'Secret',
      email: 'carol@private.example',
      company: 'Hidden Corp',
    })
    for (const query of ['Carol', 'secret', 'hidden', 'carol@private.example', 'rivate']) {
      expect(await searchPeople(db, { ownerId, query, limit: 20 })).toEqual([])
    }
    expect(
      names(await searchPeople(db, { ownerId: strangerId, query: 'carol', limit: 20 })),
    ).toEqual(['Carol Secret'])
  })

  it('share no record: the same email saved by two users is two people', async () => {
    const { db } = handle
    const mine = await createPerson(db, {
      ownerId,
      firstName: 'Dana',
      lastName: 'Shared',
      email: 'Dana@Shared.example',
    })
    const theirs = await createPerson(db, {
      ownerId: strangerId,
      firstName: 'D.',
      lastName: 'S.',
      email: 'dana@shared.example',
    })
    expect(theirs.id).not.toBe(mine.id)
    expect(theirs.firstName).toBe('D.')
    const again = await createPerson(db, {
      ownerId,
      firstName: 'Dana',
      lastName: 'Again',
      email: 'DANA@shared.example',
    })
    expect(again.id).toBe(mine.id)
  })
})

describe('public profiles', () => {
  it('are found by the start of a name or company through the prefix indexes', async () => {
    const plan = await genericPlanOf((tx) =>
      searchPublicProfilesQuery(tx, { viewerId: ownerId, query: 'Quil', limit: 20 }),
    )
    expect(plan).toContain('users_full_name_prefix_idx')
    expect(plan).toContain('users_last_name_prefix_idx')
    expect(plan).toContain('users_company_prefix_idx')
    expect(plan).not.toContain('Seq Scan on users')
  })

  it("find registered users by name or company, never by email, and never the viewer's own", async () => {
    const { db } = handle
    const zoe = await createUser(db, {
      email: 'zoe.public@example.com',
      passwordHash: 'hash',
      firstName: 'Zoe',
      lastName: 'Quill',
      company: 'Quillworks',
      mobile: '+44 7000 000000',
    })
    const found = await searchPublicProfiles(db, { viewerId: ownerId, query: 'quil', limit: 20 })
    expect(found).toEqual([
      {
        id: zoe.id,
        firstName: 'Zoe',
        lastName: 'Quill',
        company: 'Quillworks',
        email: null,
        mobile: null,
        linkedin: null,
        website: null,
      },
    ])
    expect(
      await searchPublicProfiles(db, { viewerId: ownerId, query: 'zoe.public', limit: 20 }),
    ).toEqual([])
    expect(await searchPublicProfiles(db, { viewerId: zoe.id, query: 'quil', limit: 20 })).toEqual(
      [],
    )
  })

  it("become one of the picker's people once, linked and verified, without the private email", async () => {
    const { db } = handle
    const yan = await createUser(db, {
      email: 'yan.linked@example.com',
      passwordHash: 'hash',
      firstName: 'Yan',
      lastName: 'Linked',
      company: 'Linkage',
    })
    const person = await createPersonFromProfile(db, { ownerId, userId: yan.id })
    expect(person).toMatchObject({
      firstName: 'Yan',
      lastName: 'Linked',
      company: 'Linkage',
      email: null,
      mobile: null,
      hasUserProfile: true,
    })
    expect((await createPersonFromProfile(db, { ownerId, userId: yan.id }))?.id).toBe(person?.id)
    // Saved now, the profile no longer shows beside the person.
    expect(await searchPublicProfiles(db, { viewerId: ownerId, query: 'yan', limit: 20 })).toEqual(
      [],
    )
    expect(names(await searchPeople(db, { ownerId, query: 'yan', limit: 20 }))).toEqual([
      'Yan Linked',
    ])
  })

  it('show, and give the picker, only the fields the user chose to share', async () => {
    const { db } = handle
    const wren = await createUser(db, {
      email: 'wren.shares@example.com',
      passwordHash: 'hash',
      firstName: 'Wren',
      lastName: 'Shares',
      company: 'Hidden Employer',
      mobile: '+44 7700 900222',
    })
    await updateProfile(db, wren.id, { sharedProfileFields: ['email', 'mobile'] })
    const [profile] = await searchPublicProfiles(db, {
      viewerId: ownerId,
      query: 'wren',
      limit: 20,
    })
    expect(profile).toMatchObject({
      email: 'wren.shares@example.com',
      mobile: '+44 7700 900222',
      company: null,
    })
    expect(
      await searchPublicProfiles(db, { viewerId: ownerId, query: 'hidden', limit: 20 }),
    ).toEqual([])
    expect(await createPersonFromProfile(db, { ownerId, userId: wren.id })).toMatchObject({
      email: 'wren.shares@example.com',
      mobile: '+44 7700 900222',
      company: null,
      hasUserProfile: true,
    })
  })

  it('of deactivated users cannot be found or picked', async () => {
    const { db } = handle
    const gone = await createUser(db, {
      email: 'xena.gone@example.com',
      passwordHash: 'hash',
      firstName: 'Xena',
      lastName: 'Gone',
    })
    await setUserActive(db, gone.id, false)
    expect(await searchPublicProfiles(db, { viewerId: ownerId, query: 'xena', limit: 20 })).toEqual(
      [],
    )
    expect(await createPersonFromProfile(db, { ownerId, userId: gone.id })).toBeUndefined()
  })
})

describe('the people search as the app runs it', () => {
  it("gives the caller's people first, by prefix then content, then public profiles for the rest", async () => {
    const { db } = handle
    await createPerson(db, { ownerId, firstName: 'Opal', lastName: 'Vance' })
    await createPerson(db, { ownerId, firstName: 'Nia', lastName: 'Hart', company: 'Vanguard' })
    await createPerson(db, { ownerId, firstName: 'Ivan', lastName: 'Ostrov' })
    await createPerson(db, { ownerId: strangerId, firstName: 'Vanna', lastName: 'Theirs' })
    const vance = await createUser(db, {
      email: 'vance.public@example.com',
      passwordHash: 'hash',
      firstName: 'Vance',
      lastName: 'Public',
    })
    const search = (limit: number) =>
      searchPeopleAndProfiles(db, { userId: ownerId, query: 'van', limit })

    const everyone = await search(20)
    expect(everyone.map((found) => `${found.kind} ${found.firstName} ${found.lastName}`)).toEqual([
      'person Opal Vance',
      'person Nia Hart',
      'person Ivan Ostrov',
      'profile Vance Public',
    ])
    expect(everyone.at(-1)).toEqual({
      kind: 'profile',
      id: vance.id,
      firstName: 'Vance',
      lastName: 'Public',
      company: null,
      email: null,
      profileImageUrl: null,
      hasUserProfile: true,
    })
    expect((await search(2)).map((found) => found.firstName)).toEqual(['Opal', 'Nia'])
  })

  it('writes the same results as JSON text, in the same order, for each part and none', async () => {
    const { db } = handle
    await createPerson(db, { ownerId, firstName: 'Zoë', lastName: 'Quill "Q"', company: 'Qüill' })
    for (const query of ['van', 'quill', 'qü', 'nobody-by-this-name']) {
      for (const limit of [1, 3, 20]) {
        const terms = { userId: ownerId, query, limit }
        const text = new TextDecoder().decode(await searchPeopleAndProfilesJson(db, terms))
        expect(JSON.parse(text)).toEqual(await searchPeopleAndProfiles(db, terms))
      }
    }
  })
})
