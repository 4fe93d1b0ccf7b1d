import { pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { storedObjects } from './stored-objects.ts'

/** Where a voice note's transcription job stands: waiting or running, done, or given up. */
export const transcriptionState = pgEnum('transcription_state', ['pending', 'done', 'failed'])

/** The transcript of one stored voice note, written by its background transcription job. */
export const voiceNoteTranscriptions = pgTable('voice_note_transcriptions', {
  objectId: uuid()
    .primaryKey()
    .references(() => storedObjects.id, { onDelete: 'cascade' }),
  state: transcriptionState().notNull().default('pending'),
  // Empty when no speech was recognised; null until the job is done.
  transcription: text(),
  // Why there is no transcript, once done with none or failed.
  reason: text(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

export type TranscriptionState = (typeof transcriptionState.enumValues)[number]
