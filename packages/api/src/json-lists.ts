import {
  datePaths,
  emptyJsonPage,
  getHomeSummaryJson,
  listConnectionsPageJson,
  listEventsForUserPageJson,
  searchConnectionsPageJson,
  searchPeopleAndProfilesJson,
  type Database,
  type JsonAnswer,
  type JsonPage,
  type SearchPosition,
} from '@fiveconnect/db'
import superjson from 'superjson'
import type { z } from 'zod'
import { encodeCursor } from './common.schema.ts'
import {
  connectionPageOutput,
  connectionSearchPageOutput,
  listConnectionsInput,
  searchConnectionsInput,
} from './connections/connection.schema.ts'
import { memorySearchOf } from './connections/memory-search.ts'
import { eventForUserPageOutput, listEventsInput } from './events/event.schema.ts'
import { homeSummaryOf } from './home/home-summary.ts'
import { homeSummaryInput, homeSummaryOutput } from './home/home.schema.ts'
import { peopleSearchOf } from './people/people-search.ts'
import { peopleSearchOutput, searchPeopleInput } from './people/person.schema.ts'

const utf8 = new TextEncoder()

/**
 * A list (or Home's summary) the client reads over tRPC whose JSON Postgres writes as text: the
 * procedure of the same path answers the same, built as objects. `answer` reads it for the
 * signed-in user, as superjson would write the procedure's answer (in parts, spliced together as
 * they are).
 */
type JsonList<Input extends z.ZodType> = {
  input: Input
  output: z.ZodType
  answer: (db: Database, userId: string, input: z.output<Input>) => Promise<Uint8Array[]>
}

const jsonList = <Input extends z.ZodType>(list: JsonList<Input>) =>
  list as unknown as JsonList<z.ZodType<unknown>>

/** Memory search's page, as REST and tRPC answer it. */
export function memorySearchPage(
  db: Database,
  userId: string,
  input: z.output<typeof searchConnectionsInput>,
): Promise<JsonPage<SearchPosition>> {
  const search = memorySearchOf(userId, input)
  return search ? searchConnectionsPageJson(db, search) : Promise.resolve(emptyJsonPage())
}

/** People search's results as one JSON array, as REST and tRPC answer them. */
export function peopleSearchJson(
  db: Database,
  userId: string,
  input: z.output<typeof searchPeopleInput>,
): Promise<Uint8Array<ArrayBuffer>> {
  const search = peopleSearchOf(userId, input)
  return search ? searchPeopleAndProfilesJson(db, search) : Promise.resolve(utf8.encode('[]'))
}

/** The lists, by their procedure's path. */
export const JSON_LISTS: Readonly<Record<string, JsonList<z.ZodType<unknown>>>> = {
  'connections.list': jsonList({
    input: listConnectionsInput,
    output: connectionPageOutput,
    answer: async (db, userId, { limit, cursor, ...filters }) =>
      superjsonPage(await listConnectionsPageJson(db, userId, { limit, after: cursor }, filters)),
  }),
  'connections.search': jsonList({
    input: searchConnectionsInput,
    output: connectionSearchPageOutput,
    answer: async (db, userId, input) => superjsonPage(await memorySearchPage(db, userId, input)),
  }),
  'events.list': jsonList({
    input: listEventsInput,
    output: eventForUserPageOutput,
    answer: async (db, userId, { limit, cursor, ...filters }) =>
      superjsonPage(await listEventsForUserPageJson(db, userId, { limit, after: cursor }, filters)),
  }),
  'home.summary': jsonList({
    input: homeSummaryInput,
    output: homeSummaryOutput,
    answer: async (db, userId, input) =>
      superjsonAnswer(await getHomeSummaryJson(db, homeSummaryOf(userId, input))),
  }),
  'people.search': jsonList({
    input: searchPeopleInput,
    output: peopleSearchOutput,
    // No dates in a result: superjson writes no `meta`.
    answer: async (db, userId, input) =>
      superjsonAnswer({ json: await peopleSearchJson(db, userId, input), dates: null }),
  }),
}

/**
 * The page as superjson writes the procedure's answer, `{ items, nextCursor }`: its JSON under
 * `json`, and under `meta` which strings are Dates, so the client gets what the procedure would
 * have sent. The items' JSON text is spliced in as Postgres wrote it, never parsed.
 */
function superjsonPage(page: JsonPage<object>): Uint8Array[] {
  const nextCursor = page.next && encodeCursor(page.next)
  return [
    utf8.encode('{"json":{"items":'),
    page.json,
    utf8.encode(`,"nextCursor":${JSON.stringify(nextCursor)}}${superjsonMeta(page, 'items.')}}`),
  ]
}

/** The answer as superjson writes the procedure's answer when it is that JSON: `{json, meta}`. */
function superjsonAnswer(answer: JsonAnswer): Uint8Array[] {
  return [utf8.encode('{"json":'), answer.json, utf8.encode(`${superjsonMeta(answer)}}`)]
}

/**
 * superjson's `meta` for an answer whose JSON sits at `prefix` in what the procedure returns, as
 * the text that follows its `json` (nothing when it holds no date). The meta names each Date by
 * its path: one replacement turns the answer's list of paths into the meta's entries. The paths
 * are the tables' own column names, which JSON needs no escaping for. Built in a loop over the
 * paths, the meta was two fifths of what a page's answer allocated.
 */
function superjsonMeta(answer: JsonAnswer, prefix = ''): string {
  const dates = datePaths(answer)
  if (!dates) return ''
  const entries = `"${prefix}${dates.replaceAll(',', `":["Date"],"${prefix}`)}":["Date"]`
  return `,"meta":{"values":{${entries}},"v":1}`
}

/**
 * Checks that the answer is what the list's output schema allows, read back as the client reads
 * it; throws when not. For tests and development: in production the schema is not checked on every
 * answer (ADR 026).
 */
export function checkJsonListAnswer(list: JsonList<z.ZodType<unknown>>, parts: Uint8Array[]) {
  const text = Buffer.concat(parts).toString('utf8')
  list.output.parse(
    superjson.deserialize(JSON.parse(text) as Parameters<typeof superjson.deserialize>[0]),
  )
}
