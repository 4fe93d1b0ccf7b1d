// The hot routes of issue 33, each as REST and as the client calls it over tRPC, with what the app's
// own code sends to the database for each call: the floor (limits/floors.ts) replays exactly that.
import { createCaller, type Context } from '@fiveconnect/api'
import { JSON_LISTS } from '@fiveconnect/api/server'
import { CONNECTION_SEARCH_LIMIT, PAGE_SIZE } from '@fiveconnect/api/schemas'
import { listConnectionsPageJson, listEventsForUserJson, type Database } from '@fiveconnect/db'
import superjson from 'superjson'
import type { Dataset } from './dataset.ts'
import type { LoadRequest } from './load/run-load.ts'
import { HOT_SCENARIOS } from './targets.ts'

/** One request of a scenario, and the app's code that answers it, run against a database. */
export type HotCall = {
  request: LoadRequest
  answer: (db: Database, userId: string) => Promise<unknown>
}

export type HotScenario = {
  /** Its figures' name (targets.ts' HOT_SCENARIOS). */
  name: string
  calls: HotCall[]
}

/** A GET of one procedure as the client's batch link sends it: `?batch=1&input={"0": superjson}`. */
export function trpcGet(path: string, input: unknown): LoadRequest {
  const batch = JSON.stringify({ 0: superjson.serialize(input) })
  return { method: 'GET', path: `/api/trpc/${path}?batch=1&input=${encodeURIComponent(batch)}` }
}

const get = (path: string): LoadRequest => ({ method: 'GET', path })

/** The procedures' own code, called as tRPC calls it for the signed-in user. */
const caller = (db: Database, userId: string) =>
  createCaller({ db, user: { id: userId } } as unknown as Context)

/** What the client sends for a list's first page (useInfiniteQuery adds the direction). */
const firstPage = { limit: PAGE_SIZE, direction: 'forward' }

const today = () => new Date().toISOString().slice(0, 10)

/** Every hot route's scenarios for the dataset's searches. */
export function hotScenarios(dataset: Dataset): HotScenario[] {
  /** A list answered from JSON (JSON_LISTS), as its procedure reads the input. */
  const jsonAnswer = (path: string, input: object): HotCall['answer'] => {
    const json = JSON_LISTS[path]
    if (!json) throw new Error(`${path} is not answered from JSON`)
    return (db, userId) => json.answer(db, userId, json.input.parse(input))
  }
  const list = (path: string, input: object): HotCall => ({
    request: trpcGet(path, input),
    answer: jsonAnswer(path, input),
  })
  const query = (q: string) => `?q=${encodeURIComponent(q)}`
  return [
    {
      name: HOT_SCENARIOS.connections.REST,
      calls: [
        {
          request: get(`/api/connections?limit=${PAGE_SIZE}`),
          answer: (db, userId) => listConnectionsPageJson(db, userId, { limit: PAGE_SIZE }),
        },
      ],
    },
    {
      name: HOT_SCENARIOS.connections.tRPC,
      calls: [list('connections.list', firstPage)],
    },
    {
      name: HOT_SCENARIOS.events.REST,
      calls: [
        { request: get('/api/events'), answer: (db, userId) => listEventsForUserJson(db, userId) },
      ],
    },
    {
      name: HOT_SCENARIOS.events.tRPC,
      calls: [list('events.list', firstPage)],
    },
    {
      name: HOT_SCENARIOS.people.REST,
      calls: dataset.searchTerms.map((q) => ({
        request: get(`/api/people/search${query(q)}`),
        answer: jsonAnswer('people.search', { q }),
      })),
    },
    {
      name: HOT_SCENARIOS.people.tRPC,
      calls: dataset.searchTerms.map((q) => list('people.search', { q })),
    },
    {
      name: HOT_SCENARIOS.memory.REST,
      calls: dataset.memoryTerms.map((q) => ({
        request: get(`/api/connections/search${query(q)}`),
        // The route's first page when none is asked for (routes/table/connections.ts).
        answer: jsonAnswer('connections.search', { q, limit: CONNECTION_SEARCH_LIMIT }),
      })),
    },
    {
      name: HOT_SCENARIOS.memory.tRPC,
      calls: dataset.memoryTerms.map((q) => list('connections.search', { q, ...firstPage })),
    },
    {
      name: HOT_SCENARIOS.home.tRPC,
      calls: [
        {
          request: trpcGet('home.summary', { today: today() }),
          answer: (db, userId) => caller(db, userId).home.summary({ today: today() }),
        },
      ],
    },
  ]
}
