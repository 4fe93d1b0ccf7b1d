import { randomUUID } from 'node:crypto'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from '../client.ts'
import { connections, people } from '../schema/index.ts'
import { createTestDb, createTestUser, emptyConnectionContent } from '../testing.ts'
import { createConnection } from './connections.ts'
import { createPerson } from './people.ts'

let handle: DbHandle
beforeAll(async () => {
  handle = await createTestDb()
})
afterAll(() => handle.close())

const content = { ...emptyConnectionContent, connectionTypes: ['SA'], connectionFocus: 'Fintech' }

async function peopleOwnedBy(userId: string) {
  const [row] = await handle.db
    .select({ total: count() })
    .from(people)
    .where(eq(people.ownerId, userId))
  return row?.total
}

async function connectionsOf(authorId: string) {
  const [row] = await handle.db
    .select({ total: count() })
    .from(connections)
    .where(eq(connections.authorId, authorId))
  return row?.total
}

describe('creating a person with an idempotency key', () => {
  it('answers the first person for a repeat and adds no one', async () => {
    const user = await createTestUser(handle.db)
    const details = { firstName: 'Ada', lastName: 'Byron', ownerId: user.id }
    const key = randomUUID()
    const first = await createPerson(handle.db, { ...details, idempotencyKey: key })
    const repeat = await createPerson(handle.db, { ...details, idempotencyKey: key })
    expect(repeat).toEqual(first)
    expect(await peopleOwnedBy(user.id)).toBe(1)
  })

  it('creates once when the same key arrives many times at once', async () => {
    const user = await createTestUser(handle.db)
    const key = randomUUID()
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        createPerson(handle.db, {
          firstName: 'Grace',
          lastName: 'Hopper',
          ownerId: user.id,
          idempotencyKey: key,
        }),
      ),
    )
    expect(new Set(results.map((person) => person.id)).size).toBe(1)
    expect(await peopleOwnedBy(user.id)).toBe(1)
  })

  it('keeps keys apart per user, and creates a new person for each new key', async () => {
    const [alice, bob] = [await createTestUser(handle.db), await createTestUser(handle.db)]
    const key = randomUUID()
    const details = { firstName: 'Alan', lastName: 'Turing' }
    const forAlice = await createPerson(handle.db, {
      ...details,
      ownerId: alice.id,
      idempotencyKey: key,
    })
    const forBob = await createPerson(handle.db, {
      ...details,
      ownerId: bob.id,
      idempotencyKey: key,
    })
    const again = await createPerson(handle.db, {
      ...details,
      ownerId: alice.id,
      idempotencyKey: randomUUID(),
    })
    expect(new Set([forAlice.id, forBob.id, again.id]).size).toBe(3)
  })
})

describe('creating a connection with an idempotency key', () => {
  async function setUp() {
    const author = await createTestUser(handle.db)
    const person = await createPerson(handle.db, {
      firstName: 'Met',
      lastName: 'Person',
      ownerId: author.id,
    })
    return { author, base: { ...content, authorId: author.id, personId: person.id } }
  }

  it('answers the first connection for a repeat and adds none', async () => {
    const { author, base } = await setUp()
    const key = randomUUID()
    const first = await createConnection(handle.db, { ...base, idempotencyKey: key })
    const repeat = await createConnection(handle.db, { ...base, idempotencyKey: key })
    expect(repeat).toEqual(first)
    expect(await connectionsOf(author.id)).toBe(1)
  })

  it('creates once when the same key arrives many times at once', async () => {
    const { author, base } = await setUp()
    const key = randomUUID()
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        createConnection(handle.db, { ...base, idempotencyKey: key }),
      ),
    )
    expect(new Set(results.map((connection) => connection.id)).size).toBe(1)
    expect(await connectionsOf(author.id)).toBe(1)
  })

  it('adds a connection for every call without a key, and for each new key', async () => {
    const { author, base } = await setUp()
    await createConnection(handle.db, base)
    await createConnection(handle.db, base)
    await createConnection(handle.db, { ...base, idempotencyKey: randomUUID() })
    await createConnection(handle.db, { ...base, idempotencyKey: randomUUID() })
    expect(await connectionsOf(author.id)).toBe(4)
  })
})
