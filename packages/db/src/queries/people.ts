import { eq } from 'drizzle-orm'
import type { Database } from '../client.ts'
import { people } from '../schema/index.ts'
import { normalizeEmail } from './users.ts'

/** Marks the people recorded under this email as having a user profile (after that user registers). */
export async function linkPeopleToUser(db: Database, email: string): Promise<void> {
  await db
    .update(people)
    .set({ hasUserProfile: true })
    .where(eq(people.email, normalizeEmail(email)))
}
