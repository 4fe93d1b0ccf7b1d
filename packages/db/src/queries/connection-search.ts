import { and, desc, eq, or, sql, type Placeholder, type SQL } from 'drizzle-orm'
import type { Database } from '../client.ts'
import {
  CONNECTION_WORD_WEIGHTS,
  connections,
  events,
  people,
  PERSON_WORD_WEIGHTS,
} from '../schema/index.ts'
import {
  connectionColumns,
  connectionDates,
  connectionJson,
  eventSummaryColumns,
  filterConditions,
  type ConnectionFilters,
} from './connections.ts'
import {
  emptyJsonPage,
  jsonObject,
  jsonPageFields,
  jsonPageStatement,
  statementCache,
  type JsonPage,
} from './json-text.ts'
import { exactTimestamp, type Page, type PagePosition } from './paging.ts'
import { personColumns } from './people.ts'

/** Marks around the matched words in headlines: private-use characters that typed text never has. */
export const HIGHLIGHT_START = '\uE000'
export const HIGHLIGHT_END = '\uE001'

// pg_trgm word_similarity above which a search word counts as a misspelling of a name or company.
const TYPO_SIMILARITY = 0.5
// Misspellings are looked for only when the words themselves match fewer connections than this:
// a near miss is a fallback, and looking for one reads every connection of the author.
const ENOUGH_WORD_MATCHES = 10
const MAX_TERMS = 8
// Shorter words are matched whole: 'ai' should not find every word that starts with 'ai'.
const MIN_PREFIX_LENGTH = 3

export type ConnectionSearch = ConnectionFilters & {
  authorId: string
  query: string
  limit: number
  /** Only the results after this one, in the search's order. */
  after?: SearchPosition
}

/** A search result's place in the results: its rank, then the list's own order. */
export type SearchPosition = PagePosition & { rank: number }

export const HIGHLIGHTED_FIELDS = [
  'name',
  'company',
  'focus',
  'notes',
  'transcription',
  'event',
] as const
export type HighlightedField = (typeof HIGHLIGHTED_FIELDS)[number]

/** The query's distinct words, lower-cased letters and digits only, so they are safe in to_tsquery. */
export function searchTerms(query: string): string[] {
  return [...new Set(query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])].slice(0, MAX_TERMS)
}

const fullName = sql`${people.firstName} || ' ' || ${people.lastName}`

// Null for a connection without an event (left joined): coalesced, so the document is not null.
const eventDocument = sql`coalesce(${events.searchVector}, ''::tsvector)`

/** What to_tsquery takes for the word: a prefix (`word:*`), or the short word whole. */
const tsQueryText = (term: string) => (term.length >= MIN_PREFIX_LENGTH ? `${term}:*` : term)

/** A search word as the statement takes it: its to_tsquery text and, when long enough, the word. */
type TermPlaces = { query: Placeholder; word?: Placeholder }

/**
 * The search's tsqueries as the one row of a common table expression: any of the words, and each
 * word alone. Written inline, to_tsquery of a placeholder is parsed again for every row a
 * prepared statement's generic plan tests, ranks or highlights against it; read from here, once
 * per statement. Every select that reads them cross joins `table`.
 */
function searchQueries(db: Database, terms: TermPlaces[]) {
  const queries = terms.map((term) => sql`to_tsquery('english', ${term.query})`)
  const table = db.$with('search_query').as(
    db
      .select({
        any: sql<string>`${sql.join(queries, sql` || `)}`.as('any_word'),
        words: sql<string[]>`array[${sql.join(queries, sql`, `)}]`.as('words'),
      })
      .from(sql`(select 1) as one`),
  )
  return {
    table,
    any: sql`${table.any}`,
    words: terms.map((_term, i) => sql`${table.words}[${sql.raw(String(i + 1))}]`),
  }
}

/** How many of the words the documents contain (matched one by one: concatenating copies them). */
function wordsFound(documents: SQL[], words: SQL[]): SQL {
  return sql.join(
    words.map((word) => {
      const found = documents.map((document) => sql`${document} @@ ${word}`)
      return sql`(${sql.join(found, sql` or `)})::int`
    }),
    sql` + `,
  )
}

/** The best pg_trgm match of any search word against the name or the company, 0 to 1. */
function typoSimilarity(terms: TermPlaces[]): SQL<number> {
  const candidates = terms.flatMap(({ word }) =>
    word
      ? [
          sql`word_similarity(${word}, lower(${fullName}))`,
          sql`word_similarity(${word}, lower(coalesce(${people.company}, '')))`,
        ]
      : [],
  )
  return candidates.length > 0
    ? sql<number>`greatest(${sql.join(candidates, sql`, `)})`
    : sql<number>`0::real`
}

/** A text of this module's own (never user input) as an SQL literal: constant in every plan. */
const literal = (text: string) => sql.raw(`'${text}'`)

const markers = `StartSel=${HIGHLIGHT_START}, StopSel=${HIGHLIGHT_END}`
const shortHeadline = `${markers}, HighlightAll=true`
const snippetHeadline = `${markers}, MaxWords=20, MinWords=8, MaxFragments=2, FragmentDelimiter=" … "`

// Texts longer than this are shown as excerpts around the matched words.
const WHOLE_TEXT_MAX_LENGTH = 160

function headline(text: SQL, query: SQL): SQL<string> {
  return sql<string>`ts_headline('english', ${text}, ${query}, ${shortHeadline})`
}

function excerpt(text: SQL, query: SQL): SQL<string> {
  return sql<string>`case when length(${text}) <= ${WHOLE_TEXT_MAX_LENGTH}
    then ts_headline('english', ${text}, ${query}, ${shortHeadline})
    else '… ' || ts_headline('english', ${text}, ${query}, ${snippetHeadline}) || ' …' end`
}

/**
 * The author's connections that match the query anywhere: the person's name, company and email,
 * the focus, notes and voice-note transcription, and the event's title (full-text, any word, word
 * prefixes), or, when the words match fewer than ENOUGH_WORD_MATCHES, whose name or company is a
 * near miss of a word (typos). Best match first, with
 * each matching field's text and its matched words between HIGHLIGHT_START and HIGHLIGHT_END.
 */
export async function searchConnections(db: Database, search: ConnectionSearch) {
  const request = searchRequest(search)
  if (!request) return []
  const statement = searchStatement(db, request.name, () =>
    searchStatementOf(db, request.shape).prepare(request.name),
  )
  return statement.execute({ ...request.values, limit: search.limit })
}

/**
 * A search's statement name, shape and values. One statement per shape of search (which words are
 * prefixes, filters, cursor), built once: its SQL took the server longer to build than Postgres to
 * run for a small author. Undefined when the query has no words.
 */
function searchRequest(search: ConnectionSearch) {
  const terms = searchTerms(search.query)
  if (terms.length === 0) return undefined
  const { after, eventId, type, needsFollowUp } = search
  const shape: SearchShape = {
    prefixes: terms.map((term) => term.length >= MIN_PREFIX_LENGTH),
    eventId: Boolean(eventId),
    type: Boolean(type),
    needsFollowUp: Boolean(needsFollowUp),
    after: Boolean(after),
  }
  const name = [
    'connection_search',
    shape.prefixes.map((prefix) => (prefix ? 'p' : 'w')).join(''),
    eventId && 'event',
    type && 'type',
    needsFollowUp && 'follow_up',
    after && 'after',
  ]
    .filter(Boolean)
    .join('_')
  const values = {
    authorId: search.authorId,
    ...Object.fromEntries(
      terms.flatMap((term, i) => [
        [`query${i}`, tsQueryText(term)],
        [`word${i}`, term],
      ]),
    ),
    eventId,
    types: type ? [type] : undefined,
    afterRank: after?.rank,
    afterKey: after?.key,
    afterId: after?.id,
  }
  return { name, shape, values }
}

type SearchShape = {
  prefixes: boolean[]
  eventId: boolean
  type: boolean
  needsFollowUp: boolean
  after: boolean
}

const searchStatement =
  statementCache<ReturnType<ReturnType<typeof searchStatementOf>['prepare']>>()

/**
 * The ids and ranks of the best `limit` matches (after the cursor, when the shape has one), the
 * search's tsqueries (searchQueries), and the common table expressions the statement that turns
 * them into results must declare (`db.with(...ctes)`).
 */
function rankedMatches(db: Database, shape: SearchShape, limit: Placeholder) {
  const authorId = sql.placeholder('authorId')
  const terms: TermPlaces[] = shape.prefixes.map((prefix, i) => ({
    query: sql.placeholder(`query${i}`),
    word: prefix ? sql.placeholder(`word${i}`) : undefined,
  }))
  const filters = filterConditions({
    eventId: shape.eventId ? sql.placeholder('eventId') : undefined,
    types: shape.type ? sql.placeholder('types') : undefined,
    needsFollowUp: shape.needsFollowUp,
  })
  const search = searchQueries(db, terms)
  const query = search.any
  const typo = typoSimilarity(terms)
  const ofAuthor = eq(connections.authorId, authorId)
  // The owner is implied (connections_author_person_fk) but stated, so the planner reads the
  // author's people by index instead of hashing every person in the table.
  const ownPerson = and(eq(people.id, connections.personId), eq(people.ownerId, authorId))
  // Ranked from the connection's row alone: its own words and its person's and event's, copied
  // onto it by triggers (related_words).
  const documents = [sql`${connections.searchVector}`, sql`${connections.relatedWords}`]
  const isWordMatch = sql`(${sql.join(
    documents.map((document) => sql`${document} @@ ${query}`),
    sql` or `,
  )})`
  const enoughWordMatches = db
    .select({ id: connections.id })
    .from(connections)
    .crossJoin(search.table)
    .where(and(ofAuthor, filters, isWordMatch))
    .limit(ENOUGH_WORD_MATCHES)
  // Computed once for the statement, though both branches below ask: only one of them runs, and
  // no similarity is computed unless the words found too few.
  const typoCheck = db.$with('typo_check').as(
    db
      .select({
        looksForTypos: sql<boolean>`count(*) < ${ENOUGH_WORD_MATCHES}`.as('looks_for_typos'),
      })
      .from(enoughWordMatches.as('enough_word_matches')),
  )
  const looksForTypos = sql`(select ${typoCheck.looksForTypos} from ${typoCheck})`
  const isNearMiss = sql`${typo} >= ${TYPO_SIMILARITY}`
  // More of the words first; among equals, where they are (name > company, focus, event > notes >
  // transcription); a near-miss name or company counts a little.
  // In double precision, which a JS number holds exactly, so a page's last rank compares equal.
  const wordRank = sql`${wordsFound(documents, search.words)}
    + ts_rank(${sql.join(documents, sql` || `)}, ${query})`
  const byWords = db
    .select({
      id: connections.id,
      createdAt: connections.createdAt,
      rank: sql<number>`(${wordRank})::float8`.as('rank'),
    })
    .from(connections)
    .crossJoin(search.table)
    .where(and(sql`not ${looksForTypos}`, ofAuthor, filters, isWordMatch))
  // The near misses need every connection of the author read with its person's name and company;
  // this branch runs only when the words found too few.
  const withTypos = db
    .select({
      id: connections.id,
      createdAt: connections.createdAt,
      rank: sql<number>`(${wordRank} + case when ${isNearMiss} then ${typo} * 0.1 else 0 end)::float8`.as(
        'rank',
      ),
    })
    .from(connections)
    .innerJoin(people, ownPerson)
    .crossJoin(search.table)
    .where(and(looksForTypos, ofAuthor, filters, or(isWordMatch, isNearMiss)))
  const matches = byWords.unionAll(withTypos).as('matches')
  const ranked = db
    .select({ id: matches.id, rank: matches.rank })
    .from(matches)
    .where(
      shape.after
        ? sql`(${matches.rank}, ${matches.createdAt}, ${matches.id})
          < (${sql.placeholder('afterRank')}::float8, ${sql.placeholder('afterKey')}::timestamptz, ${sql.placeholder('afterId')}::uuid)`
        : undefined,
    )
    .orderBy(desc(matches.rank), desc(matches.createdAt), desc(matches.id))
    .limit(limit)
    .as('ranked')
  return { ranked, search, ctes: [search.table, typoCheck] }
}

/** The vector's words of one weight: one text's words, where a vector holds several texts. */
const wordsWeighted = (vector: SQL, weight: string) =>
  sql`ts_filter(${vector}, ${literal(`{${weight}}`)})`

/**
 * Each highlighted field's text, its matched words between HIGHLIGHT_START and HIGHLIGHT_END; null
 * where the field's words in the stored vectors show none of them match (ts_headline parses the
 * whole text, and most fields of a result do not match).
 */
function headlinesOf(query: SQL): Record<HighlightedField, SQL<string | null>> {
  const where = (words: SQL, text: SQL<string>) =>
    sql<string | null>`case when ${words} @@ ${query} then ${text} end`
  const person = (weight: string, text: SQL<string>) =>
    where(wordsWeighted(sql`${people.searchVector}`, weight), text)
  const connection = (weight: string, text: SQL<string>) =>
    where(wordsWeighted(sql`${connections.searchVector}`, weight), text)
  return {
    name: person(PERSON_WORD_WEIGHTS.name, headline(fullName, query)),
    company: person(PERSON_WORD_WEIGHTS.company, headline(sql`${people.company}`, query)),
    focus: connection(
      CONNECTION_WORD_WEIGHTS.focus,
      excerpt(sql`${connections.connectionFocus}`, query),
    ),
    notes: connection(CONNECTION_WORD_WEIGHTS.notes, excerpt(sql`${connections.notes}`, query)),
    transcription: connection(
      CONNECTION_WORD_WEIGHTS.transcription,
      excerpt(sql`${connections.voiceNoteTranscription}`, query),
    ),
    event: where(eventDocument, headline(sql`${events.title}`, query)),
  }
}

const bestFirst = (ranked: { rank: unknown }) =>
  sql`${ranked.rank} desc, ${connections.createdAt} desc, ${connections.id} desc`

function searchStatementOf(db: Database, shape: SearchShape) {
  const { ranked, search, ctes } = rankedMatches(db, shape, sql.placeholder('limit'))
  return db
    .with(...ctes)
    .select({
      ...connectionColumns,
      person: personColumns,
      event: eventSummaryColumns,
      rank: ranked.rank,
      pageKey: exactTimestamp(connections.createdAt),
      headlines: headlinesOf(search.any),
    })
    .from(ranked)
    .innerJoin(connections, eq(connections.id, ranked.id))
    .innerJoin(people, eq(people.id, connections.personId))
    .leftJoin(events, eq(events.id, connections.eventId))
    .crossJoin(search.table)
    .orderBy(bestFirst(ranked))
}

/** A page of searchConnections' results (`limit` of them), and where the next page starts. */
export async function searchConnectionsPage(db: Database, search: ConnectionSearch) {
  const rows = await searchConnections(db, { ...search, limit: search.limit + 1 })
  const items = rows.slice(0, search.limit).map(({ pageKey: _pageKey, ...item }) => item)
  const last = rows[search.limit - 1]
  const next: SearchPosition | null =
    rows.length > search.limit && last ? { rank: last.rank, key: last.pageKey, id: last.id } : null
  return { items, next } satisfies Page<(typeof items)[number], SearchPosition>
}

/**
 * A headline's text as the JSON array of its runs, `{text, isMatch}`, the marked words apart: what
 * the API's toSegments makes of it. Null when the headline is.
 */
function segmentsJson(headline: SQL<string | null>): SQL {
  // Each marker ends a run and starts the next in the headline's JSON string, so its escapes are
  // JSON's own: a start marker ends an unmarked run, an end marker a marked one. Empty runs are
  // dropped. A quote in the text is escaped, so the runs' own quotes cannot be mistaken for it.
  const endRun = (isMatch: boolean) => `","isMatch":${isMatch}},{"text":"`
  const runs = sql`replace(replace(to_json(${headline})::text,
    ${literal(HIGHLIGHT_START)}, ${literal(endRun(false))}),
    ${literal(HIGHLIGHT_END)}, ${literal(endRun(true))})`
  const empty = '{"text":"","isMatch":false}'
  return sql`replace(replace('[{"text":' || ${runs} || ',"isMatch":false}]',
    ${literal(`${empty},`)}, ''), ${literal(`,${empty}`)}, '')::json`
}

/** The fields whose text matched, each as its runs: the API's highlights, as JSON. */
function highlightsJson(query: SQL): SQL {
  const fields = Object.entries(headlinesOf(query)).map(
    ([field, text]) => sql`${literal(field)}, ${segmentsJson(text)}`,
  )
  return sql`json_strip_nulls(json_build_object(${sql.join(fields, sql`, `)}))`
}

const searchPageStatement =
  statementCache<(values: Record<string, unknown>) => Promise<JsonPage<SearchPosition>>>()

/**
 * What searchConnectionsPage returns, as the API answers it, written by Postgres as UTF-8 JSON
 * text: each result's connection, rank and highlights (json-text.ts).
 */
export async function searchConnectionsPageJson(
  db: Database,
  search: ConnectionSearch,
): Promise<JsonPage<SearchPosition>> {
  const request = searchRequest(search)
  if (!request) return emptyJsonPage()
  const name = `${request.name}_json`
  const statement = searchPageStatement(db, name, () => {
    const { ranked, search, ctes } = rankedMatches(
      db,
      request.shape,
      sql.placeholder('limitAndOne'),
    )
    const rank = sql`${ranked.rank}`
    const rows = db
      .select({
        row: connectionJson({ rank, highlights: highlightsJson(search.any) }).as('row'),
        dates: connectionDates().as('dates'),
        position: jsonObject({
          rank,
          key: exactTimestamp(connections.createdAt),
          id: connections.id,
        }).as('position'),
        n: sql<number>`row_number() over (order by ${bestFirst(ranked)})`.as('n'),
      })
      .from(ranked)
      .innerJoin(connections, eq(connections.id, ranked.id))
      .innerJoin(people, eq(people.id, connections.personId))
      .leftJoin(events, eq(events.id, connections.eventId))
      .crossJoin(search.table)
      .as('page')
    return jsonPageStatement<Record<string, unknown>, SearchPosition>(
      db,
      name,
      db
        .with(...ctes)
        .select(jsonPageFields(rows, sql.placeholder('limit')))
        .from(rows),
    )
  })
  return statement({ ...request.values, limit: search.limit, limitAndOne: search.limit + 1 })
}
