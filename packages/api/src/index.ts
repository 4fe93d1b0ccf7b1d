export type { Auth, Context, FileStore, Mailer, MailMessage } from './context.ts'
export { appRouter, createCaller, type AppRouter } from './root.ts'
export {
  DATABASE_UNAVAILABLE_MESSAGE,
  firstIssueMessage,
  INTERNAL_ERROR_MESSAGE,
  UNSTORABLE_TEXT_MESSAGE,
} from './trpc.ts'
export {
  createRateLimiter,
  noRateLimits,
  RATE_LIMIT_POLICIES,
  RateLimitedError,
  type RateLimiter,
  type RateLimitPolicies,
} from './rate-limit.ts'
export type { ExportFile } from './exports/export.schema.ts'
export type { ByteRange, ObjectStat, ObjectStorage } from './uploads/object-storage.ts'
export {
  MAX_AUDIO_BYTES,
  MAX_AUDIO_SECONDS,
  MAX_IMAGE_BYTES,
  SNIFF_BYTES,
  sniffAudioType,
  sniffImageType,
} from './uploads/file-types.ts'
export {
  incomingKey,
  isObjectId,
  objectIdFromUrl,
  objectPath,
  storedKey,
} from './uploads/object-keys.ts'
export { canReadObject } from './uploads/object-access.ts'
export {
  assertObjectsOwned,
  DEFAULT_UPLOAD_QUOTA,
  IMAGE_TOO_LARGE_MESSAGE,
  NOT_AN_IMAGE_MESSAGE,
  releaseObjects,
  storeObject,
  UPLOAD_NOT_FOUND_MESSAGE,
  type FilesContext,
  type UploadQuota,
} from './uploads/uploads.service.ts'
export {
  transcribeVoiceOutput,
  type StoreVoiceNoteOutput,
  type TranscribeConnectionOutput,
  type TranscribeVoiceOutput,
} from './uploads/uploads.schema.ts'
export { sendDueDigests, type DigestDeps } from './reminders/digest.service.ts'
