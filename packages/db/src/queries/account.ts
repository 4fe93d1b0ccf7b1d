import { eq, or } from 'drizzle-orm'
import type { Database } from '../client.ts'
import { addressBookChanges, connections, events, people, users } from '../schema/index.ts'
import { SYSTEM_USER_EMAIL } from './events.ts'
import { normalizeEmail } from './users.ts'

export type DeletedAccount = {
  /** Stored files the account alone referenced (photos, voice notes, pictures), to remove next. */
  fileUrls: string[]
}

/**
 * Deletes a user's account with their connections and their people. Events they created stay,
 * handed to the system account, since other attendees rely on them; other users' people who are this
 * user lose the verified mark. One transaction: all of it or none.
 */
export async function deleteUserAccount(db: Database, userId: string): Promise<DeletedAccount> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ email: users.email, profileImageUrl: users.profileImageUrl })
      .from(users)
      .where(eq(users.id, userId))
    if (!user) return { fileUrls: [] }

    const removed = await tx.delete(connections).where(eq(connections.authorId, userId)).returning({
      photos: connections.photos,
      voiceNoteUrl: connections.voiceNoteUrl,
    })
    const removedPeople = await tx
      .delete(people)
      .where(eq(people.ownerId, userId))
      .returning({ profileImageUrl: people.profileImageUrl })

    const [system] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, SYSTEM_USER_EMAIL))
    if (system) {
      await tx.update(events).set({ createdBy: system.id }).where(eq(events.createdBy, userId))
    }
    await tx
      .update(people)
      .set({ hasUserProfile: false })
      .where(or(eq(people.email, normalizeEmail(user.email)), eq(people.userId, userId)))
    await tx.delete(users).where(eq(users.id, userId))
    // Written by the people and connections deleted above; nothing refers to them any more.
    await tx.delete(addressBookChanges).where(eq(addressBookChanges.ownerId, userId))

    const fileUrls = [
      user.profileImageUrl,
      ...removed.flatMap((connection) => [...connection.photos, connection.voiceNoteUrl]),
      ...removedPeople.map((person) => person.profileImageUrl),
    ].filter((url): url is string => Boolean(url))
    return { fileUrls: [...new Set(fileUrls)] }
  })
}
