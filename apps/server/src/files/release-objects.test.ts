import { releaseObjects, storedKey } from '@fiveconnect/api/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { objectPathFrom, uploadAndConfirm } from '../test/files.ts'
import { createTestApp, registerUser, type TestApp } from '../test/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

type User = Awaited<ReturnType<typeof registerUser>>

async function photo(user: User) {
  return objectPathFrom(await uploadAndConfirm(t, user.cookie))
}

async function newConnection(user: User, files: { photos: string[]; voiceNoteUrl?: string }) {
  const person = await t.request('/api/people', {
    cookie: user.cookie,
    body: { firstName: 'Grace', lastName: `Hopper ${crypto.randomUUID()}` },
  })
  const { id: personId } = (await person.json()) as { id: string }
  const response = await t.request('/api/connections', {
    cookie: user.cookie,
    body: { eventId: null, personId, connectionTypes: ['SA'], ...files },
  })
  if (response.status !== 201) throw new Error(`Connection refused: ${await response.text()}`)
  return ((await response.json()) as { id: string }).id
}

const isStored = async (path: string) =>
  (await t.storage.stat(storedKey(path.split('/').pop() ?? ''))) !== undefined

describe('removing the objects a change leaves unreferenced', () => {
  it('deletes a photo dropped by an update, and every object of a deleted connection', async () => {
    const user = await registerUser(t)
    const [kept, dropped, voice] = [await photo(user), await photo(user), await photo(user)]
    const id = await newConnection(user, { photos: [kept, dropped], voiceNoteUrl: voice })

    const update = await t.request(`/api/connections/${id}`, {
      method: 'PUT',
      cookie: user.cookie,
      body: { photos: [kept], voiceNoteUrl: voice },
    })
    expect(update.status).toBe(200)
    expect(await isStored(dropped)).toBe(false)
    expect((await t.request(dropped, { cookie: user.cookie })).status).toBe(404)
    expect(await isStored(kept)).toBe(true)

    await t.request(`/api/connections/${id}`, { method: 'DELETE', cookie: user.cookie })
    expect(await isStored(kept)).toBe(false)
    expect(await isStored(voice)).toBe(false)
  })

  it('keeps an object that another connection still uses', async () => {
    const user = await registerUser(t)
    const shared = await photo(user)
    const first = await newConnection(user, { photos: [shared] })
    await newConnection(user, { photos: [shared] })
    await t.request(`/api/connections/${first}`, { method: 'DELETE', cookie: user.cookie })
    expect((await t.request(shared, { cookie: user.cookie })).status).toBe(200)
  })

  it('refuses to attach another user’s object to a connection', async () => {
    const owner = await registerUser(t)
    const other = await registerUser(t)
    const theirs = await photo(owner)
    const person = await t.request('/api/people', {
      cookie: other.cookie,
      body: { firstName: 'Alan', lastName: `Turing ${crypto.randomUUID()}` },
    })
    const { id: personId } = (await person.json()) as { id: string }
    const response = await t.request('/api/connections', {
      cookie: other.cookie,
      body: { eventId: null, personId, connectionTypes: [], photos: [theirs] },
    })
    expect(response.status).toBe(400)
  })

  it('never removes another user’s object, nor anything that is not a stored object', async () => {
    const owner = await registerUser(t)
    const other = await registerUser(t)
    const theirs = await photo(owner)
    const released = await releaseObjects(
      { db: t.db, storage: t.storage },
      {
        ownerId: other.id,
        urls: [theirs, 'https://example.com/x.png', null, '/objects/not-an-id'],
      },
    )
    expect(released).toEqual([])
    expect(await isStored(theirs)).toBe(true)
  })

  it('removes an unreferenced object given in any URL form the client keeps', async () => {
    const user = await registerUser(t)
    const path = await photo(user)
    const url = `http://localhost:3000${path.replace('/objects/', '/api/voice-notes/')}`
    const released = await releaseObjects(
      { db: t.db, storage: t.storage },
      { ownerId: user.id, urls: [url] },
    )
    expect(released).toHaveLength(1)
    expect(await isStored(path)).toBe(false)
  })
})
