import { is, sql, type SQL } from 'drizzle-orm'
import { PgTimestamp, type PgColumn } from 'drizzle-orm/pg-core'

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

const jsonValue = (field: JsonField) =>
  is(field, PgTimestamp) ? isoTimestamp(field) : field

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
