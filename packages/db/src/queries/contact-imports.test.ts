import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from '../client.ts'
import { contactImportRows, people } from '../schema/index.ts'
import { createTestDb, emptyConnectionContent, planLines } from '../testing.ts'
import { createConnection } from './connections.ts'
import {
  commitContactImport,
  deleteAbandonedImportRows,
  findStagedDuplicates,
  ImportTooLargeError,
  listContactImports,
  stageContacts,
  stagedDuplicateQueries,
  undoContactImport,
  withHashJoins,
  type StagedContact,
} from './contact-imports.ts'
import { createPerson } from './people.ts'
import { createUser } from './users.ts'

let handle: DbHandle
let ownerId: string
let strangerId: string

const contact = (position: number, fields: Partial<StagedContact>): StagedContact => ({
  position,
  firstName: '',
  lastName: '',
  email: null,
  mobile: null,
  company: null,
  title: null,
  linkedin: null,
  website: null,
  ...fields,
})

const stage = (contacts: StagedContact[], owner = ownerId, uploadId = randomUUID()) =>
  stageContacts(handle.db, { ownerId: owner, uploadId, contacts, maxContacts: 10 }).then(
    () => uploadId,
  )

const peopleNamed = async (owner = ownerId) =>
  (
    await handle.db
      .select({ firstName: people.firstName, lastName: people.lastName })
      .from(people)
      .where(eq(people.ownerId, owner))
  )
    .map((person) => `${person.firstName} ${person.lastName}`)
    .sort()

beforeAll(async () => {
  handle = await createTestDb()
  const newUser = (email: string) =>
    createUser(handle.db, { email, passwordHash: 'hash', firstName: 'Test', lastName: 'User' })
  ownerId = (await newUser('owner@example.com')).id
  strangerId = (await newUser('stranger@example.com')).id
  await createPerson(handle.db, {
    ownerId,
    firstName: 'Grace',
    lastName: 'Hopper',
    email: 'grace@navy.example',
    mobile: '+44 7700 900123',
    linkedin: 'https://www.linkedin.com/in/gracehopper',
    company: 'US Navy',
  })
  await createPerson(handle.db, {
    ownerId: strangerId,
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@engine.example',
  })
})
afterAll(() => handle.close())

describe('a contact file import', () => {
  it('finds duplicates of the owner’s people by each rule, and repeats within the file', async () => {
    const uploadId = await stage([
      contact(1, { firstName: 'G', lastName: 'H', email: 'Grace@Navy.example' }),
      contact(2, { firstName: 'Someone', lastName: 'Else', mobile: '07700-900-123' }),
      contact(3, { firstName: 'Grace', lastName: 'Hoper', company: 'us navy' }),
      contact(4, {
        firstName: 'Amy',
        lastName: 'Linked',
        linkedin: 'linkedin.com/in/GraceHopper/',
      }),
      contact(5, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@engine.example' }),
      contact(6, { firstName: 'Ada', lastName: 'L', email: 'ADA@engine.example' }),
      contact(7, { firstName: 'New', lastName: 'Person' }),
    ])
    const matches = await findStagedDuplicates(handle.db, { ownerId, uploadId })
    expect(
      matches.map((match) =>
        match.kind === 'person'
          ? [match.position, `${match.firstName} ${match.lastName}`, match.reasons]
          : [match.position, `row ${match.ofPosition}`, match.reasons],
      ),
    ).toEqual([
      [1, 'Grace Hopper', ['email']],
      [2, 'Grace Hopper', ['mobile']],
      [3, 'Grace Hopper', ['name']],
      [4, 'Grace Hopper', ['linkedin']],
      // The stranger's Ada is not the owner's: only the repeat within the file counts.
      [6, 'row 5', ['email']],
    ])
    expect(await findStagedDuplicates(handle.db, { ownerId: strangerId, uploadId })).toEqual([])
  })

  it('commits all but the duplicates as the owner’s people, then undo removes them', async () => {
    const uploadId = await stage([
      contact(1, { firstName: 'Grace', lastName: 'Again', email: 'grace@navy.example' }),
      contact(2, { firstName: 'Alan', lastName: 'Turing', title: 'Mathematician' }),
      contact(3, { firstName: 'Joan', lastName: 'Clarke', email: 'joan@bletchley.example' }),
      contact(4, { firstName: 'Joan', lastName: 'C', email: 'JOAN@bletchley.example' }),
    ])
    const result = await commitContactImport(handle.db, {
      ownerId,
      uploadId,
      source: 'vcard',
      fileName: 'friends.vcf',
    })
    expect(result).toMatchObject({
      contactImport: { fileName: 'friends.vcf', source: 'vcard', peopleCount: 2, undoneAt: null },
      skipped: 2,
    })
    expect(await peopleNamed()).toEqual(['Alan Turing', 'Grace Hopper', 'Joan Clarke'])
    // The staged rows are gone once committed: the same upload cannot be committed twice.
    expect(
      await commitContactImport(handle.db, { ownerId, uploadId, source: 'vcard', fileName: 'x' }),
    ).toBeUndefined()

    const importId = result?.contactImport.id ?? ''
    const [alan] = await handle.db
      .select({ id: people.id })
      .from(people)
      .where(and(eq(people.ownerId, ownerId), eq(people.lastName, 'Turing')))
    await createConnection(handle.db, {
      ...emptyConnectionContent,
      personId: alan?.id ?? '',
      authorId: ownerId,
    })

    expect(await undoContactImport(handle.db, { ownerId: strangerId, importId })).toEqual({
      outcome: 'not-found',
    })
    expect(await undoContactImport(handle.db, { ownerId, importId })).toMatchObject({
      outcome: 'undone',
      removed: 1,
      kept: 1,
    })
    expect(await peopleNamed()).toEqual(['Alan Turing', 'Grace Hopper'])
    expect(await undoContactImport(handle.db, { ownerId, importId })).toEqual({
      outcome: 'already-undone',
    })
    const [listed] = await listContactImports(handle.db, { ownerId, limit: 10 })
    expect(listed).toMatchObject({ id: importId, peopleCount: 2 })
    expect(listed?.undoneAt).toBeInstanceOf(Date)
  })

  it('saves nothing when the commit fails part-way, and keeps the file staged to try again', async () => {
    const uploadId = await stage([
      contact(1, { firstName: 'Fine', lastName: 'Person' }),
      contact(2, { firstName: 'Boom', lastName: 'Person' }),
    ])
    const imports = () => listContactImports(handle.db, { ownerId, limit: 10 })
    const before = { people: await peopleNamed(), imports: await imports() }
    await handle.db.execute(sql`
      create function refuse_boom() returns trigger language plpgsql as $$
      begin
        if new.first_name = 'Boom' then raise exception 'the disk is full'; end if;
        return new;
      end $$`)
    await handle.db.execute(
      sql`create trigger refuse_boom before insert on people for each row execute function refuse_boom()`,
    )
    const commit = () =>
      commitContactImport(handle.db, { ownerId, uploadId, source: 'vcard', fileName: 'x.vcf' })
    await expect(commit()).rejects.toThrow()
    expect({ people: await peopleNamed(), imports: await imports() }).toEqual(before)

    await handle.db.execute(sql`drop trigger refuse_boom on people`)
    expect(await commit()).toMatchObject({ contactImport: { peopleCount: 2 } })
  })

  it('checks a file of 5,000 contacts with hash joins, not by comparing every pair', async () => {
    const uploadId = randomUUID()
    const contacts = Array.from({ length: 5000 }, (_, i) =>
      contact(i + 1, {
        firstName: `Given${i}`,
        lastName: `Family${i % 700}`,
        email: `person${i}@example.com`,
        mobile: `+44 7700 ${100000 + i}`,
        company: `Company ${i % 40}`,
        linkedin: `https://www.linkedin.com/in/person-${i}`,
      }),
    )
    for (let from = 0; from < contacts.length; from += 500) {
      await stageContacts(handle.db, {
        ownerId: strangerId,
        uploadId,
        contacts: contacts.slice(from, from + 500),
        maxContacts: 5000,
      })
    }
    // A nested loop over every pair took over two minutes here; hash joins take a few seconds.
    const plans = await withHashJoins(handle.db, async (tx) => {
      const queries = stagedDuplicateQueries(tx, { ownerId: strangerId, uploadId })
      const explained = queries.flatMap(({ asPerson, asRow }) => [asPerson, asRow])
      return Promise.all(explained.map((query) => tx.execute(sql`explain ${query}`)))
    })
    const plan = plans.flatMap(planLines).join('\n')
    expect(plan).toContain('Hash Join')
    expect(plan).not.toContain('Nested Loop')
  }, 120_000)

  it('refuses a part that takes the upload past the limit, keeping none of that part', async () => {
    const uploadId = randomUUID()
    const many = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => contact(from + i, { firstName: `P${from + i}` }))
    await stageContacts(handle.db, { ownerId, uploadId, contacts: many(1, 8), maxContacts: 10 })
    await expect(
      stageContacts(handle.db, { ownerId, uploadId, contacts: many(9, 3), maxContacts: 10 }),
    ).rejects.toThrow(ImportTooLargeError)
    // A part sent twice counts once.
    expect(
      await stageContacts(handle.db, { ownerId, uploadId, contacts: many(7, 4), maxContacts: 10 }),
    ).toBe(10)
  })

  it('keeps one unfinished upload per owner, and drops abandoned ones', async () => {
    const first = await stage([contact(1, { firstName: 'First' })])
    await stage([contact(1, { firstName: 'Second' })])
    expect(
      await commitContactImport(handle.db, {
        ownerId,
        uploadId: first,
        source: 'vcard',
        fileName: 'x',
      }),
    ).toBeUndefined()
    await stage([contact(1, { firstName: 'Theirs' })], strangerId)
    expect(await deleteAbandonedImportRows(handle.db, new Date(Date.now() + 1000))).toBe(2)
    expect(await handle.db.select().from(contactImportRows)).toEqual([])
  })
})
