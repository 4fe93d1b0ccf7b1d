import {
  copyFinishedTranscript,
  findStoredObject,
  findVoiceNoteTranscription,
  getConnection,
  type VoiceNoteTranscription,
} from '@fiveconnect/db'
import { TRPCError } from '@trpc/server'
import { uuidParam } from '../common.schema.ts'
import type { TranscribeConnectionOutput } from '../connections/connection.schema.ts'
import type { Context } from '../context.ts'
import { RateLimitedError } from '../rate-limit.ts'
import { objectIdFromUrl } from './object-keys.ts'
import type { StoreVoiceNoteOutput, TranscribeVoiceOutput } from './uploads.schema.ts'
import { storeObject } from './uploads.service.ts'

/** What the voice-note services need of the API context. */
export type VoiceNoteContext = Pick<
  Context,
  'db' | 'storage' | 'uploadQuota' | 'rateLimit' | 'clientIp' | 'transcripts'
>

/** A recording that passed the server's checks (size, audio by its bytes, length). */
export type Recording = { bytes: Uint8Array; contentType: string }

const STILL_TRANSCRIBING =
  'The transcript is not ready yet: it is added to the voice note when it is.'

/**
 * Counts one transcription against the user's and their address's limits, and refuses it
 * (RateLimitedError, a 429) once over either: transcription is the costly part (an engine's CPU or
 * a paid API). Saving a voice note alone is never counted.
 */
export async function countTranscription(
  ctx: Pick<Context, 'rateLimit' | 'clientIp'>,
  userId: string,
) {
  await ctx.rateLimit({ 'transcribe:user': userId, 'transcribe:ip': ctx.clientIp })
}

function storeRecording(ctx: VoiceNoteContext, ownerId: string, recording: Recording) {
  return storeObject(ctx, { ownerId, kind: 'voice_note', ...recording })
}

/** The answer's fields for a transcription: the transcript, or why there is none (yet). */
function outcomeOf(transcription: VoiceNoteTranscription | undefined) {
  if (transcription?.state === 'done' && transcription.transcription) {
    return { transcription: transcription.transcription }
  }
  const reason = transcription?.state === 'pending' ? STILL_TRANSCRIBING : transcription?.reason
  return { transcription: '', ...(reason && { reason }) }
}

/** The voice note's transcription once its job is done, or as it stands after `waitMs`. */
async function awaitTranscript(ctx: VoiceNoteContext, objectId: string, waitMs: number) {
  const deadline = Date.now() + waitMs
  for (;;) {
    const current = await findVoiceNoteTranscription(ctx.db, { objectId })
    if (!current || current.state !== 'pending' || Date.now() >= deadline) return current
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/**
 * Saves the recording as the owner's voice note, asks for its transcript and waits for it up to
 * `waitMs`; past that it answers an empty transcription with a reason, and the transcript still
 * lands when its job is done. The caller counts the transcription first (before the upload is read).
 */
export async function transcribeVoiceNote(
  ctx: VoiceNoteContext,
  params: { ownerId: string; recording: Recording; waitMs: number },
): Promise<TranscribeVoiceOutput> {
  const stored = await storeRecording(ctx, params.ownerId, params.recording)
  const asked = await ctx.transcripts.request(stored.id)
  const current =
    asked.state === 'pending' ? await awaitTranscript(ctx, stored.id, params.waitMs) : asked
  return { ...outcomeOf(current), voiceNoteUrl: stored.objectPath }
}

/**
 * Saves the recording as the owner's voice note and, within the transcription limits, asks for its
 * transcript. Past the limits it is still saved (the offline outbox can always store a recording):
 * its transcript is asked for later through the connection.
 */
export async function saveVoiceNote(
  ctx: VoiceNoteContext,
  params: { ownerId: string; recording: Recording },
): Promise<StoreVoiceNoteOutput> {
  const stored = await storeRecording(ctx, params.ownerId, params.recording)
  const isWithinLimits = await countTranscription(ctx, params.ownerId).then(
    () => true,
    (error: unknown) => {
      if (error instanceof RateLimitedError) return false
      throw error
    },
  )
  if (isWithinLimits) await ctx.transcripts.request(stored.id)
  return { voiceNoteUrl: stored.objectPath }
}

/**
 * Asks for the transcript of the author's connection's saved voice note and answers where it
 * stands; repeating it is harmless. A transcript the user typed is kept. Another user's connection
 * and an id that is not one are both not found, so ids reveal nothing.
 */
export async function transcribeConnection(
  ctx: VoiceNoteContext,
  { authorId, id }: { authorId: string; id: string },
): Promise<TranscribeConnectionOutput> {
  const connection = uuidParam.safeParse(id).success
    ? await getConnection(ctx.db, { id, authorId })
    : undefined
  if (!connection) throw new TRPCError({ code: 'NOT_FOUND', message: 'Connection not found.' })
  const { voiceNoteUrl, voiceNoteTranscription } = connection
  if (voiceNoteTranscription) return { state: 'done', transcription: voiceNoteTranscription }

  const objectId = voiceNoteUrl ? objectIdFromUrl(voiceNoteUrl) : undefined
  const object = objectId ? await findStoredObject(ctx.db, objectId) : undefined
  if (!objectId || object?.kind !== 'voice_note') {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'This connection has no voice note.' })
  }
  let current = await findVoiceNoteTranscription(ctx.db, { objectId })
  if (!current) {
    await countTranscription(ctx, authorId)
    current = await ctx.transcripts.request(objectId)
  }
  if (current.state === 'pending') return { state: 'pending', ...outcomeOf(current) }

  // The transcript may have landed before the connection was saved.
  await copyFinishedTranscript(ctx.db, connection.id)
  const saved = await getConnection(ctx.db, { id: connection.id, authorId })
  return {
    state: current.state,
    ...outcomeOf(current),
    ...(saved?.voiceNoteTranscription && { transcription: saved.voiceNoteTranscription }),
  }
}
