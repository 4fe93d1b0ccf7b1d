import { and, eq, isNull, ne, sql } from 'drizzle-orm'
import type { Database } from '../client.ts'
import { connections, storedObjects, voiceNoteTranscriptions } from '../schema/index.ts'

export type VoiceNoteTranscription = {
  objectId: string
  state: 'pending' | 'done' | 'failed'
  transcription: string | null
  reason: string | null
}

const transcriptionColumns = {
  objectId: voiceNoteTranscriptions.objectId,
  state: voiceNoteTranscriptions.state,
  transcription: voiceNoteTranscriptions.transcription,
  reason: voiceNoteTranscriptions.reason,
}

/** A connection's voice note URL for a stored object, as the app stores it. */
const voiceNoteUrlOf = sql`'/objects/' || ${voiceNoteTranscriptions.objectId}::text`

/**
 * Marks a stored voice note as waiting for its transcript, unless it has a transcription already.
 * Answers the transcription as it now stands and whether this call asked for it.
 */
export async function requestVoiceNoteTranscription(
  db: Database,
  objectId: string,
): Promise<{ requested: boolean; transcription: VoiceNoteTranscription }> {
  const [inserted] = await db
    .insert(voiceNoteTranscriptions)
    .values({ objectId })
    .onConflictDoNothing()
    .returning(transcriptionColumns)
  if (inserted) return { requested: true, transcription: inserted }
  const existing = await findVoiceNoteTranscription(db, { objectId })
  if (!existing) throw new Error('The voice note transcription could not be read back')
  return { requested: false, transcription: existing }
}

/** A voice note's transcription; with `ownerId`, only when that user owns the voice note. */
export async function findVoiceNoteTranscription(
  db: Database,
  { objectId, ownerId }: { objectId: string; ownerId?: string },
): Promise<VoiceNoteTranscription | undefined> {
  const [row] = await db
    .select(transcriptionColumns)
    .from(voiceNoteTranscriptions)
    .innerJoin(storedObjects, eq(storedObjects.id, voiceNoteTranscriptions.objectId))
    .where(
      and(
        eq(voiceNoteTranscriptions.objectId, objectId),
        ownerId === undefined ? undefined : eq(storedObjects.ownerId, ownerId),
      ),
    )
  return row
}

/**
 * Records how a voice note's transcription ended and puts a transcript onto every connection that
 * references the voice note and has none yet (a transcript its author typed stays).
 */
export async function finishVoiceNoteTranscription(
  db: Database,
  params: { objectId: string; state: 'done' | 'failed'; transcription: string; reason?: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(voiceNoteTranscriptions)
      .set({
        state: params.state,
        transcription: params.transcription,
        reason: params.reason ?? null,
        updatedAt: new Date(),
      })
      .where(eq(voiceNoteTranscriptions.objectId, params.objectId))
    if (!params.transcription) return
    await tx
      .update(connections)
      .set({ voiceNoteTranscription: params.transcription })
      .where(
        and(
          eq(connections.voiceNoteUrl, `/objects/${params.objectId}`),
          isNull(connections.voiceNoteTranscription),
        ),
      )
  })
}

/**
 * Puts its voice note's finished transcript onto a connection saved without one: the transcript
 * may have landed between the client's last look and the save.
 */
export async function copyFinishedTranscript(db: Database, connectionId: string): Promise<void> {
  await db
    .update(connections)
    .set({ voiceNoteTranscription: voiceNoteTranscriptions.transcription })
    .from(voiceNoteTranscriptions)
    .where(
      and(
        eq(connections.id, connectionId),
        isNull(connections.voiceNoteTranscription),
        eq(voiceNoteTranscriptions.state, 'done'),
        ne(voiceNoteTranscriptions.transcription, ''),
        eq(connections.voiceNoteUrl, voiceNoteUrlOf),
      ),
    )
}
