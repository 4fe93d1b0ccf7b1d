import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from '../client.ts'
import { events, people } from '../schema/index.ts'
import {
  createTestDb,
  createTestUser,
  emptyConnectionContent,
  untilEarlierTransactionsEnd,
} from '../testing.ts'
import { currentChangeHorizon, listAddressCardIds, listAddressCards } from './address-book.ts'
import { createConnection } from './connections.ts'
import { createPerson } from './people.ts'

let handle: DbHandle
beforeAll(async () => {
  handle = await createTestDb()
})
afterAll(() => handle.close())

const everything = { since: null, afterId: null, limit: 100 }

describe('address-book cards', () => {
  it('reads each person with where and when they were met, only the owner’s', async () => {
    const { db } = handle
    const owner = await createTestUser(db)
    const other = await createTestUser(db)
    const ada = await createPerson(db, {
      ownerId: owner.id,
      firstName: 'Ada',
      lastName: 'Lovelace',
      company: 'Analytical Engines',
      title: 'Head of Research',
    })
    await createPerson(db, { ownerId: other.id, firstName: 'Not', lastName: 'Mine' })
    const [event] = await db
      .insert(events)
      .values({
        title: 'Web Summit',
        startDateTime: new Date('2026-11-10T09:00:00Z'),
        createdBy: owner.id,
      })
      .returning()
    await createConnection(db, {
      authorId: owner.id,
      personId: ada.id,
      ...emptyConnectionContent,
      eventId: event?.id ?? null,
      connectionTypes: ['SA', 'JV'],
    })

    const cards = await listAddressCards(db, { ownerId: owner.id })
    expect(cards).toHaveLength(1)
    expect(cards[0]).toMatchObject({ firstName: 'Ada', title: 'Head of Research' })
    const [meeting, ...more] = cards[0]?.meetings ?? []
    expect(more).toEqual([])
    expect(meeting).toMatchObject({ eventTitle: 'Web Summit', types: ['SA', 'JV'] })
    expect(Number.isNaN(Date.parse(meeting?.metAt ?? ''))).toBe(false)
    expect(await listAddressCardIds(db, { ownerId: owner.id, ...everything })).toEqual([ada.id])
  })

  it('lists exactly the cards changed or deleted since a horizon, through every path', async () => {
    const { db } = handle
    const owner = await createTestUser(db)
    const person = (firstName: string) =>
      createPerson(db, { ownerId: owner.id, firstName, lastName: 'Person' })
    const kept = await person('Kept')
    const edited = await person('Edited')
    const deleted = await person('Deleted')
    const metAgain = await person('Met')
    await untilEarlierTransactionsEnd(db)
    const horizon = await currentChangeHorizon(db)
    expect(
      await listAddressCardIds(db, {
        ownerId: owner.id,
        since: horizon,
        afterId: null,
        limit: 100,
      }),
    ).toEqual([])

    await db.update(people).set({ company: 'New Co' }).where(eq(people.id, edited.id))
    await db.delete(people).where(eq(people.id, deleted.id))
    await createConnection(db, {
      authorId: owner.id,
      personId: metAgain.id,
      ...emptyConnectionContent,
      connectionTypes: ['RF'],
    })

    const changed = await listAddressCardIds(db, {
      ownerId: owner.id,
      since: horizon,
      afterId: null,
      limit: 100,
    })
    expect(changed.sort()).toEqual([edited.id, deleted.id, metAgain.id].sort())
    expect(changed).not.toContain(kept.id)
    // Paged: two at a time, continuing after the last id.
    const first = await listAddressCardIds(db, {
      ownerId: owner.id,
      since: horizon,
      afterId: null,
      limit: 2,
    })
    const rest = await listAddressCardIds(db, {
      ownerId: owner.id,
      since: horizon,
      afterId: first.at(-1) ?? null,
      limit: 2,
    })
    expect([...first, ...rest]).toEqual(changed)
  })
})
