import type { Database, DbHandle } from '@fiveconnect/db'
import {
  bulkInsertAttendance,
  bulkInsertConnections,
  bulkInsertEvents,
  bulkInsertPeople,
  bulkInsertUsers,
  countRows,
  settleAfterBulkLoad,
  type RowCounts,
} from '@fiveconnect/db/bench'
import type { Dataset } from './dataset.ts'

const CONNECTIONS_PER_BATCH = 50_000

/** Loads the dataset through the repository's bulk inserts; returns what the tables then hold. */
export async function seedDatabase(
  db: Database,
  dataset: Dataset,
  log: (message: string) => void = () => {},
): Promise<RowCounts> {
  await bulkInsertUsers(db, dataset.users)
  await bulkInsertEvents(db, dataset.events)
  await bulkInsertPeople(db, dataset.people)
  await bulkInsertAttendance(db, dataset.attendance)
  let inserted = 0
  for (const batch of dataset.connectionBatches(CONNECTIONS_PER_BATCH)) {
    await bulkInsertConnections(db, batch)
    inserted += batch.length
    if (inserted % 200_000 === 0) log(`  ${inserted.toLocaleString('en')} connections`)
  }
  await settleAfterBulkLoad(db)
  return countRows(db)
}

/** Migrates and seeds a fresh database, then closes the handle; returns the counts and how long it took. */
export async function seedInto(
  handle: DbHandle,
  dataset: Dataset,
  log: (message: string) => void,
): Promise<{ counts: RowCounts; seconds: number }> {
  try {
    await handle.migrate()
    const started = performance.now()
    const counts = await seedDatabase(handle.db, dataset, log)
    return { counts, seconds: (performance.now() - started) / 1000 }
  } finally {
    await handle.close()
  }
}
