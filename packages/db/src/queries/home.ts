import { and, count, desc, eq, gte, lte, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { Database } from '../client.ts'
import { connections, events, people } from '../schema/index.ts'
import {
  connectionDates,
  connectionJson,
  connectionShape,
  hasOpenFollowUp,
  type ConnectionWithDetails,
} from './connections.ts'
import {
  arrayDatePaths,
  jsonAnswerStatement,
  jsonArrayText,
  jsonDateReviver,
  jsonObject,
  statementCache,
  type JsonAnswer,
} from './json-text.ts'

export type HomeSummary = {
  totalConnections: number
  recentConnections: ConnectionWithDetails[]
  followUpsDue: {
    id: string
    followUpOn: string
    person: { firstName: string; lastName: string }
  }[]
  sharedWithYou: ConnectionWithDetails[]
}

export type HomeSummaryParams = {
  authorId: string
  recentCount: number
  dueBy: string
  sharedSince: Date
}

// The statement's values: the instant as ISO text, since drizzle's postgres-js client passes
// timestamps' values through as they are.
type HomeSummaryValues = Omit<HomeSummaryParams, 'sharedSince'> & { sharedSince: string }

const homeSummaryStatement = statementCache<(values: HomeSummaryValues) => Promise<JsonAnswer>>()

const reviveConnectionDates = jsonDateReviver(connectionShape)

const utf8Text = new TextDecoder()

/**
 * What Home shows of the author's connections: how many there are, the `recentCount` newest (with
 * what their details dialog shows), the open follow-ups due on or before `dueBy`, earliest first,
 * and the `recentCount` people who last sent their details through the share page since `sharedSince`.
 * One statement, built once per database, whose JSON Postgres writes: one round trip instead of four.
 */
export async function getHomeSummary(
  db: Database,
  params: HomeSummaryParams,
): Promise<HomeSummary> {
  const summary = JSON.parse(
    utf8Text.decode((await getHomeSummaryJson(db, params)).json),
  ) as HomeSummary
  for (const connection of [...summary.recentConnections, ...summary.sharedWithYou]) {
    reviveConnectionDates(connection)
  }
  return summary
}

/**
 * getHomeSummary's answer as the JSON text Postgres writes, its dates as ISO strings, with their
 * paths ('recentConnections.0.createdAt,...').
 */
export function getHomeSummaryJson(
  db: Database,
  { sharedSince, ...values }: HomeSummaryParams,
): Promise<JsonAnswer> {
  const statement = homeSummaryStatement(db, 'home_summary_json', () =>
    jsonAnswerStatement<HomeSummaryValues>(db, 'home_summary_json', homeSummaryQuery(db)),
  )
  return statement({ ...values, sharedSince: sharedSince.toISOString() })
}

const authorId = sql.placeholder('authorId')
const recentCount = sql.placeholder('recentCount')

/**
 * One row: `json`, the JSON array of the connections whose ids `ids` selects, in `order`, and
 * `dates`, the paths of its dates under `key` ('recentConnections.0.createdAt,...'). The ids come
 * first from the author's index, so only they are joined (joined first, Postgres hashed all of the
 * author's people, by a sequential scan, to keep 3).
 */
function connectionsJson(db: Database, ids: SQLWrapper, order: SQL, key: string) {
  const rows = db
    .select({
      row: connectionJson().as('row'),
      dates: connectionDates().as('dates'),
      n: sql<number>`row_number() over (order by ${order})`.as('n'),
    })
    .from(connections)
    .innerJoin(people, eq(people.id, connections.personId))
    .leftJoin(events, eq(events.id, connections.eventId))
    .where(sql`${connections.id} in (${ids})`)
    .as(`${key}_rows`)
  return db
    .select({
      json: sql<string>`coalesce(json_agg(${rows.row} order by ${rows.n}), '[]')`.as(`${key}_json`),
      dates: arrayDatePaths(rows, `${key}.`).as(`${key}_dates`),
    })
    .from(rows)
    .as(key)
}

function homeSummaryQuery(db: Database) {
  const newest = db
    .select({ id: connections.id })
    .from(connections)
    .where(eq(connections.authorId, authorId))
    .orderBy(desc(connections.createdAt), desc(connections.id))
    .limit(recentCount)
  const lastShared = db
    .select({ id: connections.id })
    .from(connections)
    .where(
      and(
        eq(connections.authorId, authorId),
        gte(connections.sharedAt, sql.placeholder('sharedSince')),
      ),
    )
    .orderBy(desc(connections.sharedAt), desc(connections.id))
    .limit(recentCount)
  const followUpsDue = db
    .select({
      json: jsonArrayText(
        jsonObject({
          id: connections.id,
          followUpOn: connections.followUpOn,
          person: jsonObject({ firstName: people.firstName, lastName: people.lastName }),
        }),
        sql`${connections.followUpOn} asc, ${connections.createdAt} asc, ${connections.id} asc`,
      ),
    })
    .from(connections)
    .innerJoin(people, eq(people.id, connections.personId))
    .where(
      and(
        eq(connections.authorId, authorId),
        hasOpenFollowUp,
        lte(connections.followUpOn, sql.placeholder('dueBy')),
      ),
    )
  const total = db
    .select({ count: count() })
    .from(connections)
    .where(eq(connections.authorId, authorId))
  const recent = connectionsJson(
    db,
    newest,
    sql`${connections.createdAt} desc, ${connections.id} desc`,
    'recentConnections',
  )
  const shared = connectionsJson(
    db,
    lastShared,
    sql`${connections.sharedAt} desc, ${connections.id} desc`,
    'sharedWithYou',
  )
  return db
    .select({
      json: sql<string>`json_build_object(
        'totalConnections', (${total}),
        'recentConnections', ${recent.json},
        'followUpsDue', (${followUpsDue})::json,
        'sharedWithYou', ${shared.json}
      )::text`,
      dates: sql<string | null>`nullif(concat_ws(',', ${recent.dates}, ${shared.dates}), '')`,
    })
    .from(recent)
    .crossJoin(shared)
}
