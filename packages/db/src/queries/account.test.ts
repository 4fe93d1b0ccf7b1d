import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from '../client.ts'
import {
  addressBookChanges,
  connections,
  events,
  people,
  sessions,
  users,
} from '../schema/index.ts'
import { createTestDb } from '../testing.ts'
import { deleteUserAccount } from './account.ts'
import { SYSTEM_USER_EMAIL } from './events.ts'
import { createUser } from './users.ts'

let handle: DbHandle
beforeAll(async () => {
  handle = await createTestDb()
})
afterAll(() => handle.close())

const newUser = (email: string) =>
  createUser(handle.db, { email, passwordHash: 'hash', firstName: 'Test', lastName: 'User' })

describe('deleting an account', () => {
  it("removes its connections and people, unlinks others' people who are this user, and keeps everything else", async () => {
    const { db } = handle
    const leaving = await newUser('leaving@example.com')
    const staying = await newUser('staying@example.com')
    await db.insert(sessions).values({ id: 'session-1', userId: leaving.id, expiresAt: new Date() })
    await db.update(users).set({ profileImageUrl: '/objects/me' }).where(eq(users.id, leaving.id))
    const [mine, alsoMine, theirs] = await db
      .insert(people)
      .values([
        { firstName: 'Only', lastName: 'Mine', ownerId: leaving.id, profileImageUrl: '/objects/p' },
        { firstName: 'Also', lastName: 'Mine', ownerId: leaving.id },
        {
          firstName: 'The',
          lastName: 'Leaver',
          ownerId: staying.id,
          userId: leaving.id,
          hasUserProfile: true,
        },
      ])
      .returning()
    if (!mine || !alsoMine || !theirs) throw new Error('seed failed')
    const [event] = await db
      .insert(events)
      .values({ title: 'Meetup', startDateTime: new Date(), createdBy: leaving.id })
      .returning()
    await db.insert(connections).values([
      {
        authorId: leaving.id,
        personId: mine.id,
        photos: ['/objects/a'],
        voiceNoteUrl: '/objects/v',
      },
      { authorId: leaving.id, personId: alsoMine.id, eventId: event?.id },
      { authorId: staying.id, personId: theirs.id, notes: 'met at the bar' },
    ])

    const { fileUrls } = await deleteUserAccount(db, leaving.id)

    expect(fileUrls.sort()).toEqual(['/objects/a', '/objects/me', '/objects/p', '/objects/v'])
    expect(await db.select().from(users).where(eq(users.id, leaving.id))).toEqual([])
    expect(await db.select().from(sessions).where(eq(sessions.userId, leaving.id))).toEqual([])
    expect(
      await db.select().from(addressBookChanges).where(eq(addressBookChanges.ownerId, leaving.id)),
    ).toEqual([])
    expect(await db.select().from(connections).where(eq(connections.authorId, leaving.id))).toEqual(
      [],
    )
    expect(await db.select().from(people)).toEqual([
      expect.objectContaining({ id: theirs.id, userId: null, hasUserProfile: false }),
    ])
    const [staysConnection] = await db
      .select()
      .from(connections)
      .where(eq(connections.authorId, staying.id))
    expect(staysConnection?.notes).toBe('met at the bar')
    const [system] = await db.select().from(users).where(eq(users.email, SYSTEM_USER_EMAIL))
    const [keptEvent] = await db.select().from(events).where(eq(events.title, 'Meetup'))
    expect(keptEvent?.createdBy).toBe(system?.id)
  })
})
