import { findVoiceNoteTranscription, setUserProfileImage } from '@fiveconnect/db'
import { objectIdFromUrl } from './object-keys.ts'
import { adminProcedure, protectedProcedure, router } from '../trpc.ts'
import {
  confirmConnectionPhotoInput,
  confirmEventLogoInput,
  confirmProfilePhotoInput,
  objectPathOutput,
  uploadUrlOutput,
  voiceNoteTranscriptionInput,
  voiceNoteTranscriptionOutput,
} from './uploads.schema.ts'
import { confirmImageUpload, createUpload, releaseObjects } from './uploads.service.ts'

export const uploadsRouter = router({
  createUploadUrl: protectedProcedure
    .output(uploadUrlOutput)
    .mutation(({ ctx }) => createUpload(ctx, ctx.user.id)),

  confirmConnectionPhoto: protectedProcedure
    .input(confirmConnectionPhotoInput)
    .output(objectPathOutput)
    .mutation(async ({ ctx, input }) => {
      const { objectPath } = await confirmImageUpload(ctx, {
        ownerId: ctx.user.id,
        url: input.photoURL,
        kind: 'connection_photo',
      })
      return { objectPath }
    }),

  confirmProfilePhoto: protectedProcedure
    .input(confirmProfilePhotoInput)
    .output(objectPathOutput)
    .mutation(async ({ ctx, input }) => {
      const { objectPath } = await confirmImageUpload(ctx, {
        ownerId: ctx.user.id,
        url: input.profileImageUrl,
        kind: 'profile_photo',
      })
      const replaced = await setUserProfileImage(ctx.db, {
        userId: ctx.user.id,
        profileImageUrl: objectPath,
      })
      await releaseObjects(ctx, { ownerId: ctx.user.id, urls: [replaced?.previous] })
      return { objectPath }
    }),

  confirmEventLogo: adminProcedure
    .input(confirmEventLogoInput)
    .output(objectPathOutput)
    .mutation(async ({ ctx, input }) => {
      const { objectPath } = await confirmImageUpload(ctx, {
        ownerId: ctx.user.id,
        url: input.logoURL,
        kind: 'event_logo',
      })
      return { objectPath }
    }),

  /** The transcript of one of the user's saved voice notes, as its background job left it. */
  voiceNoteTranscription: protectedProcedure
    .input(voiceNoteTranscriptionInput)
    .output(voiceNoteTranscriptionOutput)
    .query(async ({ ctx, input }) => {
      const objectId = objectIdFromUrl(input.voiceNoteUrl)
      const found =
        objectId && (await findVoiceNoteTranscription(ctx.db, { objectId, ownerId: ctx.user.id }))
      if (!found) return { state: 'none' as const, transcription: '' }
      return {
        state: found.state,
        transcription: found.transcription ?? '',
        ...(found.reason && { reason: found.reason }),
      }
    }),
})
