import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from '../client.ts'
import { connections, events, people, users } from '../schema/index.ts'
import { createTestDb } from '../testing.ts'
import {
  confirmPendingUpload,
  createPendingUpload,
  createStoredObject,
  findOwnedObjectIds,
  findStoredObject,
  findUnreferencedObjects,
} from './objects.ts'
import { createUser } from './users.ts'

let handle: DbHandle
beforeAll(async () => {
  handle = await createTestDb()
})
afterAll(() => handle.close())

const newUser = () =>
  createUser(handle.db, {
    email: `${crypto.randomUUID()}@example.com`,
    passwordHash: 'hash',
    firstName: 'Test',
    lastName: 'User',
  })

const photoOf = (ownerId: string) =>
  createStoredObject(handle.db, {
    ownerId,
    kind: 'connection_photo',
    contentType: 'image/png',
    size: 10,
  })

describe('stored objects', () => {
  it('confirms only the owner’s own pending upload, once', async () => {
    const owner = await newUser()
    const other = await newUser()
    const { id } = await createPendingUpload(handle.db, { ownerId: owner.id })
    const confirm = (ownerId: string) =>
      confirmPendingUpload(handle.db, {
        id,
        ownerId,
        kind: 'profile_photo',
        contentType: 'image/png',
        size: 5,
      })
    expect(await confirm(other.id)).toBeUndefined()
    expect(await confirm(owner.id)).toMatchObject({ kind: 'profile_photo', size: 5 })
    expect(await confirm(owner.id)).toBeUndefined()
    expect(await findOwnedObjectIds(handle.db, { ownerId: owner.id, ids: [id] })).toEqual([id])
  })

  it('finds the owner’s objects that no row references any more', async () => {
    const { db } = handle
    const owner = await newUser()
    const [inPhotos, asVoice, asAvatar, asPersonImage, asLogo, free] = await Promise.all(
      Array.from({ length: 6 }, () => photoOf(owner.id)),
    )
    if (!inPhotos || !asVoice || !asAvatar || !asPersonImage || !asLogo || !free) throw new Error()
    const [person] = await db
      .insert(people)
      .values({
        firstName: 'P',
        lastName: 'Q',
        ownerId: owner.id,
        profileImageUrl: `/objects/${asPersonImage.id}`,
      })
      .returning()
    if (!person) throw new Error('seed failed')
    await db.insert(connections).values({
      personId: person.id,
      authorId: owner.id,
      photos: ['/objects/elsewhere', `/objects/${inPhotos.id}`],
      voiceNoteUrl: `/api/voice-notes/${asVoice.id}`,
    })
    await db
      .update(users)
      .set({ profileImageUrl: `/objects/${asAvatar.id}` })
      .where(eq(users.id, owner.id))
    await db.insert(events).values({
      title: 'E',
      startDateTime: new Date(),
      createdBy: owner.id,
      logoUrl: `/objects/${asLogo.id}`,
    })

    const all = [inPhotos, asVoice, asAvatar, asPersonImage, asLogo, free].map((o) => o.id)
    const found = await findUnreferencedObjects(db, { ownerId: owner.id, ids: all })
    expect(found.map((o) => o.id)).toEqual([free.id])
    const someoneElse = await newUser()
    expect(await findUnreferencedObjects(db, { ownerId: someoneElse.id, ids: all })).toEqual([])
  })

  it('keeps the objects of a deleted account, ownerless, so they can still be cleaned up', async () => {
    const owner = await newUser()
    const photo = await photoOf(owner.id)
    await handle.db.delete(users).where(eq(users.id, owner.id))
    expect(await findStoredObject(handle.db, photo.id)).toMatchObject({ ownerId: null })
    const found = await findUnreferencedObjects(handle.db, { ownerId: owner.id, ids: [photo.id] })
    expect(found.map((o) => o.id)).toEqual([photo.id])
  })
})
