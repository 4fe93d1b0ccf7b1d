import type { Auth } from '@fiveconnect/api'
import type { AppLucia } from './lucia.ts'
import { hashPassword, isHashOutdated, verifyDummyPassword, verifyPassword } from './passwords.ts'

/** The API's view of auth for one request: sessions change through cookies on this response. */
export function createRequestAuth(
  lucia: AppLucia,
  request: { sessionId: string | null; setCookie: (serialized: string) => void },
  /** Resolves once every instance has heard of the sessions just ended (SessionEvents.settled). */
  sessionsSettled: () => Promise<void>,
): Auth {
  async function startSession(userId: string) {
    const session = await lucia.createSession(userId, { createdAt: new Date() })
    request.setCookie(lucia.createSessionCookie(session.id).serialize())
  }
  return {
    hashPassword,
    verifyPassword,
    isHashOutdated,
    verifyDummyPassword,
    async signIn(userId) {
      // A fresh session id at every sign-in, so a planted cookie is never promoted (session fixation).
      if (request.sessionId) await lucia.invalidateSession(request.sessionId)
      await startSession(userId)
    },
    async signOut() {
      if (request.sessionId) {
        await lucia.invalidateSession(request.sessionId)
        await sessionsSettled()
      }
      request.setCookie(lucia.createBlankSessionCookie().serialize())
    },
    async endAllSessions(userId) {
      await lucia.invalidateUserSessions(userId)
      await sessionsSettled()
    },
    // The same path as endAllSessions (so every instance forgets them), then a new session here:
    // simpler than sparing one row, and the caller's id changes with their password.
    async endOtherSessions(userId) {
      await lucia.invalidateUserSessions(userId)
      await sessionsSettled()
      await startSession(userId)
    },
  }
}
