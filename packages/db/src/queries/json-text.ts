import { fillPlaceholders, is, SQL, sql, type Placeholder } from 'drizzle-orm'
import { PgColumn, PgTimestamp } from 'drizzle-orm/pg-core'
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

type JsonTextQuery = PromiseLike<{ json: string }[]> & {
  toSQL: () => { sql: string; params: unknown[] }
  prepare: (name: string) => {
    execute: (values: Record<string, unknown>) => Promise<{ json: string }[]>
  }
}

/**
 * postgres-js sends unsafe() text unprepared unless told: Postgres would parse and plan a list's
 * statement on every call, which took it as long as running it (the events list: 1 to 4 ms of
 * planning for 2 ms of work). Prepared, a connection parses each statement once and keeps it.
 */
const PREPARED = { prepare: true }

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
  query: JsonTextQuery,
): Promise<Uint8Array<ArrayBuffer>> {
  return selectJson(db, query, bytesReader)
}

/**
 * selectJsonBytes for a query that is built once, with `sql.placeholder`s for what changes from
 * call to call: each call only fills them in. Building a list's statement (its JSON object, joins
 * and column names) took more of the server's time than sending it.
 */
export function jsonBytesStatement<Values extends Record<string, unknown>>(
  db: Database,
  name: string,
  query: JsonTextQuery,
): (values: Values) => Promise<Uint8Array<ArrayBuffer>> {
  return jsonStatement(db, name, query, bytesReader)
}

/** The fields of a JSON object as jsonObject takes them, with nested objects as their own fields. */
export type JsonShape = { [key: string]: JsonField | JsonShape }

const isField = (value: JsonField | JsonShape): value is JsonField =>
  is(value, SQL) || is(value, PgColumn)

/**
 * The paths of the object's timestamps that are not null, comma-separated ('createdAt,event.startDateTime'):
 * in the JSON text they are ISO strings, and a tRPC answer tells the client which strings to turn
 * back into Dates (superjson's meta), as it would have for the objects.
 */
export function jsonDatePaths(shape: JsonShape, prefix = ''): SQL<string> {
  const paths = Object.entries(shape).flatMap(([key, value]): SQL[] => {
    if (!isField(value)) return [jsonDatePaths(value, `${prefix}${key}.`)]
    return is(value, PgTimestamp)
      ? [sql`case when ${value} is not null then ${sql.raw(`'${prefix}${key}'`)} end`]
      : []
  })
  return paths.length === 0
    ? sql<string>`null::text`
    : sql<string>`nullif(concat_ws(',', ${sql.join(paths, sql`, `)}), '')`
}

/**
 * A function that turns the timestamps of an object parsed from jsonObject's JSON (ISO strings)
 * back into the Dates drizzle answers for them, in place.
 */
export function jsonDateReviver(shape: JsonShape): (value: Record<string, unknown>) => void {
  const revivers = Object.entries(shape).flatMap(([key, field]) => {
    if (!isField(field)) {
      const revive = jsonDateReviver(field)
      return [
        (value: Record<string, unknown>) => {
          const nested = value[key]
          if (nested && typeof nested === 'object') revive(nested as Record<string, unknown>)
        },
      ]
    }
    if (!is(field, PgTimestamp)) return []
    return [
      (value: Record<string, unknown>) => {
        const text = value[key]
        if (typeof text === 'string') value[key] = new Date(text)
      },
    ]
  })
  return (value) => {
    for (const revive of revivers) revive(value)
  }
}

/**
 * The rows of a page, each as a JSON object (`row`) with its date paths (jsonDatePaths), its place
 * in the list's order as the JSON object a next page starts after (`position`: a PagePosition, or
 * memory search's SearchPosition), and its place on the page (1, 2, ...).
 */
export type JsonPageRows = {
  row: unknown
  dates: unknown
  position: unknown
  n: unknown
}

/**
 * Selects a page of `limit` rows as one JSON array text (`json`) from a subquery of up to
 * `limit + 1` rows in order; `next`: the last row's position as JSON text when there is more; and
 * `dates`: the paths of the page's dates in its JSON array, comma-separated
 * ('0.createdAt,0.event.startDateTime,1.createdAt'), or null.
 */
export function jsonPageFields(page: JsonPageRows, limit: number | Placeholder) {
  const onPage = sql`${page.n} <= ${limit}`
  return {
    json: sql<string>`coalesce(json_agg(${page.row} order by ${page.n}) filter (where ${onPage}), '[]')::text`,
    next: sql<string | null>`case when count(*) > ${limit}
      then max(case when ${page.n} = ${limit} then ${page.position}::text end) end`,
    dates: sql<
      string | null
    >`${arrayDatePaths(page)} filter (where ${onPage} and ${page.dates} is not null)`,
  }
}

/**
 * An aggregate of rows' date paths (jsonDatePaths, as `dates`) as the paths of those dates in the
 * JSON array of the rows, in their order `n` (1, 2, ...), under `prefix` ('items.' for
 * 'items.0.createdAt,items.1.createdAt'), comma-separated; null for no rows.
 */
export function arrayDatePaths(
  rows: { dates: unknown; n: unknown },
  prefix = '',
): SQL<string | null> {
  // The prefix is a key path of this codebase, never user input.
  const place = sql`concat(${sql.raw(`'${prefix}'`)}, ${rows.n} - 1, '.')`
  return sql<string | null>`string_agg(
    concat(${place}, replace(${rows.dates}, ',', concat(',', ${place}))), ',' order by ${rows.n})`
}

/**
 * Statements built once per database and name, for the lists whose shape varies (a cursor or not,
 * which filters): `build` runs the first time a name is asked for.
 */
export function statementCache<Statement>() {
  const byDatabase = new WeakMap<Database, Map<string, Statement>>()
  return (db: Database, name: string, build: () => Statement): Statement => {
    let statements = byDatabase.get(db)
    if (!statements) {
      statements = new Map()
      byDatabase.set(db, statements)
    }
    let statement = statements.get(name)
    if (!statement) {
      statement = build()
      statements.set(name, statement)
    }
    return statement
  }
}

/**
 * An answer's JSON text, in UTF-8, and which of its strings are dates (datePaths reads them), as
 * Postgres wrote them: only tRPC's answer needs them, and decoding them for every REST page was a
 * ninth of what that answer allocated.
 */
export type JsonAnswer = {
  json: Uint8Array<ArrayBuffer>
  dates: Uint8Array | null
}

/** A page's items as one JSON array (JsonAnswer), and where the next page starts. */
export type JsonPage<Position = PagePosition> = JsonAnswer & { next: Position | null }

/**
 * The paths of an answer's dates in its JSON, comma-separated ('0.createdAt,1.createdAt' for a
 * page's array); null when it has none.
 */
export function datePaths(answer: JsonAnswer): string | null {
  return answer.dates && utf8Text.decode(answer.dates)
}

/** A page with no items. */
export const emptyJsonPage = (): JsonPage<never> => ({
  json: utf8.encode('[]'),
  next: null,
  dates: null,
})

type JsonAnswerRow = { json: string; dates: string | null }
type JsonPageRow = JsonAnswerRow & { next: string | null }

type JsonPageQuery = PromiseLike<JsonPageRow[]> & {
  toSQL: () => { sql: string; params: unknown[] }
}

/** A query of jsonPageFields built once, its page's JSON read as jsonBytesStatement reads a list's. */
export function jsonPageStatement<Values extends Record<string, unknown>, Position = PagePosition>(
  db: Database,
  name: string,
  query: JsonPageQuery & {
    prepare: (name: string) => {
      execute: (values: Record<string, unknown>) => Promise<JsonPageRow[]>
    }
  },
): (values: Values) => Promise<JsonPage<Position>> {
  // The position's JSON is the statement's own jsonObject of the Position's fields.
  return jsonStatement(db, name, query, pageReader as JsonReader<JsonPageRow, JsonPage<Position>>)
}

/**
 * A query built once that selects one JSON text as `json` and its date paths as `dates`
 * (jsonDatePaths, arrayDatePaths), read as jsonBytesStatement reads a list's JSON.
 */
export function jsonAnswerStatement<Values extends Record<string, unknown>>(
  db: Database,
  name: string,
  query: PromiseLike<JsonAnswerRow[]> & {
    toSQL: () => { sql: string; params: unknown[] }
    prepare: (name: string) => {
      execute: (values: Record<string, unknown>) => Promise<JsonAnswerRow[]>
    }
  },
): (values: Values) => Promise<JsonAnswer> {
  return jsonStatement(db, name, query, answerReader)
}

/**
 * How a JSON query's answer becomes its result: from postgres-js's raw wire rows, or from the rows
 * PGlite answers.
 */
type JsonReader<Row, Result> = {
  fromWire: (rows: Buffer[][]) => Result
  fromRows: (rows: Row[]) => Result
}

type SqlQuery<Row> = PromiseLike<Row[]> & { toSQL: () => { sql: string; params: unknown[] } }

async function selectJson<Row, Result>(
  db: Database,
  query: SqlQuery<Row>,
  reader: JsonReader<Row, Result>,
): Promise<Result> {
  const postgresJs = postgresJsOf(db)
  if (!postgresJs) return reader.fromRows(await query)
  const { sql: text, params } = query.toSQL()
  return reader.fromWire(
    await postgresJs.unsafe(text, params as ParameterOrJSON<never>[], PREPARED).raw(),
  )
}

function jsonStatement<Row, Result>(
  db: Database,
  name: string,
  query: SqlQuery<Row> & {
    prepare: (name: string) => { execute: (values: Record<string, unknown>) => Promise<Row[]> }
  },
  reader: JsonReader<Row, Result>,
): (values: Record<string, unknown>) => Promise<Result> {
  const postgresJs = postgresJsOf(db)
  if (!postgresJs) {
    const prepared = query.prepare(name)
    return async (values) => reader.fromRows(await prepared.execute(values))
  }
  const { sql: text, params } = query.toSQL()
  return async (values) =>
    reader.fromWire(
      await postgresJs
        .unsafe(text, fillPlaceholders(params, values) as ParameterOrJSON<never>[], PREPARED)
        .raw(),
    )
}

const bytesReader: JsonReader<{ json: string }, Uint8Array<ArrayBuffer>> = {
  fromWire: wireBytes,
  fromRows: encodedText,
}

const answerReader: JsonReader<JsonAnswerRow, JsonAnswer> = {
  fromWire: (rows) => ({ json: wireBytes(rows), dates: rows[0]?.[1] ?? null }),
  fromRows: (rows) => {
    const dates = rows[0]?.dates
    return { json: encodedText(rows), dates: dates ? utf8.encode(dates) : null }
  },
}

const pageReader: JsonReader<JsonPageRow, JsonPage<unknown>> = {
  fromWire: pageOfWire,
  fromRows: pageOfRows,
}

function pageOfWire(rows: Buffer[][]): JsonPage<unknown> {
  const [, nextBytes, datesBytes] = rows[0] ?? []
  return jsonPage(
    wireBytes(rows),
    nextBytes ? utf8Text.decode(nextBytes) : null,
    datesBytes ?? null,
  )
}

function pageOfRows(rows: JsonPageRow[]): JsonPage<unknown> {
  const dates = rows[0]?.dates
  return jsonPage(encodedText(rows), rows[0]?.next ?? null, dates ? utf8.encode(dates) : null)
}

function jsonPage(
  json: Uint8Array<ArrayBuffer>,
  next: string | null,
  dates: Uint8Array | null,
): JsonPage<unknown> {
  return { json, next: next ? (JSON.parse(next) as unknown) : null, dates }
}

function wireBytes([row]: Buffer[][]): Uint8Array<ArrayBuffer> {
  const bytes = row?.[0]
  if (!bytes) throw new Error('The JSON query answered no text')
  // A view, not a copy; a socket's buffer is never shared memory.
  return new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength)
}

function encodedText([row]: { json: string }[]): Uint8Array<ArrayBuffer> {
  if (!row) throw new Error('The JSON query answered no text')
  return utf8.encode(row.json)
}

/** The postgres-js client behind `db`; undefined for PGlite. */
function postgresJsOf(db: Database): Sql | undefined {
  const client = (db as { $client?: Partial<Sql> }).$client
  return typeof client?.unsafe === 'function' ? (client as Sql) : undefined
}
