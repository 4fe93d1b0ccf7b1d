import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm'
import type { Database } from '../client.ts'
import { appPasswords, users } from '../schema/index.ts'

const appPasswordColumns = {
  id: appPasswords.id,
  name: appPasswords.name,
  createdAt: appPasswords.createdAt,
  lastUsedAt: appPasswords.lastUsedAt,
}

export type AppPassword = { id: string; name: string; createdAt: Date; lastUsedAt: Date | null }

/** The user's app passwords, newest first; never their hashes. */
export function listAppPasswords(db: Database, userId: string): Promise<AppPassword[]> {
  return db
    .select(appPasswordColumns)
    .from(appPasswords)
    .where(eq(appPasswords.userId, userId))
    .orderBy(desc(appPasswords.createdAt), desc(appPasswords.id))
}

export async function createAppPassword(
  db: Database,
  params: { userId: string; name: string; passwordHash: string },
): Promise<AppPassword> {
  const [created] = await db.insert(appPasswords).values(params).returning(appPasswordColumns)
  if (!created) throw new Error('The app password insert returned no row')
  return created
}

/** Deletes one of the user's app passwords; false when the user has none with that id. */
export async function deleteAppPassword(
  db: Database,
  params: { userId: string; id: string },
): Promise<boolean> {
  const deleted = await db
    .delete(appPasswords)
    .where(and(eq(appPasswords.userId, params.userId), eq(appPasswords.id, params.id)))
    .returning({ id: appPasswords.id })
  return deleted.length > 0
}

/** How stale a password's last use may get before a sign-in writes it again. */
const LAST_USE_RESOLUTION = sql`interval '1 minute'`

/**
 * The active user an app password with this hash signs in, marking it used. A DAV client sends it
 * with every request, so the last use is written at most once a minute.
 */
export async function signInWithAppPassword(
  db: Database,
  passwordHash: string,
): Promise<{ id: string; email: string; role: 'attendee' | 'admin' } | undefined> {
  const [owner] = await db
    .select({ id: users.id, email: users.email, role: users.role, appPasswordId: appPasswords.id })
    .from(appPasswords)
    .innerJoin(users, eq(appPasswords.userId, users.id))
    .where(and(eq(appPasswords.passwordHash, passwordHash), eq(users.isActive, true)))
  if (!owner) return undefined
  await db
    .update(appPasswords)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(appPasswords.id, owner.appPasswordId),
        or(
          isNull(appPasswords.lastUsedAt),
          lt(appPasswords.lastUsedAt, sql`now() - ${LAST_USE_RESOLUTION}`),
        ),
      ),
    )
  return { id: owner.id, email: owner.email, role: owner.role }
}
