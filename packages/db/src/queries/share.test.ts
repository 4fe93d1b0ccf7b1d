import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from '../client.ts'
import { connections, people, users } from '../schema/index.ts'
import { createTestDb, createTestUser, emptyConnectionContent } from '../testing.ts'
import { createConnection } from './connections.ts'
import { createEvent, joinEvent } from './events.ts'
import { createPerson } from './people.ts'
import { findTodaysJoinedEventId, receiveSharedContact, type SharedContact } from './share.ts'

let handle: DbHandle
beforeAll(async () => {
  handle = await createTestDb()
})
afterAll(() => handle.close())

const sent = (details: Partial<SharedContact>): SharedContact => ({
  firstName: 'Grace',
  lastName: 'Hopper',
  email: null,
  mobile: null,
  company: null,
  title: null,
  note: null,
  ...details,
})

async function peopleOf(ownerId: string) {
  return handle.db.select().from(people).where(eq(people.ownerId, ownerId))
}

describe('receiving a shared contact', () => {
  it("merges into someone met before by mobile, filling only that person's empty fields", async () => {
    const owner = await createTestUser(handle.db)
    const met = await createPerson(handle.db, {
      ownerId: owner.id,
      firstName: 'Grace',
      lastName: 'Hopper',
      mobile: '+44 7700 900123',
      company: 'US Navy',
    })
    await createConnection(handle.db, {
      ...emptyConnectionContent,
      personId: met.id,
      authorId: owner.id,
    })

    const result = await receiveSharedContact(handle.db, {
      ownerId: owner.id,
      contact: sent({
        email: 'grace@example.com',
        mobile: '07700 900123',
        company: 'Someone Else Inc',
        title: 'Rear Admiral',
      }),
    })

    expect(result).toMatchObject({ personId: met.id, merged: true })
    const [person] = await peopleOf(owner.id)
    expect(person).toMatchObject({
      email: 'grace@example.com',
      mobile: '+44 7700 900123',
      company: 'US Navy',
      title: 'Rear Admiral',
    })
  })

  it('keeps a stranger with the same name as a person of their own', async () => {
    const owner = await createTestUser(handle.db)
    await createPerson(handle.db, {
      ownerId: owner.id,
      firstName: 'Grace',
      lastName: 'Hopper',
      company: 'US Navy',
      title: 'Rear Admiral',
    })
    const result = await receiveSharedContact(handle.db, {
      ownerId: owner.id,
      contact: sent({ company: 'US Navy', title: 'Impostor' }),
    })
    expect(result.merged).toBe(false)
    expect((await peopleOf(owner.id)).map((person) => person.title).sort()).toEqual([
      'Impostor',
      'Rear Admiral',
    ])
    const [connection] = await handle.db
      .select()
      .from(connections)
      .where(eq(connections.id, result.connectionId))
    expect(connection?.sharedAt).toBeInstanceOf(Date)
    expect(connection?.eventId).toBeNull()
  })
})

describe("the owner's event of the day", () => {
  it("is a joined event on the owner's own calendar day, not UTC's", async () => {
    const owner = await createTestUser(handle.db)
    await handle.db
      .update(users)
      .set({ timeZone: 'Pacific/Auckland' })
      .where(eq(users.id, owner.id))
    // 20:00 UTC on 1 March is 09:00 on 2 March in Auckland (UTC+13).
    const now = new Date('2026-03-01T20:00:00Z')
    const event = (title: string, start: string) =>
      createEvent(handle.db, {
        title,
        description: null,
        startDateTime: new Date(start),
        endDateTime: null,
        location: null,
        logoUrl: null,
        createdBy: owner.id,
      })
    const sameUtcDay = await event('Same UTC day', '2026-03-01T08:00:00Z')
    const aucklandToday = await event('Auckland today', '2026-03-02T00:00:00Z')
    await event('Not joined', '2026-03-01T21:00:00Z')
    for (const { id } of [sameUtcDay, aucklandToday]) {
      await joinEvent(handle.db, { eventId: id, userId: owner.id })
    }
    expect(await findTodaysJoinedEventId(handle.db, owner.id, now)).toBe(aucklandToday.id)
  })
})
