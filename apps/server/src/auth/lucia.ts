import { DrizzlePostgreSQLAdapter } from '@lucia-auth/adapter-drizzle'
import {
  sessionAndUserStatement,
  sessions,
  users,
  type Database,
  type PublicUser,
} from '@fiveconnect/db'
import { Lucia, TimeSpan, type DatabaseSession, type DatabaseUser } from 'lucia'

export const SESSION_COOKIE_NAME = 'fiveconnect_session'

/** A session ends after this long without use; every use pushes the end back. */
export const SESSION_IDLE_LIFETIME = new TimeSpan(14, 'd')
/** A session ends this long after sign-in however often it is used. */
export const SESSION_ABSOLUTE_LIFETIME_MS = 90 * 24 * 60 * 60 * 1000

/**
 * The Drizzle adapter, with the lookup every signed-in request makes as a statement built once
 * and selecting only the user's public columns (the adapter builds a select of every column of
 * both tables per call).
 */
class SessionAdapter extends DrizzlePostgreSQLAdapter {
  private readonly sessionAndUser: ReturnType<typeof sessionAndUserStatement>

  constructor(db: Database) {
    super(db, sessions, users)
    this.sessionAndUser = sessionAndUserStatement(db)
  }

  override async getSessionAndUser(
    sessionId: string,
  ): Promise<[session: DatabaseSession | null, user: DatabaseUser | null]> {
    const [row] = await this.sessionAndUser.execute({ sessionId })
    if (!row) return [null, null]
    const { id, userId, expiresAt, createdAt } = row.session
    const { id: _id, ...attributes } = row.user
    return [
      { id, userId, expiresAt, attributes: { createdAt } },
      { id: userId, attributes },
    ]
  }
}

export function createLucia(db: Database, options: { secureCookies: boolean }) {
  return new Lucia(new SessionAdapter(db), {
    sessionExpiresIn: SESSION_IDLE_LIFETIME,
    sessionCookie: {
      name: SESSION_COOKIE_NAME,
      attributes: { secure: options.secureCookies, sameSite: 'lax' },
    },
    getUserAttributes: (attributes) => attributes,
    getSessionAttributes: (attributes) => ({ createdAt: attributes.createdAt }),
  })
}

export type AppLucia = ReturnType<typeof createLucia>

declare module 'lucia' {
  interface Register {
    Lucia: AppLucia
    DatabaseUserAttributes: Omit<PublicUser, 'id'>
    DatabaseSessionAttributes: Pick<typeof sessions.$inferSelect, 'createdAt'>
  }
}
