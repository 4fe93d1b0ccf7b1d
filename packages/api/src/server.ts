// Services for the server's own routes: those that move bytes (multipart intake, object GET, local
// PUT), background jobs and the error mapping. Everything else goes through the procedures.
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
  type RateLimitName,
  type RateLimitPolicies,
} from './rate-limit.ts'
export type { ExportFile } from './exports/export.schema.ts'
export { toAddressCard } from './address-book/address-card.ts'
export { APP_PASSWORD_PATTERN } from './app-passwords/app-password.ts'
export { hashSecretToken } from './secret-token.ts'
export type { ByteRange, ObjectStorage } from './uploads/object-storage.ts'
export {
  MAX_AUDIO_BYTES,
  MAX_AUDIO_SECONDS,
  MAX_IMAGE_BYTES,
  sniffAudioType,
} from './uploads/file-types.ts'
export { incomingKey, isObjectId, objectIdFromUrl, storedKey } from './uploads/object-keys.ts'
export { canReadObject } from './uploads/object-access.ts'
export {
  assertObjectsOwned,
  DEFAULT_UPLOAD_QUOTA,
  IMAGE_TOO_LARGE_MESSAGE,
  releaseObjects,
  type FilesContext,
  type UploadQuota,
} from './uploads/uploads.service.ts'
export {
  countTranscription,
  saveVoiceNote,
  transcribeVoiceNote,
  type Recording,
} from './uploads/voice-notes.service.ts'
export { sendDueDigests } from './reminders/digest.service.ts'
export { SHARE_PAGE_NOT_FOUND } from './share/share.router.ts'
export {
  checkJsonListAnswer,
  JSON_LISTS,
  memorySearchPage,
  peopleSearchJson,
} from './json-lists.ts'
