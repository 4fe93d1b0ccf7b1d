import { RATE_LIMIT_POLICIES } from '@fiveconnect/api/server'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type * as Passwords from '../auth/passwords.ts'
import { createTestApp, json, registerUser, type TestApp } from '../test/test-app.ts'

// Counts the Argon2 hashes while the real one runs: a bad link must not cost one.
const hashes = vi.hoisted(() => ({ count: 0 }))
vi.mock('../auth/passwords.ts', async (importOriginal) => {
  const passwords = await importOriginal<typeof Passwords>()
  return {
    ...passwords,
    hashPassword: (password: string) => {
      hashes.count += 1
      return passwords.hashPassword(password)
    },
  }
})

const HOUR = 3_600_000
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({
    trustProxy: true,
    rateLimits: {
      ...RATE_LIMIT_POLICIES,
      'reset-password:ip': { limit: 3, windowMs: HOUR },
      'reset-password:token': { limit: 2, windowMs: HOUR },
    },
  })
})
afterAll(() => t.close())

const from = (ip: string) => ({ 'x-forwarded-for': ip })
const INVALID_LINK = { message: 'This password reset link is invalid or has expired.' }

async function resetToken(email: string) {
  await t.request('/api/auth/forgot-password', { body: { email }, headers: from('10.1.0.1') })
  const token = (await t.lastMailTo(email)).text.match(/reset-password\?token=(\S+)/)?.[1]
  if (!token) throw new Error(`No reset link was mailed to ${email}`)
  return decodeURIComponent(token)
}

describe('POST /api/auth/reset-password', () => {
  it('answers a bad link with the same 400 without hashing the new password', async () => {
    const before = hashes.count
    const response = await t.request('/api/auth/reset-password', {
      body: { token: 'not-a-real-token', password: 'brand-new-pass' },
      headers: from('10.1.0.2'),
    })
    expect(response.status).toBe(400)
    expect(await json(response)).toEqual(INVALID_LINK)
    expect(hashes.count).toBe(before)
  })

  it('hashes once for a real link, which then works once', async () => {
    const user = await registerUser(t, {}, from('10.1.0.3'))
    const token = await resetToken(user.email)
    const before = hashes.count
    const reset = () =>
      t.request('/api/auth/reset-password', {
        body: { token, password: 'brand-new-pass' },
        headers: from('10.1.0.3'),
      })
    expect((await reset()).status).toBe(200)
    expect(hashes.count).toBe(before + 1)
    const reused = await reset()
    expect(reused.status).toBe(400)
    expect(await json(reused)).toEqual(INVALID_LINK)
    expect(hashes.count).toBe(before + 1)
  })

  it('limits attempts per address with a 429 and Retry-After', async () => {
    const attempt = () =>
      t.request('/api/auth/reset-password', {
        body: { token: crypto.randomUUID(), password: 'brand-new-pass' },
        headers: from('203.0.113.20'),
      })
    for (let count = 0; count < 3; count++) expect((await attempt()).status).toBe(400)
    const limited = await attempt()
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(3000)
    expect(await json(limited)).toEqual({
      message: 'Too many attempts. Please wait 60 minutes and try again.',
    })
  })

  it('limits attempts on one link from any address', async () => {
    const attempt = (ip: string) =>
      t.request('/api/auth/reset-password', {
        body: { token: 'one-guessed-link', password: 'brand-new-pass' },
        headers: from(ip),
      })
    expect((await attempt('198.51.100.1')).status).toBe(400)
    expect((await attempt('198.51.100.2')).status).toBe(400)
    const limited = await attempt('198.51.100.3')
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/)
  })
})
