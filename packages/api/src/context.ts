import type { Database, PublicUser, VoiceNoteTranscription } from '@fiveconnect/db'
import type { RateLimiter } from './rate-limit.ts'
import type { ObjectStorage } from './uploads/object-storage.ts'
import type { UploadQuota } from './uploads/uploads.service.ts'

/** Password hashing and sessions, implemented by the server (the only place that knows lucia and oslo). */
export type Auth = {
  hashPassword: (password: string) => Promise<string>
  verifyPassword: (hash: string, password: string) => Promise<boolean>
  /** Whether a hash was made at older parameters than hashPassword's: sign-in replaces it. */
  isHashOutdated: (hash: string) => boolean
  /** Costs as much as a real verification; used when there is no account to check against. */
  verifyDummyPassword: (password: string) => Promise<void>
  /** Starts a session for the user and sets its cookie on the response. */
  signIn: (userId: string) => Promise<void>
  /** Ends the current session and clears its cookie. */
  signOut: () => Promise<void>
  /** Ends every session the user has, on every device. */
  endAllSessions: (userId: string) => Promise<void>
  /** Ends every session the user has and starts a fresh one for this request, with its cookie. */
  endOtherSessions: (userId: string) => Promise<void>
}

/** Stored files (photos, voice notes, pictures, logos), as far as the domain rules need them. */
export type FileStore = {
  /** Throws a 400 unless every path is a stored file that the user owns. */
  assertOwned: (paths: string[], ownerId: string) => Promise<void>
  /** Removes the files among `paths` that the owner owns and that nothing references any more. */
  release: (paths: string[], ownerId: string) => Promise<void>
}

export type MailMessage = {
  to: string
  subject: string
  text: string
  /** Extra header lines, such as List-Unsubscribe. */
  headers?: Record<string, string>
}

export type Mailer = { send: (message: MailMessage) => Promise<void> }

/** Transcripts of stored voice notes, made in the background by the server. */
export type Transcripts = {
  /** Asks for a voice note's transcript (never twice for one) and answers where it stands. */
  request: (objectId: string) => Promise<VoiceNoteTranscription>
}

export type Context = {
  db: Database
  auth: Auth
  mailer: Mailer
  files: FileStore
  /** Public origin of the app, for links in emails (no trailing slash). */
  appUrl: string
  /** The address Help & Support gives (SUPPORT_EMAIL); null when none is configured. */
  supportEmail: string | null
  user: PublicUser | null
  /** The caller's address, for per-IP abuse limits. */
  clientIp: string
  rateLimit: RateLimiter
  /** Private object storage (photos, logos, voice notes). */
  storage: ObjectStorage
  /**
   * Runs `task` once the answer is on its way, so its time never shows in the answer; its
   * failure is logged, never sent to the client.
   */
  afterResponse: (task: () => Promise<void>) => void
  uploadQuota: UploadQuota
  transcripts: Transcripts
}
