import { DrizzlePostgreSQLAdapter } from '@lucia-auth/adapter-drizzle'
import { sessions, users, type Database } from '@fiveconnect/db'
import { Lucia, TimeSpan } from 'lucia'

export const SESSION_COOKIE_NAME = 'fiveconnect_session'

export function createLucia(db: Database, options: { secureCookies: boolean }) {
  return new Lucia(new DrizzlePostgreSQLAdapter(db, sessions, users), {
    sessionExpiresIn: new TimeSpan(30, 'd'),
    sessionCookie: {
      name: SESSION_COOKIE_NAME,
      attributes: { secure: options.secureCookies, sameSite: 'lax' },
    },
    getUserAttributes: (attributes) => attributes,
  })
}

export type AppLucia = ReturnType<typeof createLucia>

declare module 'lucia' {
  interface Register {
    Lucia: AppLucia
    DatabaseUserAttributes: Omit<typeof users.$inferSelect, 'id'>
  }
}
