import { users } from '@fiveconnect/db'
import { eq } from 'drizzle-orm'
import { Argon2id } from 'oslo/password'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, registerUser, sessionCookieFrom, type TestApp } from '../test/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const registration = (email: string) => ({
  email,
  password: 'sunlit-harbor-7',
  confirmPassword: 'sunlit-harbor-7',
  firstName: 'Ada',
  lastName: 'Lovelace',
  mobile: '+44 7700 900000',
  company: 'Analytical Engines',
  website: 'https://ada.example.com',
  referredBy: 'A friend',
})

async function json(response: Response) {
  return (await response.json()) as Record<string, unknown>
}

describe('POST /api/register', () => {
  it('creates the account, signs it in and stores the optional fields', async () => {
    const response = await t.request('/api/register', { body: registration('ada@example.com') })
    expect(response.status).toBe(201)
    const cookie = sessionCookieFrom(response)
    const me = await t.request('/api/auth/user', { cookie })
    expect(me.status).toBe(200)
    expect(await json(me)).toMatchObject({
      email: 'ada@example.com',
      firstName: 'Ada',
      company: 'Analytical Engines',
      role: 'attendee',
      isActive: true,
    })
  })

  it('sets the session cookie httpOnly and SameSite=Lax', async () => {
    const response = await t.request('/api/register', { body: registration('cookie@example.com') })
    const cookie = response.headers.getSetCookie()[0] ?? ''
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
  })

  it('refuses a second account for the same email, whatever its case, with a 409', async () => {
    await t.request('/api/register', { body: registration('twice@example.com') })
    const response = await t.request('/api/register', { body: registration('TWICE@example.com') })
    expect(response.status).toBe(409)
    expect(await json(response)).toMatchObject({
      message: 'An account with this email already exists.',
    })
  })

  it.each([
    ['email', { email: 'not-an-email' }, 'Invalid email address'],
    [
      'password',
      { password: '12345', confirmPassword: '12345' },
      'Password must be at least 6 characters',
    ],
    ['confirmPassword', { confirmPassword: 'other1' }, "Passwords don't match"],
    ['firstName', { firstName: '' }, 'First name is required'],
    ['lastName', { lastName: ' ' }, 'Last name is required'],
  ])('answers a bad %s with a 400 and the SPEC message', async (field, change, message) => {
    const response = await t.request('/api/register', {
      body: { ...registration(`bad-${field}@example.com`), ...change },
    })
    expect(response.status).toBe(400)
    const body = await json(response)
    expect(body.message).toBe(message)
    expect(body.issues).toMatchObject({ fieldErrors: { [field]: [message] } })
  })

  it.each(['password1', 'Qwerty123', 'iloveyou'])(
    'refuses the common password %s with a 400 that says why',
    async (password) => {
      const response = await t.request('/api/register', {
        body: {
          ...registration(`common-${password}@example.com`),
          password,
          confirmPassword: password,
        },
      })
      expect(response.status).toBe(400)
      expect((await json(response)).message).toBe(
        'This password is one of the most common and easy to guess. Please choose another.',
      )
    },
  )

  it('accepts a long passphrase of 128 characters', async () => {
    const password = 'a quiet harbor at dawn '.repeat(6).slice(0, 128)
    const response = await t.request('/api/register', {
      body: { ...registration('long-passphrase@example.com'), password, confirmPassword: password },
    })
    expect(response.status).toBe(201)
  })

  it('answers missing fields, wrong types and broken JSON with a 400', async () => {
    expect((await t.request('/api/register', { body: {} })).status).toBe(400)
    expect((await t.request('/api/register', { body: { email: 42, password: [] } })).status).toBe(
      400,
    )
    const broken = await t.request('/api/register', { body: '{"email": ' })
    expect(broken.status).toBe(400)
    expect(await json(broken)).toEqual({ message: 'The request body is not valid JSON.' })
  })

  it('refuses a body over the size limit with a 413', async () => {
    const response = await t.request('/api/register', {
      body: { ...registration('big@example.com'), company: 'x'.repeat(1_100_000) },
    })
    expect(response.status).toBe(413)
    expect(await json(response)).toEqual({ message: 'The request body is too large.' })
  })
})

describe('POST /api/login', () => {
  it('signs in with the right password and answers the role and the user', async () => {
    const user = await registerUser(t)
    const response = await t.request('/api/login', {
      body: { email: user.email, password: user.password },
    })
    expect(response.status).toBe(200)
    expect(await json(response)).toMatchObject({ role: 'attendee', user: { email: user.email } })
    const me = await t.request('/api/auth/user', { cookie: sessionCookieFrom(response) })
    expect(me.status).toBe(200)
  })

  it('replaces a hash made at the former parameters at sign-in, and the password still works', async () => {
    const user = await registerUser(t)
    const former = new Argon2id({ memorySize: 19_456, iterations: 2, parallelism: 1 })
    await t.db
      .update(users)
      .set({ passwordHash: await former.hash(user.password) })
      .where(eq(users.id, user.id))
    const storedHash = async () =>
      (await t.db.select().from(users).where(eq(users.id, user.id)))[0]?.passwordHash

    const first = await t.request('/api/login', {
      body: { email: user.email, password: user.password },
    })
    expect(first.status).toBe(200)
    expect(await storedHash()).toMatch(/^\$argon2id\$v=19\$m=7168,t=5,p=1\$/)
    const again = await t.request('/api/login', {
      body: { email: user.email, password: user.password },
    })
    expect(again.status).toBe(200)
  })

  it('gives the same answer for a wrong password and an unknown email', async () => {
    const user = await registerUser(t)
    const wrongPassword = await t.request('/api/login', {
      body: { email: user.email, password: 'nope-nope' },
    })
    const unknownEmail = await t.request('/api/login', {
      body: { email: 'nobody@example.com', password: 'nope-nope' },
    })
    expect(wrongPassword.status).toBe(401)
    expect(unknownEmail.status).toBe(401)
    expect(await json(wrongPassword)).toEqual({ message: 'Invalid email or password' })
    expect(await json(unknownEmail)).toEqual({ message: 'Invalid email or password' })
  })

  it.each([
    [{ email: 'nope', password: 'x' }, 'Invalid email address'],
    [{ email: 'a@example.com', password: '' }, 'Password is required'],
  ])('validates %j', async (body, message) => {
    const response = await t.request('/api/login', { body })
    expect(response.status).toBe(400)
    expect((await json(response)).message).toBe(message)
  })

  it('refuses a deactivated user, and their existing session stops working', async () => {
    const user = await registerUser(t)
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, user.id))
    const response = await t.request('/api/login', {
      body: { email: user.email, password: user.password },
    })
    expect(response.status).toBe(403)
    expect((await json(response)).message).toMatch(/deactivated/)
    expect((await t.request('/api/auth/user', { cookie: user.cookie })).status).toBe(401)
  })

  it('issues a new session id at every sign-in', async () => {
    const user = await registerUser(t)
    const login = await t.request('/api/login', {
      body: { email: user.email, password: user.password },
      cookie: user.cookie,
    })
    const newCookie = sessionCookieFrom(login)
    expect(newCookie).not.toBe(user.cookie)
    expect((await t.request('/api/auth/user', { cookie: user.cookie })).status).toBe(401)
    expect((await t.request('/api/auth/user', { cookie: newCookie })).status).toBe(200)
  })
})

describe('GET /api/auth/user and POST /api/logout', () => {
  it('answers 401 when signed out', async () => {
    const response = await t.request('/api/auth/user')
    expect(response.status).toBe(401)
    expect(await json(response)).toEqual({ message: 'Unauthorized' })
  })

  it('ends the session on logout and clears the cookie', async () => {
    const user = await registerUser(t)
    const response = await t.request('/api/logout', { method: 'POST', cookie: user.cookie })
    expect(response.status).toBe(200)
    expect(response.headers.getSetCookie().join()).toMatch(/fiveconnect_session=;/)
    expect((await t.request('/api/auth/user', { cookie: user.cookie })).status).toBe(401)
  })

  it('answers 401 to a logout without a session', async () => {
    expect((await t.request('/api/logout', { method: 'POST' })).status).toBe(401)
  })

  it('answers an unknown session cookie as signed out and clears it', async () => {
    const response = await t.request('/api/auth/user', { cookie: 'fiveconnect_session=made-up' })
    expect(response.status).toBe(401)
    expect(response.headers.getSetCookie().join()).toMatch(/fiveconnect_session=;/)
  })
})

describe('password reset', () => {
  async function requestReset(email: string) {
    const response = await t.request('/api/auth/forgot-password', { body: { email } })
    expect(response.status).toBe(200)
    return json(response)
  }

  async function latestResetToken(email: string) {
    const link = (await t.lastMailTo(email)).text.match(/http\S+reset-password\?token=(\S+)/)
    if (!link?.[1]) throw new Error(`No reset link was mailed to ${email}`)
    return decodeURIComponent(link[1])
  }

  it('answers the same for known and unknown addresses, and mails only the known one', async () => {
    const user = await registerUser(t)
    const before = (await t.readOutbox()).length
    const stranger = await requestReset('stranger@example.com')
    expect(await requestReset(user.email)).toEqual(stranger)
    expect((await t.lastMailTo(user.email)).text).toContain(
      'http://localhost:3000/reset-password?token=',
    )
    const mails = (await t.readOutbox()).slice(before)
    expect(mails.map((mail) => mail.to)).toEqual([user.email])
  })

  it('sets the new password with the emailed token, once, and ends other sessions', async () => {
    const user = await registerUser(t)
    await requestReset(user.email)
    const token = await latestResetToken(user.email)

    const reset = await t.request('/api/auth/reset-password', {
      body: { token, password: 'brand-new-pass' },
    })
    expect(reset.status).toBe(200)
    expect((await t.request('/api/auth/user', { cookie: user.cookie })).status).toBe(401)

    const oldLogin = await t.request('/api/login', {
      body: { email: user.email, password: user.password },
    })
    expect(oldLogin.status).toBe(401)
    const newLogin = await t.request('/api/login', {
      body: { email: user.email, password: 'brand-new-pass' },
    })
    expect(newLogin.status).toBe(200)

    const reused = await t.request('/api/auth/reset-password', {
      body: { token, password: 'another-pass' },
    })
    expect(reused.status).toBe(400)
    expect(await json(reused)).toEqual({
      message: 'This password reset link is invalid or has expired.',
    })
  })

  it('refuses a common new password without spending the token', async () => {
    const user = await registerUser(t)
    await requestReset(user.email)
    const token = await latestResetToken(user.email)

    const common = await t.request('/api/auth/reset-password', {
      body: { token, password: 'football' },
    })
    expect(common.status).toBe(400)
    expect((await json(common)).message).toContain('most common')
    const good = await t.request('/api/auth/reset-password', {
      body: { token, password: 'brand-new-pass' },
    })
    expect(good.status).toBe(200)
  })

  it('refuses an unknown token and an expired one', async () => {
    const unknown = await t.request('/api/auth/reset-password', {
      body: { token: 'made-up-token', password: 'brand-new-pass' },
    })
    expect(unknown.status).toBe(400)

    const user = await registerUser(t)
    await requestReset(user.email)
    const token = await latestResetToken(user.email)
    await t.db
      .update(users)
      .set({ resetTokenExpires: new Date(Date.now() - 1000) })
      .where(eq(users.id, user.id))
    const expired = await t.request('/api/auth/reset-password', {
      body: { token, password: 'brand-new-pass' },
    })
    expect(expired.status).toBe(400)
    expect(await json(expired)).toEqual({
      message: 'This password reset link is invalid or has expired.',
    })
  })

  it('validates the new password', async () => {
    const response = await t.request('/api/auth/reset-password', {
      body: { token: 'x', password: '123' },
    })
    expect(response.status).toBe(400)
    expect((await json(response)).message).toBe('Password must be at least 6 characters')
  })

  it('validates the email of a reset request', async () => {
    const response = await t.request('/api/auth/forgot-password', { body: { email: 'nope' } })
    expect(response.status).toBe(400)
    expect((await json(response)).message).toBe('Invalid email address')
  })
})

describe('changing the password (tRPC auth.changePassword)', () => {
  const change = (cookie: string, input: Record<string, string>) =>
    t.request('/api/trpc/auth.changePassword', { cookie, body: { json: input } })
  const errorOf = async (response: Response) =>
    ((await response.json()) as { error: { json: { message: string } } }).error.json.message

  it('sets the new password, ends every other session and keeps this device signed in', async () => {
    const user = await registerUser(t)
    const elsewhere = await t.request('/api/login', {
      body: { email: user.email, password: user.password },
    })
    const otherDevice = sessionCookieFrom(elsewhere)

    const changed = await change(user.cookie, {
      currentPassword: user.password,
      password: 'quiet-meadow-42',
      confirmPassword: 'quiet-meadow-42',
    })
    expect(changed.status).toBe(200)
    expect(JSON.stringify(await changed.json())).toContain('signed out everywhere else')
    const thisDevice = sessionCookieFrom(changed)

    expect((await t.request('/api/auth/user', { cookie: thisDevice })).status).toBe(200)
    expect((await t.request('/api/auth/user', { cookie: otherDevice })).status).toBe(401)
    expect((await t.request('/api/auth/user', { cookie: user.cookie })).status).toBe(401)
    const oldLogin = await t.request('/api/login', {
      body: { email: user.email, password: user.password },
    })
    expect(oldLogin.status).toBe(401)
    const newLogin = await t.request('/api/login', {
      body: { email: user.email, password: 'quiet-meadow-42' },
    })
    expect(newLogin.status).toBe(200)
  })

  it.each([
    [
      {
        currentPassword: 'not my password',
        password: 'quiet-meadow-42',
        confirmPassword: 'quiet-meadow-42',
      },
      'Current password is incorrect',
    ],
    [
      { currentPassword: 'correct horse', password: 'quiet-meadow-42', confirmPassword: 'other' },
      "Passwords don't match",
    ],
    [
      { currentPassword: 'correct horse', password: 'short', confirmPassword: 'short' },
      'Password must be at least 6 characters',
    ],
    [
      { currentPassword: 'correct horse', password: 'password123', confirmPassword: 'password123' },
      'most common',
    ],
    [
      {
        currentPassword: 'correct horse',
        password: 'correct horse',
        confirmPassword: 'correct horse',
      },
      'The new password must differ from the current one',
    ],
  ])(
    'refuses %j with a 400 and leaves the password and sessions as they were',
    async (input, says) => {
      const user = await registerUser(t)
      const refused = await change(user.cookie, input)
      expect(refused.status).toBe(400)
      expect(await errorOf(refused)).toContain(says)
      expect((await t.request('/api/auth/user', { cookie: user.cookie })).status).toBe(200)
      const login = await t.request('/api/login', {
        body: { email: user.email, password: user.password },
      })
      expect(login.status).toBe(200)
    },
  )

  it('answers 401 when signed out', async () => {
    const refused = await change('', {
      currentPassword: 'correct horse',
      password: 'quiet-meadow-42',
      confirmPassword: 'quiet-meadow-42',
    })
    expect(refused.status).toBe(401)
  })
})

describe('cross-site requests', () => {
  it('refuses a mutating request from a foreign Origin, on REST and on tRPC', async () => {
    const user = await registerUser(t)
    const rest = await t.request('/api/logout', {
      method: 'POST',
      cookie: user.cookie,
      headers: { origin: 'https://evil.example' },
    })
    expect(rest.status).toBe(403)
    expect(await json(rest)).toEqual({ message: 'Cross-site request refused.' })
    const trpc = await t.request('/api/trpc/auth.logout', {
      method: 'POST',
      cookie: user.cookie,
      headers: { origin: 'https://evil.example' },
    })
    expect(trpc.status).toBe(403)
    expect((await t.request('/api/auth/user', { cookie: user.cookie })).status).toBe(200)
  })

  it.each([
    [
      'a page that rebinds its name to our address',
      'http://attacker.example:3000',
      'attacker.example:3000',
    ],
    ['our host on another scheme', 'https://localhost:3000', 'localhost:3000'],
    ['our host on another port', 'http://localhost:5000', 'localhost:5000'],
  ])('refuses %s, whatever the Host header says', async (_case, origin, host) => {
    const response = await t.request('/api/auth/forgot-password', {
      body: { email: 'a@example.com' },
      headers: { origin, host },
    })
    expect(response.status).toBe(403)
    expect(await json(response)).toEqual({ message: 'Cross-site request refused.' })
  })

  it('refuses a cross-site browser request that sends no Origin', async () => {
    const response = await t.request('/api/auth/forgot-password', {
      body: { email: 'a@example.com' },
      headers: { 'sec-fetch-site': 'cross-site' },
    })
    expect(response.status).toBe(403)
  })

  it('accepts a same-origin request', async () => {
    const user = await registerUser(t)
    const response = await t.request('/api/logout', {
      method: 'POST',
      cookie: user.cookie,
      headers: { origin: 'http://localhost:3000' },
    })
    expect(response.status).toBe(200)
  })
})

describe('GET /api/login', () => {
  it('redirects the browser to the login screen', async () => {
    const response = await t.request('/api/login')
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/login')
  })
})
