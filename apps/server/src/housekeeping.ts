import { incomingKey, storedKey } from '@fiveconnect/api/server'
import {
  deleteAbandonedImportRows,
  deleteAbandonedObjects,
  deleteEndedSessions,
  deleteStaleRateLimitBuckets,
  type Database,
} from '@fiveconnect/db'
import { SESSION_ABSOLUTE_LIFETIME_MS } from './auth/lucia.ts'
import type { ServerStorage } from './files/storage/index.ts'
import { logError, logger } from './logging/logger.ts'

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR
const ABANDONED_OBJECTS_PER_BATCH = 500

export type HousekeepingDeps = {
  db: Database
  storage: ServerStorage
  /** How long an upload URL stays valid: no upload is abandoned before it has expired. */
  uploadUrlTtlMs: number
}

/**
 * Deletes, from the database and from storage, uploads granted more than a day ago (or the upload
 * URL's lifetime, if longer) and never confirmed, and confirmed files that nothing has referenced
 * for as long. Returns how many it deleted.
 */
export async function sweepAbandonedObjects(
  { db, storage, uploadUrlTtlMs }: HousekeepingDeps,
  now = new Date(),
): Promise<number> {
  const before = new Date(now.getTime() - Math.max(DAY, uploadUrlTtlMs))
  let deleted = 0
  for (;;) {
    // The rows go first, in one statement that checks nothing references them, so a file is never
    // removed from under a reference saved meanwhile.
    const objects = await deleteAbandonedObjects(db, { before, limit: ABANDONED_OBJECTS_PER_BATCH })
    for (const object of objects) {
      // An unconfirmed upload's bytes may sit at either key if confirming stopped half-way.
      if (object.kind === 'upload') await storage.delete(incomingKey(object.id))
      await storage.delete(storedKey(object.id))
    }
    deleted += objects.length
    if (objects.length < ABANDONED_OBJECTS_PER_BATCH) return deleted
  }
}

/**
 * Deletes ended sessions, old rate-limit windows, contact imports left unfinished for a day and
 * abandoned uploads now and every hour, and logs how many of each; returns a stop function.
 */
export function startHousekeeping(deps: HousekeepingDeps): () => void {
  const sweep = async () => {
    const now = new Date()
    const removed = {
      // Not `sessions`: a field so named is redacted.
      endedSignIns: await deleteEndedSessions(deps.db, {
        now,
        startedBefore: new Date(now.getTime() - SESSION_ABSOLUTE_LIFETIME_MS),
      }),
      rateLimitWindows: await deleteStaleRateLimitBuckets(deps.db, new Date(now.getTime() - DAY)),
      importRows: await deleteAbandonedImportRows(deps.db, new Date(now.getTime() - DAY)),
      objects: await sweepAbandonedObjects(deps, now),
    }
    logger.info(removed, 'Housekeeping done')
  }
  const run = () => {
    sweep().catch((error: unknown) => logError('Housekeeping failed', error))
  }
  run()
  const timer = setInterval(run, HOUR)
  timer.unref()
  return () => clearInterval(timer)
}
