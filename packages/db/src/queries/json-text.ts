import { is, sql, type SQL } from 'drizzle-orm'
import { PgTimestamp, type PgColumn } from 'drizzle-orm/pg-core'
import type { ParameterOrJSON, Sql } from 'postgres'
import type { Database } from '../client.ts'
import type { PagePosition } from './paging.ts'

/**
 * Building a list's JSON in Postgres: for a large list, the database writes the JSON text faster than
 * Node can map the rows to objects and stringify them again, and the server only passes the text on.
 * Each value is written as JSON.stringify writes what drizzle returns for it (dates included), so a
 * client cannot tell the two paths apart; json-text.test.ts holds them to that.
 */

type JsonField = PgColumn | SQL

// JSON.stringify writes a Date as toISOString(): UTC, milliseconds, 'Z'.
const isoTimestamp = (column: PgColumn) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

const jsonValue = (field: JsonField) => (is(field, PgTimestamp) ? isoTimestamp(field) : field)

/** A JSON object with these keys, each the column's (or expression's) value. */
export function jsonObject(fields: Record<string, JsonField>): SQL {
  // Keys are names from this codebase, never user input, so they are written as literals.
  const pairs = Object.entries(fields).map(
    ([key, field]) => sql`${sql.raw(`'${key}'`)}, ${jsonValue(field)}`,
  )
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`
}

/** The object, or null when the left-joined row is missing (its key column is null). */
export function jsonObjectOrNull(key: PgColumn, fields: Record<string, JsonField>): SQL {
  return sql`case when ${key} is null then null else ${jsonObject(fields)} end`
}

/** The rows' objects as one JSON array text, in the given order; '[]' when there are none. */
export function jsonArrayText(row: SQL, orderBy: SQL): SQL<string> {
  return sql<string>`coalesce(json_agg(${row} order by ${orderBy}), '[]')::text`
}

type JsonTextQuery<Row> = PromiseLike<Row[]> & {
  toSQL: () => { sql: string; params: unknown[] }
}

const utf8 = new TextEncoder()
const utf8Text = new TextDecoder()

/**
 * Runs a query that selects one JSON text as `json` and answers that text's UTF-8 bytes. Through
 * postgres-js they are the bytes as they came off the wire (its raw mode): a list of 600 kB is
 * never decoded into a string to be encoded again for the answer, which kept the server's memory
 * 60 MB higher under load. PGlite answers a string, encoded here.
 */
export async function selectJsonBytes(
  db: Database,
  query: JsonTextQuery<{ json: string }>,
): Promise<Uint8Array<ArrayBuffer>> {
  return (await selectJsonRow(db, query)).json
}

/** The rows of a page, each as a JSON object (`row`), with its sort key, id and place (1, 2, ...). */
export type JsonPageRows = { row: unknown; pageKey: unknown; id: unknown; n: unknown }

/**
 * Selects a page of `limit` rows as one JSON array text (`json`) from a subquery of up to
 * `limit + 1` rows in order, and `next`: the last row's [key, id] as JSON text when there is more.
 */
export function jsonPageFields(page: JsonPageRows, limit: number) {
  return {
    json: sql<string>`coalesce(json_agg(${page.row} order by ${page.n}) filter (where ${page.n} <= ${limit}), '[]')::text`,
    next: sql<string | null>`case when count(*) > ${limit}
      then max(case when ${page.n} = ${limit} then json_build_array(${page.pageKey}, ${page.id})::text end) end`,
  }
}

/** A page's items as one JSON array text, in UTF-8, and where the next page starts. */
export type JsonPage = { json: Uint8Array<ArrayBuffer>; next: PagePosition | null }

/** Runs a query of jsonPageFields. */
export async function selectJsonPage(
  db: Database,
  query: JsonTextQuery<{ json: string; next: string | null }>,
): Promise<JsonPage> {
  const { json, next } = await selectJsonRow(db, query)
  if (!next) return { json, next: null }
  const [key, id] = JSON.parse(next) as [string, string]
  return { json, next: { key, id } }
}

/** The query's first column as UTF-8 bytes, and its second (`next`), a short text or null. */
async function selectJsonRow(
  db: Database,
  query: JsonTextQuery<{ json: string; next?: string | null }>,
): Promise<{ json: Uint8Array<ArrayBuffer>; next: string | null }> {
  const postgresJs = postgresJsOf(db)
  if (postgresJs) {
    const { sql: text, params } = query.toSQL()
    const [row] = await postgresJs.unsafe(text, params as ParameterOrJSON<never>[]).raw()
    const bytes = row?.[0]
    if (!bytes) throw new Error('The JSON query answered no text')
    const next = row[1]
    return {
      // A view, not a copy; a socket's buffer is never shared memory.
      json: new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength),
      next: next ? utf8Text.decode(next) : null,
    }
  }
  const [row] = await query
  if (!row) throw new Error('The JSON query answered no text')
  return { json: utf8.encode(row.json), next: row.next ?? null }
}

/** The postgres-js client behind `db`; undefined for PGlite. */
function postgresJsOf(db: Database): Sql | undefined {
  const client = (db as { $client?: Partial<Sql> }).$client
  return typeof client?.unsafe === 'function' ? (client as Sql) : undefined
}
