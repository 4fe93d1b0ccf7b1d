import { people } from '@fiveconnect/db'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, json, registerUser, signInAdmin, type TestApp } from '../test/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

async function userWithConnection(firstName = 'Grace') {
  const user = await registerUser(t)
  const person = await json<{ id: string }>(
    await t.request('/api/people', {
      body: { firstName, lastName: 'Hopper' },
      cookie: user.cookie,
    }),
  )
  await t.request('/api/connections', {
    body: { personId: person.id, connectionTypes: ['RF'], notes: 'Loved the talk' },
    cookie: user.cookie,
  })
  return user
}

describe('your data', () => {
  it('downloads as one JSON file with the profile, joined events and connections', async () => {
    const user = await userWithConnection()
    const response = await t.request('/api/account/export.json', { cookie: user.cookie })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-disposition')).toContain('fiveconnect-my-data.json')
    const data = await json<{
      profile: { email: string }
      reminders: unknown
      connections: { notes: string; person: { firstName: string } }[]
      joinedEvents: unknown[]
    }>(response)
    expect(data.profile.email).toBe(user.email)
    expect(data.reminders).toEqual({ enabled: true, hour: 8, timeZone: null })
    expect(data.connections).toMatchObject([
      { notes: 'Loved the talk', person: { firstName: 'Grace' } },
    ])
    expect(data.joinedEvents).toEqual([])
    expect(JSON.stringify(data)).not.toMatch(/passwordHash|resetToken/)
  })

  it('includes every person of the user, imported ones with no connection too, and the imports', async () => {
    const user = await userWithConnection()
    const trpc = (path: string, input: unknown) =>
      t.request(`/api/trpc/${path}`, { body: { json: input }, cookie: user.cookie })
    const uploadId = crypto.randomUUID()
    await trpc('imports.stage', {
      uploadId,
      contacts: [{ position: 1, firstName: 'Ada', lastName: 'Lovelace', title: 'Analyst' }],
    })
    await trpc('imports.create', { uploadId, source: 'linkedin-csv', fileName: 'Connections.csv' })
    const data = await json<{
      people: { firstName: string; title: string | null }[]
      contactImports: { fileName: string; peopleCount: number }[]
    }>(await t.request('/api/account/export.json', { cookie: user.cookie }))
    expect(data.people).toMatchObject([
      { firstName: 'Grace' },
      { firstName: 'Ada', title: 'Analyst' },
    ])
    expect(data.contactImports).toMatchObject([{ fileName: 'Connections.csv', peopleCount: 1 }])
  })

  it('is deleted with the account after the password is confirmed', async () => {
    const user = await userWithConnection('Ephemeral')
    const peopleOfUser = () => t.db.select().from(people).where(eq(people.ownerId, user.id))
    expect(await peopleOfUser()).toHaveLength(1)
    const wrong = await t.request('/api/account', {
      method: 'DELETE',
      body: { password: 'not my password' },
      cookie: user.cookie,
    })
    expect(wrong.status).toBe(400)
    expect((await json(wrong)).message).toBe('That password is not correct.')

    const deleted = await t.request('/api/account', {
      method: 'DELETE',
      body: { password: user.password },
      cookie: user.cookie,
    })
    expect(deleted.status).toBe(200)
    expect(deleted.headers.getSetCookie().join()).toMatch(/fiveconnect_session=;/)
    expect((await t.request('/api/auth/user', { cookie: user.cookie })).status).toBe(401)
    const login = await t.request('/api/login', {
      body: { email: user.email, password: user.password },
    })
    expect(login.status).toBe(401)
    expect(await peopleOfUser()).toEqual([])
  })

  it('cannot be deleted by the last admin', async () => {
    const solo = await createTestApp()
    const admin = await signInAdmin(solo, 'solo-admin@example.com')
    const response = await solo.request('/api/account', {
      method: 'DELETE',
      body: { password: admin.password },
      cookie: admin.cookie,
    })
    expect(response.status).toBe(400)
    expect((await json(response)).message).toMatch(/last admin/)
    await solo.close()
  })

  it('answers 401 when signed out', async () => {
    expect((await t.request('/api/account/export.json')).status).toBe(401)
    expect(
      (await t.request('/api/account', { method: 'DELETE', body: { password: 'x' } })).status,
    ).toBe(401)
  })
})
