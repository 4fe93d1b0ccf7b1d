import type { Mailer } from '@fiveconnect/api'
import { sendDueDigests } from '@fiveconnect/api/server'
import type { Database } from '@fiveconnect/db'
import { logError } from './logging/logger.ts'

const EVERY_MS = 5 * 60 * 1000

/**
 * Sends the follow-up reminder digests that are due, now and every five minutes; returns a stop
 * function. Each run is idempotent, so several server instances may each run it.
 */
export function startReminderDigests(deps: { db: Database; mailer: Mailer; appUrl: string }) {
  const run = () => {
    sendDueDigests({
      ...deps,
      now: new Date(),
      onSendError: (error) => logError('A reminder digest could not be sent', error),
    }).catch((error: unknown) => logError('Sending reminder digests failed', error))
  }
  run()
  const timer = setInterval(run, EVERY_MS)
  timer.unref()
  return () => clearInterval(timer)
}
