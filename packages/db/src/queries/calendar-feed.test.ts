import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from '../client.ts'
import { createTestDb, createTestUser, emptyConnectionContent } from '../testing.ts'
import { setUserActive } from './admin-users.ts'
import {
  clearCalendarFeedToken,
  findCalendarFeedOwner,
  hasCalendarFeed,
  listOpenFollowUps,
  setCalendarFeedToken,
} from './calendar-feed.ts'
import { createConnection, type ConnectionContent } from './connections.ts'
import { createEvent } from './events.ts'
import { createPerson } from './people.ts'

let handle: DbHandle
beforeAll(async () => {
  handle = await createTestDb()
})
afterAll(() => handle.close())

async function meet(
  authorId: string,
  person: { firstName: string; lastName: string; company?: string },
  content: Partial<ConnectionContent>,
) {
  const { id: personId } = await createPerson(handle.db, { ...person, ownerId: authorId })
  return createConnection(handle.db, { ...emptyConnectionContent, ...content, personId, authorId })
}

describe('calendar feed', () => {
  it('keeps one token hash per user: a new one replaces the old, clearing ends it', async () => {
    const user = await createTestUser(handle.db)
    expect(await hasCalendarFeed(handle.db, user.id)).toBe(false)

    await setCalendarFeedToken(handle.db, { userId: user.id, tokenHash: 'first' })
    expect(await hasCalendarFeed(handle.db, user.id)).toBe(true)
    expect(await findCalendarFeedOwner(handle.db, 'first')).toEqual({ id: user.id })

    await setCalendarFeedToken(handle.db, { userId: user.id, tokenHash: 'second' })
    expect(await findCalendarFeedOwner(handle.db, 'first')).toBeUndefined()
    expect(await findCalendarFeedOwner(handle.db, 'second')).toEqual({ id: user.id })

    await clearCalendarFeedToken(handle.db, user.id)
    expect(await hasCalendarFeed(handle.db, user.id)).toBe(false)
    expect(await findCalendarFeedOwner(handle.db, 'second')).toBeUndefined()
  })

  it('answers no owner for a deactivated user, and again once reactivated', async () => {
    const user = await createTestUser(handle.db)
    await setCalendarFeedToken(handle.db, { userId: user.id, tokenHash: 'paused' })
    await setUserActive(handle.db, user.id, false)
    expect(await findCalendarFeedOwner(handle.db, 'paused')).toBeUndefined()
    await setUserActive(handle.db, user.id, true)
    expect(await findCalendarFeedOwner(handle.db, 'paused')).toEqual({ id: user.id })
  })

  it("lists only the author's open follow-ups, earliest first, with name, company, event and focus", async () => {
    const author = await createTestUser(handle.db)
    const stranger = await createTestUser(handle.db)
    const event = await createEvent(handle.db, {
      title: 'Ideas Fest',
      description: null,
      location: null,
      logoUrl: null,
      startDateTime: new Date(),
      endDateTime: null,
      createdBy: author.id,
    })
    const later = await meet(
      author.id,
      { firstName: 'Grace', lastName: 'Hopper', company: 'US Navy' },
      { followUpOn: '2030-03-02', eventId: event.id, connectionFocus: 'Compilers' },
    )
    const sooner = await meet(
      author.id,
      { firstName: 'Ada', lastName: 'Lovelace' },
      { followUpOn: '2030-03-01' },
    )
    await meet(
      author.id,
      { firstName: 'Done', lastName: 'Already' },
      {
        followUpOn: '2030-03-01',
        followUpDone: true,
      },
    )
    await meet(author.id, { firstName: 'No', lastName: 'Date' }, {})
    await meet(stranger.id, { firstName: 'Not', lastName: 'Yours' }, { followUpOn: '2030-03-01' })

    expect(await listOpenFollowUps(handle.db, author.id)).toEqual([
      {
        id: sooner.id,
        followUpOn: '2030-03-01',
        connectionFocus: null,
        person: { firstName: 'Ada', lastName: 'Lovelace', company: null },
        eventTitle: null,
      },
      {
        id: later.id,
        followUpOn: '2030-03-02',
        connectionFocus: 'Compilers',
        person: { firstName: 'Grace', lastName: 'Hopper', company: 'US Navy' },
        eventTitle: 'Ideas Fest',
      },
    ])
  })
})
