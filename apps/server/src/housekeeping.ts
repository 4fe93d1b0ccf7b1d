import { deleteEndedSessions, deleteStaleRateLimitBuckets, type Database } from '@fiveconnect/db'
import { SESSION_ABSOLUTE_LIFETIME_MS } from './auth/lucia.ts'
import { logError } from './http/log-error.ts'

const HOUR = 60 * 60 * 1000

/** Deletes ended sessions and old rate-limit windows now and every hour; returns a stop function. */
export function startHousekeeping(db: Database): () => void {
  const sweep = async () => {
    const now = new Date()
    await deleteEndedSessions(db, {
      now,
      startedBefore: new Date(now.getTime() - SESSION_ABSOLUTE_LIFETIME_MS),
    })
    await deleteStaleRateLimitBuckets(db, new Date(now.getTime() - 24 * HOUR))
  }
  const run = () => {
    sweep().catch((error: unknown) => logError('Housekeeping failed', error))
  }
  run()
  const timer = setInterval(run, HOUR)
  timer.unref()
  return () => clearInterval(timer)
}
