import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from '../client.ts'
import { UniqueViolationError } from '../errors.ts'
import { users } from '../schema/index.ts'
import { createTestDb } from '../testing.ts'
import { setCalendarFeedToken } from './calendar-feed.ts'
import {
  createUser,
  findUserCredentials,
  isResetTokenValid,
  publicUserColumns,
  resetPasswordWithToken,
  setResetToken,
  toPublicUser,
  upsertAdmin,
} from './users.ts'

let handle: DbHandle
beforeAll(async () => {
  handle = await createTestDb()
})
afterAll(() => handle.close())

const base = { passwordHash: 'hash', firstName: 'Ada', lastName: 'Lovelace' }

describe('users', () => {
  it('stores emails lower-cased and refuses a second account with the same address', async () => {
    const user = await createUser(handle.db, { ...base, email: ' Ada@Example.com ' })
    expect(user.email).toBe('ada@example.com')
    expect(user.role).toBe('attendee')
    expect(user.isActive).toBe(true)
    await expect(
      createUser(handle.db, { ...base, email: 'ADA@example.com' }),
    ).rejects.toBeInstanceOf(UniqueViolationError)
  })

  it('spends a reset token once and only before it expires', async () => {
    const user = await createUser(handle.db, { ...base, email: 'reset@example.com' })
    const now = new Date()
    await setResetToken(handle.db, {
      userId: user.id,
      tokenHash: 'token-hash',
      expiresAt: new Date(now.getTime() + 60_000),
    })
    const late = new Date(now.getTime() + 120_000)
    expect(await isResetTokenValid(handle.db, { tokenHash: 'token-hash', now })).toBe(true)
    expect(await isResetTokenValid(handle.db, { tokenHash: 'token-hash', now: late })).toBe(false)
    expect(await isResetTokenValid(handle.db, { tokenHash: 'other-hash', now })).toBe(false)
    expect(
      await resetPasswordWithToken(handle.db, {
        tokenHash: 'token-hash',
        passwordHash: 'new',
        now: late,
      }),
    ).toBe(undefined)
    expect(
      await resetPasswordWithToken(handle.db, {
        tokenHash: 'token-hash',
        passwordHash: 'new',
        now,
      }),
    ).toBe(user.id)
    expect(
      await resetPasswordWithToken(handle.db, {
        tokenHash: 'token-hash',
        passwordHash: 'again',
        now,
      }),
    ).toBe(undefined)
    expect(await isResetTokenValid(handle.db, { tokenHash: 'token-hash', now })).toBe(false)
    expect((await findUserCredentials(handle.db, 'reset@example.com'))?.passwordHash).toBe('new')
  })

  it('promotes an existing account to admin and reactivates it', async () => {
    await createUser(handle.db, { ...base, email: 'boss@example.com' })
    const admin = await upsertAdmin(handle.db, {
      ...base,
      email: 'Boss@example.com',
      passwordHash: 'admin-hash',
    })
    expect(admin.role).toBe('admin')
    expect((await findUserCredentials(handle.db, 'boss@example.com'))?.passwordHash).toBe(
      'admin-hash',
    )
  })

  it('keeps only the public columns of a full row: no password, reset or calendar feed secret', async () => {
    const user = await createUser(handle.db, { ...base, email: 'secrets@example.com' })
    await setResetToken(handle.db, {
      userId: user.id,
      tokenHash: 'reset-hash',
      expiresAt: new Date(Date.now() + 60_000),
    })
    await setCalendarFeedToken(handle.db, { userId: user.id, tokenHash: 'feed-hash' })
    const [row] = await handle.db.select().from(users).where(eq(users.id, user.id))
    if (!row) throw new Error('The user was not stored')
    const publicUser = toPublicUser(row)
    expect(Object.keys(publicUser).sort()).toEqual(Object.keys(publicUserColumns).sort())
    expect(JSON.stringify(publicUser)).not.toMatch(/hash/)
  })
})
