import type { Database } from '@fiveconnect/db'
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
