import { and, asc, eq, ne } from 'drizzle-orm'
import type { Database } from '../client.ts'
import { withUniqueCheck } from '../errors.ts'
import { people, users, type UserRole } from '../schema/index.ts'
import { SYSTEM_USER_EMAIL } from './events.ts'
import { afterPosition, exactTimestamp, pageOf, type Page, type PageRequest } from './paging.ts'
import { normalizeEmail, publicUserColumns, type PublicUser } from './users.ts'

/** The change would leave no active admin. */
export class LastAdminError extends Error {
  constructor() {
    super('The last active admin cannot be demoted or deactivated')
    this.name = 'LastAdminError'
  }
}

export type AdminUserChanges = {
  firstName: string
  lastName: string
  email: string
  mobile: string | null
  company: string | null
  linkedin: string | null
  website: string | null
  role: UserRole
}

const oldestFirst = [asc(users.createdAt), asc(users.id)]

/** Every account people use (not the system account), oldest first. */
export async function listUsers(db: Database): Promise<PublicUser[]> {
  return db
    .select(publicUserColumns)
    .from(users)
    .where(ne(users.email, SYSTEM_USER_EMAIL))
    .orderBy(...oldestFirst)
}

/** A page of listUsers. */
export async function listUsersPage(db: Database, page: PageRequest): Promise<Page<PublicUser>> {
  const rows = await db
    .select({ ...publicUserColumns, pageKey: exactTimestamp(users.createdAt) })
    .from(users)
    .where(
      and(
        ne(users.email, SYSTEM_USER_EMAIL),
        afterPosition('asc', users.createdAt, users.id, page.after),
      ),
    )
    .orderBy(...oldestFirst)
    .limit(page.limit + 1)
  return pageOf(rows, page.limit)
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]

/** Locks the active admins' rows, so two concurrent demotions cannot both pass the check. */
async function assertAnotherActiveAdmin(tx: Transaction, userId: string) {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.isActive, true)))
    .for('update')
  if (!admins.some((admin) => admin.id !== userId)) throw new LastAdminError()
}

/**
 * Applies an admin's edit; returns the user before and after, or undefined when there is no such
 * user. Throws UniqueViolationError for a taken email and LastAdminError for demoting the last admin.
 */
export async function updateUserAsAdmin(
  db: Database,
  id: string,
  changes: AdminUserChanges,
): Promise<{ before: PublicUser; after: PublicUser } | undefined> {
  return withUniqueCheck(() =>
    db.transaction(async (tx) => {
      const [before] = await tx.select(publicUserColumns).from(users).where(eq(users.id, id))
      if (!before) return undefined
      if (before.role === 'admin' && changes.role !== 'admin' && before.isActive) {
        await assertAnotherActiveAdmin(tx, id)
      }
      const [after] = await tx
        .update(users)
        .set({ ...changes, email: normalizeEmail(changes.email) })
        .where(eq(users.id, id))
        .returning(publicUserColumns)
      if (after && after.email !== before.email) {
        await tx.update(people).set({ hasUserProfile: false }).where(eq(people.email, before.email))
        await tx.update(people).set({ hasUserProfile: true }).where(eq(people.email, after.email))
      }
      return after && { before, after }
    }),
  )
}

/** Returns the updated user, or undefined when there is no such user. */
export async function setUserActive(
  db: Database,
  id: string,
  isActive: boolean,
): Promise<PublicUser | undefined> {
  const [user] = await db
    .update(users)
    .set({ isActive })
    .where(and(eq(users.id, id), ne(users.email, SYSTEM_USER_EMAIL)))
    .returning(publicUserColumns)
  return user
}
