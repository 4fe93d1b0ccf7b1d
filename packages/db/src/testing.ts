import { randomBytes } from 'node:crypto'
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import postgres from 'postgres'
import {
  createDb,
  migrationsFolder,
  pgliteExtensions,
  type Database,
  type DbHandle,
} from './client.ts'
import type { ConnectionContent } from './queries/connections.ts'
import { createUser } from './queries/users.ts'

export { createScratchDatabase } from './scratch-database.ts'

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a throw-away
 * database on the server named by TEST_DATABASE_URL (dropped again by `close`).
 */
export async function createTestDb({
  migrateUpTo,
}: {
  /** Stop after this migration (its tag), to see what the later ones do to existing data. */
  migrateUpTo?: string
} = {}): Promise<DbHandle & { url?: string }> {
  const folder = migrateUpTo ? migrationsFolderUpTo(migrateUpTo) : undefined
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) {
    if (folder) {
      const handle = createDb({})
      await handle.migrate(folder)
      return handle
    }
    return createDb({ loadDataDir: await migratedPgliteTemplate() })
  }

  const name = `fiveconnect_test_${randomBytes(6).toString('hex')}`
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const handle = createDb({ url: url.toString(), maxConnections: 5 })
  await handle.migrate(folder)
  return {
    ...handle,
    url: url.toString(),
    close: async () => {
      await handle.close()
      await admin.unsafe(`drop database if exists ${name} with (force)`)
      await admin.end()
    },
  }
}

/** Names the file in which the test run's global setup left `dumpMigratedPglite`'s dump. */
export const pgliteTemplateEnv = 'FIVECONNECT_PGLITE_TEMPLATE'

/**
 * A new in-memory PGlite database with every migration applied, as a dumped data directory.
 * Starting each test database from it skips initdb and the migrations, which cost seconds of
 * CPU per database and, run in parallel on two cores, timed test hooks out.
 */
export async function dumpMigratedPglite(): Promise<Blob> {
  const client = new PGlite({ extensions: pgliteExtensions })
  try {
    await migrate(drizzle(client), { migrationsFolder })
    return await client.dumpDataDir('none')
  } finally {
    await client.close()
  }
}

let template: Promise<Blob> | undefined

/** The run's dump when its global setup made one, otherwise one made once in this process. */
function migratedPgliteTemplate(): Promise<Blob> {
  const file = process.env[pgliteTemplateEnv]
  template ??= file ? readFile(file).then((bytes) => new Blob([bytes])) : dumpMigratedPglite()
  return template
}

/** A copy of the migrations folder whose journal ends with the migration tagged `lastTag`. */
function migrationsFolderUpTo(lastTag: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'fiveconnect-migrations-'))
  cpSync(migrationsFolder, folder, { recursive: true })
  const journalPath = join(folder, 'meta', '_journal.json')
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] }
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag)
  if (last < 0) throw new Error(`No migration tagged ${lastTag}`)
  journal.entries = journal.entries.slice(0, last + 1)
  writeFileSync(journalPath, JSON.stringify(journal))
  return folder
}

/** A connection with nothing but its person, for tests to add to. */
export const emptyConnectionContent: ConnectionContent = {
  eventId: null,
  connectionTypes: [],
  connectionFocus: null,
  notes: null,
  photos: [],
  voiceNoteUrl: null,
  voiceNoteTranscription: null,
  followUpOn: null,
  followUpDone: false,
}

let testUserCount = 0

/** A user with an email no other test user has, for tests that need someone to own rows. */
export function createTestUser(db: Database) {
  testUserCount += 1
  return createUser(db, {
    email: `test-user-${testUserCount}@example.com`,
    passwordHash: 'hash',
    firstName: 'Test',
    lastName: `User ${testUserCount}`,
  })
}

/**
 * Waits until every transaction that had written on the database server before the call has ended.
 * A change horizon (currentChangeHorizon) is the oldest such transaction still running on the whole
 * server: while another suite's transaction is open (on Postgres the suites share one server),
 * writes made before the horizon was taken still count as changed since it. A sync may then send a
 * card twice, which is its contract, but a test of exactly what changed must wait first.
 */
export async function untilEarlierTransactionsEnd(db: Database): Promise<void> {
  const snapshot = async () => {
    const [row] = await db
      .select({
        xmin: sql<string>`pg_snapshot_xmin(pg_current_snapshot())::text`,
        xmax: sql<string>`pg_snapshot_xmax(pg_current_snapshot())::text`,
      })
      .from(sql`(select 1) as one`)
    if (!row) throw new Error('The snapshot query returned no row')
    return { xmin: BigInt(row.xmin), xmax: BigInt(row.xmax) }
  }
  const { xmax: begunBefore } = await snapshot()
  while ((await snapshot()).xmin < begunBefore) {
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/** The plan's text lines; PGlite answers `{ rows }`, postgres.js an array of rows. */
export function planLines(result: unknown): string[] {
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<
    string,
    string
  >[]
  return rows.map((row) => Object.values(row).join(' '))
}
