import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, json, registerUser, type TestApp } from '../test/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const profile = {
  firstName: 'Grace',
  lastName: 'Hopper',
  mobile: '+1 555 0100',
  company: 'US Navy',
  linkedin: 'linkedin.com/in/grace',
  website: 'grace.example',
  profileImageUrl: null,
}

describe('profile', () => {
  it('updates the signed-in user’s own details', async () => {
    const user = await registerUser(t)
    const response = await t.request('/api/profile', {
      method: 'PUT',
      body: profile,
      cookie: user.cookie,
    })
    expect(response.status).toBe(200)
    expect(await json(response)).toMatchObject({ ...profile, email: user.email })
    expect(await json(await t.request('/api/auth/user', { cookie: user.cookie }))).toMatchObject({
      company: 'US Navy',
    })
  })

  it('stores blank optional fields as empty', async () => {
    const user = await registerUser(t)
    const response = await t.request('/api/profile', {
      method: 'PUT',
      body: { ...profile, mobile: '  ', company: '', profileImageUrl: '' },
      cookie: user.cookie,
    })
    expect(await json(response)).toMatchObject({
      mobile: null,
      company: null,
      profileImageUrl: null,
    })
  })

  it.each([
    [{ firstName: '' }, 'First name is required'],
    [{ lastName: ' ' }, 'Last name is required'],
    [{ profileImageUrl: 'https://tracker.example/pixel.gif' }, 'Must be a stored file path'],
  ])('refuses %j with a 400 that says why', async (change, message) => {
    const user = await registerUser(t)
    const response = await t.request('/api/profile', {
      method: 'PUT',
      body: { ...profile, ...change },
      cookie: user.cookie,
    })
    expect(response.status).toBe(400)
    expect((await json(response)).message).toBe(message)
  })

  it('cannot change the role, the email or another user', async () => {
    const user = await registerUser(t)
    await t.request('/api/profile', {
      method: 'PUT',
      body: { ...profile, role: 'admin', email: 'taken@example.com', id: 'someone-else' },
      cookie: user.cookie,
    })
    expect(await json(await t.request('/api/auth/user', { cookie: user.cookie }))).toMatchObject({
      role: 'attendee',
      email: user.email,
    })
  })

  it('answers 401 when signed out', async () => {
    expect((await t.request('/api/profile', { method: 'PUT', body: profile })).status).toBe(401)
  })
})
