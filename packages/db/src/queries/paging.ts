import { sql, type Placeholder, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'

/**
 * Keyset paging: a page starts just after the last row of the one before, found by its sort key
 * and id (never OFFSET, so a page costs the same deep in the list and rows added meanwhile do not
 * shift it). The key is a timestamp written to the microsecond: a JS Date keeps milliseconds, and
 * two rows within one millisecond would otherwise be skipped.
 */
export type PagePosition = { key: string; id: string }
export type PageRequest = { limit: number; after?: PagePosition }
export type Page<T, P = PagePosition> = { items: T[]; next: P | null }

/** A timestamp as exact text, UTC, to the microsecond: what PagePosition.key holds. */
export function exactTimestamp(column: PgColumn | SQL): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
}

export type SortOrder = 'asc' | 'desc'

/** The rows after the position in (key, id) order; undefined (no condition) for a first page. */
export function afterPosition(
  order: SortOrder,
  key: PgColumn,
  id: PgColumn,
  after: { key: string | Placeholder; id: string | Placeholder } | undefined,
): SQL | undefined {
  if (!after) return undefined
  const position = sql`(${after.key}::timestamptz, ${after.id}::uuid)`
  return order === 'desc' ? sql`(${key}, ${id}) < ${position}` : sql`(${key}, ${id}) > ${position}`
}

/**
 * The page from `limit + 1` rows in order, each with its `pageKey`: the first `limit`, and the
 * last one's position when the extra row shows there is more.
 */
export function pageOf<T extends { pageKey: string; id: string }>(
  rows: T[],
  limit: number,
): Page<Omit<T, 'pageKey'>> {
  const items = rows.slice(0, limit).map(({ pageKey: _pageKey, ...item }) => item)
  const last = rows[limit - 1]
  return { items, next: rows.length > limit && last ? { key: last.pageKey, id: last.id } : null }
}

/** Every row of a keyset-paged list, a page at a time: a long list read without holding it all. */
export async function* everyPage<T>(
  readPage: (page: PageRequest) => Promise<Page<T>>,
  limit: number,
): AsyncGenerator<T[]> {
  let after: PagePosition | undefined
  do {
    const page = await readPage({ limit, after })
    if (page.items.length > 0) yield page.items
    after = page.next ?? undefined
  } while (after)
}
