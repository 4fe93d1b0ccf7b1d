import { DrizzlePostgreSQLAdapter } from '@lucia-auth/adapter-drizzle'
import { sessions, users, type Database } from '@fiveconnect/db'
import { Lucia, TimeSpan } from 'lucia'

export const SESSION_COOKIE_NAME = 'fiveconnect_session'

/** A session ends after this long without use; every use pushes the end back. */
export const SESSION_IDLE_LIFETIME = new TimeSpan(14, 'd')
/** A session ends this long after sign-in however often it is used. */
export const SESSION_ABSOLUTE_LIFETIME_MS = 90 * 24 * 60 * 60 * 1000

export function createLucia(db: Database, options: { secureCookies: boolean }) {
  return new Lucia(new DrizzlePostgreSQLAdapter(db, sessions, users), {
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
    DatabaseUserAttributes: Omit<typeof users.$inferSelect, 'id'>
    DatabaseSessionAttributes: Pick<typeof sessions.$inferSelect, 'createdAt'>
  }
}
