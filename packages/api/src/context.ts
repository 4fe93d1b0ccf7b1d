import type { Database, PublicUser } from '@fiveconnect/db'

/** Password hashing and sessions, implemented by the server (the only place that knows lucia and oslo). */
export type Auth = {
  hashPassword: (password: string) => Promise<string>
  verifyPassword: (hash: string, password: string) => Promise<boolean>
  /** Costs as much as a real verification; used when there is no account to check against. */
  verifyDummyPassword: (password: string) => Promise<void>
  /** Starts a session for the user and sets its cookie on the response. */
  signIn: (userId: string) => Promise<void>
  /** Ends the current session and clears its cookie. */
  signOut: () => Promise<void>
  /** Ends every session the user has, on every device. */
  endAllSessions: (userId: string) => Promise<void>
}

export type MailMessage = { to: string; subject: string; text: string }

export type Mailer = { send: (message: MailMessage) => Promise<void> }

export type Context = {
  db: Database
  auth: Auth
  mailer: Mailer
  /** Public origin of the app, for links in emails (no trailing slash). */
  appUrl: string
  user: PublicUser | null
}
