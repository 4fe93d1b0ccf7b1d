import { and, eq, gt, sql } from 'drizzle-orm'
import type { Database } from '../client.ts'
import { withUniqueCheck } from '../errors.ts'
import { sessions, users, type UserRole } from '../schema/index.ts'

/** Every user column except secrets: what may leave the server. */
export const publicUserColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.profileImageUrl,
  mobile: users.mobile,
  company: users.company,
  referredBy: users.referredBy,
  linkedin: users.linkedin,
  website: users.website,
  sharedProfileFields: users.sharedProfileFields,
  role: users.role,
  isActive: users.isActive,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
}

export type PublicUser = {
  [K in keyof typeof publicUserColumns]: (typeof users.$inferSelect)[K]
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

export type NewUser = {
  email: string
  passwordHash: string
  firstName: string
  lastName: string
  mobile?: string | null
  company?: string | null
  website?: string | null
  referredBy?: string | null
  role?: UserRole
}

export async function createUser(db: Database, params: NewUser): Promise<PublicUser> {
  const [user] = await withUniqueCheck(() =>
    db
      .insert(users)
      .values({ ...params, email: normalizeEmail(params.email) })
      .returning(publicUserColumns),
  )
  if (!user) throw new Error('Insert returned no row')
  return user
}

export async function getUserById(db: Database, id: string): Promise<PublicUser | undefined> {
  const [user] = await db.select(publicUserColumns).from(users).where(eq(users.id, id))
  return user
}

export async function findUserCredentials(db: Database, email: string) {
  const [user] = await db
    .select({ ...publicUserColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
  return user
}

export async function setResetToken(
  db: Database,
  params: { userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db
    .update(users)
    .set({ resetTokenHash: params.tokenHash, resetTokenExpires: params.expiresAt })
    .where(eq(users.id, params.userId))
}

/** An active user holding `tokenHash` as a reset token that has not expired by `now`. */
function holdsResetToken(params: { tokenHash: string; now: Date }) {
  return and(
    eq(users.resetTokenHash, params.tokenHash),
    gt(users.resetTokenExpires, params.now),
    eq(users.isActive, true),
  )
}

/** Whether a reset token is still good: checked before the costly hashing of a new password. */
export async function isResetTokenValid(
  db: Database,
  params: { tokenHash: string; now: Date },
): Promise<boolean> {
  const [user] = await db.select({ id: users.id }).from(users).where(holdsResetToken(params))
  return user !== undefined
}

/**
 * Sets a new password for the holder of an unexpired reset token and spends the token, in one
 * statement so two concurrent submits cannot both succeed. Returns the user id, or undefined.
 */
export async function resetPasswordWithToken(
  db: Database,
  params: { tokenHash: string; passwordHash: string; now: Date },
): Promise<string | undefined> {
  const [user] = await db
    .update(users)
    .set({ passwordHash: params.passwordHash, resetTokenHash: null, resetTokenExpires: null })
    .where(holdsResetToken(params))
    .returning({ id: users.id })
  return user?.id
}

export async function setPassword(db: Database, params: { userId: string; passwordHash: string }) {
  const [user] = await db
    .update(users)
    .set({ passwordHash: params.passwordHash })
    .where(eq(users.id, params.userId))
    .returning({ id: users.id })
  return user?.id
}

/** Creates the admin, or promotes and reactivates the existing account and sets its password. */
export async function upsertAdmin(
  db: Database,
  params: { email: string; passwordHash: string; firstName: string; lastName: string },
): Promise<PublicUser> {
  const [user] = await db
    .insert(users)
    .values({ ...params, email: normalizeEmail(params.email), role: 'admin' })
    .onConflictDoUpdate({
      target: users.email,
      set: {
        role: 'admin',
        isActive: true,
        passwordHash: params.passwordHash,
        updatedAt: sql`now()`,
      },
    })
    .returning(publicUserColumns)
  if (!user) throw new Error('Upsert returned no row')
  return user
}

export type ProfileChanges = Pick<
  PublicUser,
  | 'firstName'
  | 'lastName'
  | 'mobile'
  | 'company'
  | 'linkedin'
  | 'website'
  | 'profileImageUrl'
  | 'sharedProfileFields'
>

export async function updateProfile(
  db: Database,
  id: string,
  changes: Partial<ProfileChanges>,
): Promise<PublicUser | undefined> {
  const [user] = await db
    .update(users)
    .set(changes)
    .where(eq(users.id, id))
    .returning(publicUserColumns)
  return user
}

export async function deleteUserSessions(db: Database, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId))
}

/**
 * Keeps the public columns of a full user row and nothing else, so a secret column added later
 * (as the calendar feed's token hash was) stays on the server without anyone listing it here.
 */
export function toPublicUser(row: PublicUser): PublicUser {
  const keys = Object.keys(publicUserColumns) as (keyof PublicUser)[]
  return Object.fromEntries(keys.map((key) => [key, row[key]])) as PublicUser
}

/** Sets the user's profile image; returns the image it replaced. */
export async function setUserProfileImage(
  db: Database,
  params: { userId: string; profileImageUrl: string },
): Promise<{ previous: string | null } | undefined> {
  const [previous] = await db
    .select({ profileImageUrl: users.profileImageUrl })
    .from(users)
    .where(eq(users.id, params.userId))
  if (!previous) return undefined
  await db
    .update(users)
    .set({ profileImageUrl: params.profileImageUrl })
    .where(eq(users.id, params.userId))
  return { previous: previous.profileImageUrl }
}
