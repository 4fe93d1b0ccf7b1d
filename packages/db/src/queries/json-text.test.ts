import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from '../client.ts'
import { createTestDb, createTestUser, emptyConnectionContent } from '../testing.ts'
import { createConnection, listConnections, listConnectionsJson } from './connections.ts'
import { createEvent, joinEvent, listEventsForUser, listEventsForUserJson } from './events.ts'
import { createPerson } from './people.ts'

let handle: DbHandle
beforeAll(async () => {
  handle = await createTestDb()
})
afterAll(() => handle.close())

/** What a client receives from the object path: the objects as JSON, read back. */
const asSent = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown
const textOf = (bytes: Uint8Array) => new TextDecoder().decode(bytes)

describe('lists written as JSON by the database', () => {
  it('answer a user with nothing yet with an empty list', async () => {
    const user = await createTestUser(handle.db)
    expect(textOf(await listConnectionsJson(handle.db, user.id))).toBe('[]')
  })

  it('write the connections exactly as the object list is sent, order, dates and nulls included', async () => {
    const user = await createTestUser(handle.db)
    const event = await createEvent(handle.db, {
      title: 'Fintech "Night" · Zürich',
      description: 'Line one\nline two, with a tab\t and a backslash \\',
      startDateTime: new Date('2026-03-01T18:30:00.123Z'),
      endDateTime: null,
      location: null,
      logoUrl: null,
      createdBy: user.id,
    })
    const withEverything = await createPerson(handle.db, {
      firstName: 'Zoë',
      lastName: "O'Brien 😀",
      email: 'zoe@example.com',
      mobile: '+41 79 000 00 00',
      company: 'Acme <AG>',
      ownerId: user.id,
    })
    const withNothing = await createPerson(handle.db, {
      firstName: 'Sam',
      lastName: 'Lee',
      ownerId: user.id,
    })
    await createConnection(handle.db, {
      ...emptyConnectionContent,
      personId: withEverything.id,
      authorId: user.id,
      eventId: event.id,
      connectionTypes: ['SA', 'IC'],
      connectionFocus: 'Payments',
      notes: 'Met at the bar; "call me" next week',
      photos: ['photos/a.jpg', 'photos/b.png'],
      voiceNoteUrl: 'voice/a.webm',
      voiceNoteTranscription: 'Talked about payments.',
      followUpOn: '2026-03-08',
      followUpDone: true,
    })
    await createConnection(handle.db, {
      ...emptyConnectionContent,
      personId: withNothing.id,
      authorId: user.id,
    })

    const json = textOf(await listConnectionsJson(handle.db, user.id))
    expect(JSON.parse(json)).toEqual(asSent(await listConnections(handle.db, user.id)))
    expect(JSON.parse(json)).toHaveLength(2)
  })

  it("write the events with the user's joined flags and counts exactly as the object list is sent", async () => {
    const user = await createTestUser(handle.db)
    const joined = await createEvent(handle.db, {
      title: 'Joined',
      description: null,
      startDateTime: new Date('2026-05-01T09:00:00.000Z'),
      endDateTime: new Date('2026-05-01T17:00:00.999Z'),
      location: 'Hall 1',
      logoUrl: 'logos/joined.png',
      createdBy: user.id,
    })
    await joinEvent(handle.db, { eventId: joined.id, userId: user.id })
    const person = await createPerson(handle.db, {
      firstName: 'Ada',
      lastName: 'Count',
      ownerId: user.id,
    })
    await createConnection(handle.db, {
      ...emptyConnectionContent,
      personId: person.id,
      authorId: user.id,
      eventId: joined.id,
    })

    const sent = JSON.parse(textOf(await listEventsForUserJson(handle.db, user.id))) as unknown[]
    expect(sent).toEqual(asSent(await listEventsForUser(handle.db, user.id)))
    expect(sent).toContainEqual(
      expect.objectContaining({ id: joined.id, isJoined: true, connectionCount: 1 }),
    )
    // Each filter has a statement of its own, the search text a parameter of it.
    const filters = { search: 'HALL', filter: 'attended' } as const
    const filtered = JSON.parse(
      textOf(await listEventsForUserJson(handle.db, user.id, filters)),
    ) as unknown[]
    expect(filtered).toEqual(asSent(await listEventsForUser(handle.db, user.id, filters)))
    expect(filtered).toEqual([expect.objectContaining({ id: joined.id })])
  })
})
