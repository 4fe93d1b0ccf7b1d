import { randomUUID } from 'node:crypto'
import type { DbHandle } from '@fiveconnect/db'
import { sql } from 'drizzle-orm'
import type { Session, User } from 'lucia'
import { SESSION_IDLE_LIFETIME, type AppLucia } from './lucia.ts'

/** The channel migration 0023's triggers notify on: `session:{id}` or `user:{id}`. */
export const SESSION_CHANNEL = 'fiveconnect_sessions'

/** A safety net only: notifications end a cached session at once. */
const MAX_AGE_MS = 5 * 60_000
const MAX_ENTRIES = 10_000

type Validated = { session: Session; user: User } | { session: null; user: null }
type Entry = { session: Session; user: User; cachedAt: number }

/** What the database says about sessions: `session:{id}`, `user:{id}`, or `reset` after a gap. */
export type SessionEvents = {
  subscribe: (onEvent: (event: string) => void) => void
  /**
   * Resolves once this instance has heard every notification sent before the call. Notifications
   * reach every listener in commit order, at once; so a request that ended sessions waits for this
   * before it answers, and its client's next request finds every instance told.
   */
  settled: () => Promise<void>
  stop: () => Promise<void>
}

/** How long `settled` waits for its own notification before it gives up and answers anyway. */
const SETTLE_TIMEOUT_MS = 2_000

/**
 * Starts listening for the notifications of migration 0023's triggers on sessions and users. After
 * the listening connection was lost and came back, subscribers get `reset`: what was sent
 * meanwhile is unknown.
 */
export async function listenForSessionEvents(
  database: Pick<DbHandle, 'db' | 'listen'>,
): Promise<SessionEvents> {
  const subscribers: ((event: string) => void)[] = []
  const echoes = new Map<string, () => void>()
  const publish = (event: string) => {
    if (event.startsWith('sync:')) echoes.get(event)?.()
    else for (const subscriber of subscribers) subscriber(event)
  }
  const stop = await database.listen(SESSION_CHANNEL, publish, () => publish('reset'))
  return {
    subscribe: (onEvent) => subscribers.push(onEvent),
    async settled() {
      const event = `sync:${randomUUID()}`
      let timer: NodeJS.Timeout | undefined
      const echoed = new Promise<void>((resolve) => {
        echoes.set(event, resolve)
        timer = setTimeout(resolve, SETTLE_TIMEOUT_MS)
      })
      try {
        await database.db.execute(sql`select pg_notify(${SESSION_CHANNEL}, ${event})`)
        await echoed
      } finally {
        clearTimeout(timer)
        echoes.delete(event)
      }
    },
    stop,
  }
}

export type ValidateSession = (sessionId: string) => Promise<Validated>

/**
 * lucia's validateSession, remembered in this process so a signed-in request usually makes no
 * database round trip for its session. The cache forgets a session the moment the database says it
 * ended or its user changed, so an ended session is refused at once on every instance; it checks a
 * session in the database again when lucia would extend its expiry, so sliding expiry works as
 * before. Without events (a test app on its own), every request checks the database.
 */
export function cachedSessionValidator(lucia: AppLucia, events?: SessionEvents): ValidateSession {
  if (!events) return (sessionId) => lucia.validateSession(sessionId)
  const entries = new Map<string, Entry>()
  // Bumped by every event: a lookup that raced one is used, not remembered.
  let generation = 0
  events.subscribe((event) => {
    generation += 1
    const [kind, id] = event.split(':')
    if (kind === 'session' && id) entries.delete(id)
    else if (kind === 'user' && id) {
      for (const [sessionId, entry] of entries) if (entry.user.id === id) entries.delete(sessionId)
    } else entries.clear()
  })
  const renewAt = (session: Session) =>
    session.expiresAt.getTime() - SESSION_IDLE_LIFETIME.milliseconds() / 2

  return async (sessionId) => {
    const now = Date.now()
    const entry = entries.get(sessionId)
    if (entry && now - entry.cachedAt < MAX_AGE_MS && now < renewAt(entry.session)) {
      return { session: { ...entry.session, fresh: false }, user: entry.user }
    }
    entries.delete(sessionId)
    const before = generation
    const result = await lucia.validateSession(sessionId)
    if (result.session && before === generation) {
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value ?? '')
      entries.set(sessionId, { session: result.session, user: result.user, cachedAt: now })
    }
    return result
  }
}
