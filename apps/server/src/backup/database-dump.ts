import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { readFile, rename, rm, writeFile } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { PGlite } from '@electric-sql/pglite'
import { createDb, exportSnapshot, pgliteExtensions, type Database } from '@fiveconnect/db'
import { drizzle } from 'drizzle-orm/pglite'
import type { Env } from '../env.ts'
import { JOB_SCHEMA } from '../jobs/job-queue.ts'
import { BackupError } from './backup-error.ts'

const run = promisify(execFile)

/**
 * How the database is dumped: pg_dump's custom format for Postgres, PGlite's own data directory
 * tarball for the embedded database (see ADR 011).
 */
export type DumpFormat = 'pg_dump-custom' | 'pglite-datadir'

export const dumpFileName: Record<DumpFormat, string> = {
  'pg_dump-custom': 'database/postgres.dump',
  'pglite-datadir': 'database/pglite-datadir.tar.gz',
}

export type DatabaseTarget = { driver: 'postgres'; url: string } | { driver: 'pglite'; dir: string }

export function databaseTarget(env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR'>): DatabaseTarget {
  return env.DATABASE_URL
    ? { driver: 'postgres', url: env.DATABASE_URL }
    : { driver: 'pglite', dir: join(env.DATA_DIR, 'pglite') }
}

export const formatOf = (target: DatabaseTarget): DumpFormat =>
  target.driver === 'postgres' ? 'pg_dump-custom' : 'pglite-datadir'

/** A PGlite folder holds a database once initdb has written its version file. */
const hasPgliteDatabase = (dir: string) => existsSync(join(dir, 'PG_VERSION'))

/**
 * Runs `work` on the target database, or answers `absent` when there is none yet (a PGlite folder
 * never started). PGlite is opened here without migrating: the backup must see it as it is.
 */
export async function withDatabase<T>(
  target: DatabaseTarget,
  absent: T,
  work: (db: Database) => Promise<T>,
): Promise<T> {
  if (target.driver === 'pglite') {
    if (!hasPgliteDatabase(target.dir)) return absent
  }
  const handle = createDb(
    target.driver === 'pglite' ? { pgliteDir: target.dir } : { url: target.url, maxConnections: 1 },
  )
  try {
    return await work(handle.db)
  } finally {
    await handle.close()
  }
}

async function tool(command: string, args: string[]): Promise<void> {
  try {
    await run(command, args, { maxBuffer: 16 * 1024 * 1024 })
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string }
    if (failure.code === 'ENOENT') {
      throw new BackupError(
        `${command} was not found: install the PostgreSQL client tools (Debian: postgresql-client).`,
      )
    }
    throw new BackupError(`${command} failed: ${(failure.stderr ?? failure.message).trim()}`)
  }
}

/**
 * Writes the database's dump to `file`, and answers what `read` finds in the very state dumped:
 * on Postgres `read` runs in a repeatable-read transaction whose snapshot pg_dump shares, so the
 * manifest's figures match the dump even while the server writes.
 */
export async function dumpDatabase<T>(
  target: DatabaseTarget,
  file: string,
  read: (db: Database) => Promise<T>,
): Promise<T> {
  if (target.driver === 'postgres') {
    const handle = createDb({ url: target.url, maxConnections: 1 })
    try {
      return await handle.db.transaction(
        async (tx) => {
          const snapshot = await exportSnapshot(tx)
          const found = await read(tx)
          await tool('pg_dump', [
            '--format=custom',
            '--no-owner',
            '--no-privileges',
            `--snapshot=${snapshot}`,
            `--file=${file}`,
            `--dbname=${target.url}`,
          ])
          return found
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      )
    } finally {
      await handle.close()
    }
  }
  if (!hasPgliteDatabase(target.dir)) {
    throw new BackupError(`There is no database in ${target.dir}: nothing to back up.`)
  }
  const client = new PGlite(target.dir, { extensions: pgliteExtensions })
  try {
    const found = await read(drizzle(client, { casing: 'snake_case' }) as unknown as Database)
    const tarball = await client.dumpDataDir('gzip')
    await writeFile(file, Buffer.from(await tarball.arrayBuffer()))
    return found
  } finally {
    await client.close()
  }
}

/**
 * Replaces the target database with the dump in `file`, all or nothing: Postgres in one
 * transaction, PGlite by loading a new folder beside the old one and swapping them. `check` reads
 * the restored database: for PGlite before its folder takes the old one's place.
 */
export async function restoreDatabase(
  target: DatabaseTarget,
  file: string,
  check: (db: Database) => Promise<void>,
): Promise<void> {
  if (target.driver === 'postgres') {
    const script = `${file}.sql`
    await tool('pg_restore', ['--no-owner', '--no-privileges', `--file=${script}`, file])
    // Whatever the database held (the app's tables, its migrations and the job queue's) goes in the
    // same transaction that loads the dump.
    await tool('psql', [
      '--no-psqlrc',
      '--quiet',
      '--set=ON_ERROR_STOP=1',
      '--single-transaction',
      `--command=drop schema if exists drizzle cascade; drop schema if exists ${JOB_SCHEMA} cascade; drop schema if exists public cascade; create schema public;`,
      `--file=${script}`,
      `--dbname=${target.url}`,
    ])
    await rm(script, { force: true })
    await withDatabase(target, undefined, check)
    return
  }

  const parent = dirname(target.dir)
  const incoming = join(parent, `${basename(target.dir)}.restoring`)
  const outgoing = join(parent, `${basename(target.dir)}.replaced`)
  await rm(incoming, { recursive: true, force: true })
  const restored = createDb({ pgliteDir: incoming, loadDataDir: new Blob([await readFile(file)]) })
  try {
    await check(restored.db)
  } catch (error) {
    await restored.close()
    await rm(incoming, { recursive: true, force: true })
    throw error
  }
  await restored.close()
  await rm(outgoing, { recursive: true, force: true })
  if (existsSync(target.dir)) await rename(target.dir, outgoing)
  await rename(incoming, target.dir)
  await rm(outgoing, { recursive: true, force: true })
}
