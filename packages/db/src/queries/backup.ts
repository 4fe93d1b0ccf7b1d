import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { sql, type SQL } from 'drizzle-orm'
import { migrationsFolder, type Database } from '../client.ts'
import { SYSTEM_USER_EMAIL } from './events.ts'

/** How far a database's schema has been migrated: how many migrations, and the newest one's stamp. */
export type SchemaLevel = { migrations: number; latestMigrationAt: number | null }

// postgres-js answers an array of rows, PGlite an object holding them.
async function rowsOf<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result: unknown = await db.execute(query)
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Row[]
}

/** The app's tables (schema public) and drizzle's migration journal, as "schema.table". */
async function tableNames(db: Database): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`select table_schema || '.' || table_name as name from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle')
        order by table_schema, table_name`,
  )
  return rows.map((row) => row.name)
}

const quoted = (name: string) =>
  sql.raw(
    name
      .split('.')
      .map((part) => `"${part.replaceAll('"', '""')}"`)
      .join('.'),
  )

/** Every table's row count, keyed "schema.table". */
export async function tableRowCounts(db: Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  for (const name of await tableNames(db)) {
    const [row] = await rowsOf<{ count: number }>(
      db,
      sql`select count(*)::int as count from ${quoted(name)}`,
    )
    counts[name] = row?.count ?? 0
  }
  return counts
}

/**
 * A digest of each table's rows, keyed "schema.table": two databases with the same digests hold
 * the same rows. Rows are compared as their text form, in that form's order.
 */
export async function tableDigests(db: Database): Promise<Record<string, string>> {
  const digests: Record<string, string> = {}
  for (const name of await tableNames(db)) {
    const [row] = await rowsOf<{ digest: string | null }>(
      db,
      sql`select md5(coalesce(string_agg(t::text, E'\n' order by t::text), '')) as digest
          from ${quoted(name)} as t`,
    )
    digests[name] = row?.digest ?? ''
  }
  return digests
}

/**
 * The app's tables that hold rows someone put there, with how many: the rows the migrations seed
 * (the system account and its starter event) and drizzle's journal do not count.
 */
export async function tablesHoldingData(db: Database): Promise<Record<string, number>> {
  const held: Record<string, number> = {}
  for (const name of await tableNames(db)) {
    if (!name.startsWith('public.')) continue
    const seeded =
      name === 'public.users'
        ? sql` where email <> ${SYSTEM_USER_EMAIL}`
        : name === 'public.events'
          ? sql` where created_by not in (select id from users where email = ${SYSTEM_USER_EMAIL})`
          : sql``
    const [row] = await rowsOf<{ count: number }>(
      db,
      sql`select count(*)::int as count from ${quoted(name)}${seeded}`,
    )
    if (row && row.count > 0) held[name.slice('public.'.length)] = row.count
  }
  return held
}

/** The migrations applied to this database (none when it was never migrated). */
export async function appliedSchemaLevel(db: Database): Promise<SchemaLevel> {
  const [journal] = await rowsOf<{ exists: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as exists`,
  )
  if (!journal?.exists) return { migrations: 0, latestMigrationAt: null }
  const [row] = await rowsOf<{ migrations: number; latest: string | null }>(
    db,
    sql`select count(*)::int as migrations, max(created_at)::text as latest
        from drizzle.__drizzle_migrations`,
  )
  return {
    migrations: row?.migrations ?? 0,
    latestMigrationAt: row?.latest ? Number(row.latest) : null,
  }
}

/** The migrations this code ships, as its journal lists them. */
export function codeSchemaLevel(folder = migrationsFolder): SchemaLevel {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[]
  }
  const latest = journal.entries.at(-1)
  return { migrations: journal.entries.length, latestMigrationAt: latest?.when ?? null }
}

/** Exports the transaction's snapshot, for pg_dump to dump exactly what the transaction sees. */
export async function exportSnapshot(db: Database): Promise<string> {
  const [row] = await rowsOf<{ snapshot: string }>(db, sql`select pg_export_snapshot() as snapshot`)
  if (!row) throw new Error('pg_export_snapshot answered nothing')
  return row.snapshot
}
