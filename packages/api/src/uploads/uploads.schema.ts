import { z } from 'zod'
import { storableText } from '../common.schema.ts'

export { MAX_AUDIO_BYTES, MAX_AUDIO_SECONDS, MAX_IMAGE_BYTES } from './file-types.ts'

const uploadedUrl = (field: string) =>
  storableText(field, `${field} is required`).trim().min(1, `${field} is required`).max(2048)

export const confirmConnectionPhotoInput = z.object({ photoURL: uploadedUrl('photoURL') })
export const confirmProfilePhotoInput = z.object({
  profileImageUrl: uploadedUrl('profileImageUrl'),
})
export const confirmEventLogoInput = z.object({ logoURL: uploadedUrl('logoURL') })

export const uploadUrlOutput = z.object({ uploadURL: z.string() })
export const objectPathOutput = z.object({ objectPath: z.string() })

/** What POST /api/transcribe-voice answers. */
export const transcribeVoiceOutput = z.object({
  transcription: z.string(),
  voiceNoteUrl: z.string(),
  reason: z.string().optional(),
})
export type TranscribeVoiceOutput = z.infer<typeof transcribeVoiceOutput>

/** What POST /api/voice-notes answers: the stored recording, not yet transcribed. */
export const storeVoiceNoteOutput = transcribeVoiceOutput.pick({ voiceNoteUrl: true })
export type StoreVoiceNoteOutput = z.infer<typeof storeVoiceNoteOutput>

export const voiceNoteTranscriptionInput = z.object({ voiceNoteUrl: uploadedUrl('voiceNoteUrl') })

/**
 * Where a saved voice note's transcript stands: 'pending' while its job runs, 'done' (an empty
 * transcription with a reason when no speech was heard), 'failed' with a reason, or 'none' when no
 * transcript was asked for.
 */
export const voiceNoteTranscriptionOutput = z.object({
  state: z.enum(['none', 'pending', 'done', 'failed']),
  transcription: z.string(),
  reason: z.string().optional(),
})
export type VoiceNoteTranscriptionOutput = z.infer<typeof voiceNoteTranscriptionOutput>
