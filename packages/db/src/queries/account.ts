import { and, eq, notExists, sql } from 'drizzle-orm'
import type { Database } from '../client.ts'
import { connections, events, people, users } from '../schema/index.ts'
import { SYSTEM_USER_EMAIL } from './events.ts'
import { normalizeEmail } from './users.ts'

export type DeletedAccount = {
  /** Stored files the account alone referenced (photos, voice notes, pictures), to remove next. */
  fileUrls: string[]
}

/**
 * Deletes a user's account with their connections and the people only they entered (people someone
 * else also met stay). Events they created stay too, handed to the system account, since other
 * attendees rely on them. One transaction: all of it or none.
 */
export async function deleteUserAccount(db: Database, userId: string): Promise<DeletedAccount> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ email: users.email, profileImageUrl: users.profileImageUrl })
      .from(users)
      .where(eq(users.id, userId))
    if (!user) return { fileUrls: [] }

    const removed = await tx.delete(connections).where(eq(connections.authorId, userId)).returning({
      personId: connections.personId,
      photos: connections.photos,
      voiceNoteUrl: connections.voiceNoteUrl,
    })
    const stillMet = tx
      .select({ one: sql`1` })
      .from(connections)
      .where(eq(connections.personId, people.id))
    const removedPeople = await tx
      .delete(people)
      .where(and(eq(people.createdBy, userId), notExists(stillMet)))
      .returning({ profileImageUrl: people.profileImageUrl })

    const [system] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, SYSTEM_USER_EMAIL))
    if (system) {
      await tx.update(events).set({ createdBy: system.id }).where(eq(events.createdBy, userId))
    }
    await tx.delete(users).where(eq(users.id, userId))
    await tx
      .update(people)
      .set({ hasUserProfile: false })
      .where(eq(people.email, normalizeEmail(user.email)))

    const fileUrls = [
      user.profileImageUrl,
      ...removed.flatMap((connection) => [...connection.photos, connection.voiceNoteUrl]),
      ...removedPeople.map((person) => person.profileImageUrl),
    ].filter((url): url is string => Boolean(url))
    return { fileUrls: [...new Set(fileUrls)] }
  })
}
