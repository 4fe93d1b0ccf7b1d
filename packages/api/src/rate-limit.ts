import { countRateLimitHit, type Database } from '@fiveconnect/db'
import { TRPCError } from '@trpc/server'

const MINUTE = 60_000
const HOUR = 60 * MINUTE

export type RateLimitPolicy = { limit: number; windowMs: number }

/**
 * Per-IP limits are generous because a whole venue can share one address behind its wifi; the
 * tight limit on password guessing is per account *and* IP, so a stranger guessing at someone's
 * account never locks the real person out.
 */
export const RATE_LIMIT_POLICIES = {
  'login:ip': { limit: 300, windowMs: 15 * MINUTE },
  'login:account-ip': { limit: 10, windowMs: 15 * MINUTE },
  'register:ip': { limit: 100, windowMs: HOUR },
  'forgot-password:ip': { limit: 30, windowMs: HOUR },
  'forgot-password:account-ip': { limit: 5, windowMs: HOUR },
  'reset-password:ip': { limit: 30, windowMs: HOUR },
  'reset-password:token': { limit: 10, windowMs: HOUR },
  'change-password:user': { limit: 10, windowMs: 15 * MINUTE },
  'transcribe:user': { limit: 60, windowMs: HOUR },
  'transcribe:ip': { limit: 300, windowMs: HOUR },
  // Calendar services (Google, Outlook) fetch many people's feeds from a few shared addresses, so
  // the per-IP limit is wide; one link fetched more than once a minute is no calendar app.
  'calendar-feed:ip': { limit: 1000, windowMs: HOUR },
  'calendar-feed:token': { limit: 60, windowMs: HOUR },
  // Mail providers post one-click unsubscribes from a few shared addresses.
  'reminder-unsubscribe:ip': { limit: 1000, windowMs: HOUR },
  // Checking and committing a 5,000-contact file costs seconds of database time; 60 an hour is
  // 30 imports, far more than a person makes.
  'contact-import:user': { limit: 60, windowMs: HOUR },
  // Address-book apps send their app password with every request, a few dozen a sync; the
  // password itself (99 random bits) cannot be guessed, so these bound load, not guessing.
  'dav-sign-in:ip': { limit: 3000, windowMs: 15 * MINUTE },
  'dav-sign-in:account-ip': { limit: 600, windowMs: 15 * MINUTE },
  // The share page: a venue's wifi is one address for hundreds of people scanning codes, and one
  // speaker's link may be scanned by a whole room. Sending details back writes to the owner's
  // account, so it is held tighter, per link and per email sent, too.
  'share-page:ip': { limit: 1000, windowMs: HOUR },
  'share-page:link': { limit: 500, windowMs: HOUR },
  'share-send:ip': { limit: 100, windowMs: HOUR },
  'share-send:link': { limit: 100, windowMs: HOUR },
  'share-send:address': { limit: 5, windowMs: HOUR },
} satisfies Record<string, RateLimitPolicy>

export type RateLimitName = keyof typeof RATE_LIMIT_POLICIES
export type RateLimitPolicies = Record<RateLimitName, RateLimitPolicy>

/** One attempt's subject under each limit it counts against, e.g. `{ 'login:ip': ip }`. */
export type RateLimitAttempt = Partial<Record<RateLimitName, string>>

/** Counts one attempt against each limit named; throws RateLimitedError once over any of them. */
export type RateLimiter = (attempt: RateLimitAttempt) => Promise<void>

export class RateLimitedError extends TRPCError {
  constructor(readonly retryAfterSeconds: number) {
    super({ code: 'TOO_MANY_REQUESTS', message: tooManyAttemptsMessage(retryAfterSeconds) })
  }
}

function tooManyAttemptsMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60)
  const wait = minutes <= 1 ? 'a minute' : `${minutes} minutes`
  return `Too many attempts. Please wait ${wait} and try again.`
}

/** How many refused subjects one process remembers before it forgets those whose window closed. */
const REMEMBERED_REFUSALS = 10_000

/**
 * Counts in the database, so every instance shares the limits. A window is fixed and never reset
 * early, so a subject once over its limit stays over until the window closes: until then this
 * process refuses every attempt that names it from memory, before counting any of its limits, so
 * a burst of refused requests costs no database write.
 */
export function createRateLimiter(
  db: Database,
  policies: RateLimitPolicies = RATE_LIMIT_POLICIES,
): RateLimiter {
  const refusedUntil = new Map<string, number>()
  const refuse = (untilMs: number) =>
    new RateLimitedError(Math.max(1, Math.ceil((untilMs - Date.now()) / 1000)))

  return async (attempt) => {
    const counts = Object.entries(attempt).map(([name, subject]) => ({
      policy: policies[name as RateLimitName],
      key: `${name}:${subject}`,
    }))
    for (const { key } of counts) {
      const until = refusedUntil.get(key)
      if (until !== undefined && until > Date.now()) throw refuse(until)
    }
    for (const { policy, key } of counts) {
      const { hits, resetsInMs } = await countRateLimitHit(db, key, policy.windowMs)
      if (hits <= policy.limit) continue
      const closesAt = Date.now() + resetsInMs
      if (refusedUntil.size >= REMEMBERED_REFUSALS) forgetClosed(refusedUntil)
      if (refusedUntil.size < REMEMBERED_REFUSALS) refusedUntil.set(key, closesAt)
      throw refuse(closesAt)
    }
  }
}

function forgetClosed(refusedUntil: Map<string, number>) {
  const now = Date.now()
  for (const [key, until] of refusedUntil) if (until <= now) refusedUntil.delete(key)
}

export const noRateLimits: RateLimiter = () => Promise.resolve()
