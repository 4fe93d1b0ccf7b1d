import { and, count, desc, eq, gte, lte, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { Database } from '../client.ts'
import { connections, events, people } from '../schema/index.ts'
import {
  connectionJson,
  connectionShape,
  hasOpenFollowUp,
  type ConnectionWithDetails,
} from './connections.ts'
import {
  jsonArrayText,
  jsonBytesStatement,
  jsonDateReviver,
  jsonObject,
  statementCache,
} from './json-text.ts'

export type HomeSummary = {
  totalConnections: number
  recentConnections: ConnectionWithDetails[]
  followUpsDue: {
    id: string
    followUpOn: string
    person: { firstName: string; lastName: string; company: string | null }
  }[]
  sharedWithYou: ConnectionWithDetails[]
}

type HomeSummaryParams = {
  authorId: string
  recentCount: number
  dueBy: string
  sharedSince: Date
}

// The statement's values: the instant as ISO text, since drizzle's postgres-js client passes
// timestamps' values through as they are.
type HomeSummaryValues = Omit<HomeSummaryParams, 'sharedSince'> & { sharedSince: string }

const homeSummaryStatement =
  statementCache<(values: HomeSummaryValues) => Promise<Uint8Array<ArrayBuffer>>>()

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
  { sharedSince, ...values }: HomeSummaryParams,
): Promise<HomeSummary> {
  const statement = homeSummaryStatement(db, 'home_summary_json', () =>
    jsonBytesStatement<HomeSummaryValues>(db, 'home_summary_json', homeSummaryQuery(db)),
  )
  const summary = JSON.parse(
    utf8Text.decode(await statement({ ...values, sharedSince: sharedSince.toISOString() })),
  ) as HomeSummary
  for (const connection of [...summary.recentConnections, ...summary.sharedWithYou]) {
    reviveConnectionDates(connection)
  }
  return summary
}

const authorId = sql.placeholder('authorId')
const recentCount = sql.placeholder('recentCount')

/**
 * The JSON array of the connections whose ids `ids` selects, in `order`: the ids come first from
 * the author's index, so only they are joined (joined first, Postgres hashed all of the author's
 * people, by a sequential scan, to keep 3).
 */
function connectionsJson(db: Database, ids: SQLWrapper, order: SQL) {
  return db
    .select({ json: jsonArrayText(connectionJson(), order) })
    .from(connections)
    .innerJoin(people, eq(people.id, connections.personId))
    .leftJoin(events, eq(events.id, connections.eventId))
    .where(sql`${connections.id} in (${ids})`)
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
          person: jsonObject({
            firstName: people.firstName,
            lastName: people.lastName,
            company: people.company,
          }),
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
  const part = (query: SQLWrapper) => sql`(${query})::json`
  return db
    .select({
      json: sql<string>`json_build_object(
        'totalConnections', ${count()},
        'recentConnections', ${part(connectionsJson(db, newest, sql`${connections.createdAt} desc, ${connections.id} desc`))},
        'followUpsDue', ${part(followUpsDue)},
        'sharedWithYou', ${part(connectionsJson(db, lastShared, sql`${connections.sharedAt} desc, ${connections.id} desc`))}
      )::text`,
    })
    .from(connections)
    .where(eq(connections.authorId, authorId))
}
