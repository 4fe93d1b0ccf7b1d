import { memorySearchPage, peopleSearchJson } from '@fiveconnect/api/server'
import {
  CONNECTION_SEARCH_LIMIT,
  connectionFiltersInput,
  eventFiltersInput,
  searchConnectionsInput,
  searchPeopleInput,
} from '@fiveconnect/api/schemas'
import {
  listConnectionsJson,
  listConnectionsPageJson,
  listEventsForUserJson,
  listEventsForUserPageJson,
  type Database,
  type JsonPage,
  type PagePosition,
} from '@fiveconnect/db'
import type { z } from 'zod'
import { signedIn } from '../../http/signed-in.ts'
import {
  pageQueryOf,
  parsePageQuery,
  parseQuery,
  sendJsonText,
  sendJsonTextPage,
} from '../paging.ts'
import type { Serve } from '../route.ts'

type PageRequest = { limit: number; after?: PagePosition }

/**
 * A large list whose JSON the database writes itself (see @fiveconnect/db's json-text.ts), answered
 * as it is, without parsing or serializing it again (ADR 003's exception). The entry names the
 * procedure that answers the same list over tRPC, whose schemas the document shows; its filters
 * are read from the query as that procedure's input.
 */
function databaseList<Filters>(list: {
  filters: z.ZodType<Filters>
  whole: (db: Database, userId: string, filters: Filters) => Promise<Uint8Array<ArrayBuffer>>
  page: (db: Database, userId: string, page: PageRequest, filters: Filters) => Promise<JsonPage>
}): Serve {
  return ({ readInput }) => [
    async (c) => {
      const { db, user } = signedIn(c)
      const filters = parseQuery(list.filters, await readInput(c))
      const pageQuery = pageQueryOf(c)
      if (!pageQuery) return sendJsonText(c, await list.whole(db, user.id, filters))
      const { limit, cursor } = parsePageQuery(pageQuery)
      return sendJsonTextPage(c, await list.page(db, user.id, { limit, after: cursor }, filters))
    },
  ]
}

/** GET /api/connections: the signed-in user's connections, newest first. */
export const connectionList = databaseList({
  filters: connectionFiltersInput,
  whole: listConnectionsJson,
  page: listConnectionsPageJson,
})

/** GET /api/events: every event, with whether the signed-in user joined it. */
export const eventList = databaseList({
  filters: eventFiltersInput,
  whole: listEventsForUserJson,
  page: listEventsForUserPageJson,
})

/**
 * GET /api/connections/search: memory search, best first, its JSON written by the database as
 * tRPC's connections.search answers it; the first CONNECTION_SEARCH_LIMIT when no page is asked for.
 */
export const connectionSearch: Serve = ({ readInput }) => [
  async (c) => {
    const { db, user } = signedIn(c)
    const input = parseQuery(searchConnectionsInput, {
      ...((await readInput(c)) as object),
      ...(pageQueryOf(c) ?? { limit: CONNECTION_SEARCH_LIMIT }),
    })
    return sendJsonTextPage(c, await memorySearchPage(db, user.id, input))
  },
]

/** GET /api/people/search: the JSON the database writes for tRPC's people.search. */
export const peopleSearch: Serve = ({ readInput }) => [
  async (c) => {
    const { db, user } = signedIn(c)
    const input = parseQuery(searchPeopleInput, await readInput(c))
    return sendJsonText(c, await peopleSearchJson(db, user.id, input))
  },
]
